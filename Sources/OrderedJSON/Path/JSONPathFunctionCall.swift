/// A call of a function extension with arguments checked against its parameter types.
struct JSONPathFunctionCall: Sendable {
    var function: JSONPathFunction
    var arguments: [Argument]

    /// An argument, in the form its parameter's type asks for.
    enum Argument: Sendable {
        case value(JSONPathExpression.Comparable)
        case logical(JSONPathExpression)
        case nodes(JSONPathQuery)
    }
}
