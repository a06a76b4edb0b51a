/// The logical expression of a filter selector (RFC 9535 §2.3.5), well typed by construction:
/// the parser only builds what §2.4.3 allows.
indirect enum JSONPathExpression: Sendable {
    case or([JSONPathExpression])
    case and([JSONPathExpression])
    case not(JSONPathExpression)
    /// An existence test: true when the query selects at least one node.
    case exists(JSONPathQuery)
    case comparison(Comparable, ComparisonOperator, Comparable)
    /// A test of a function's result: LogicalType as it is, NodesType as "not empty".
    case test(JSONPathFunctionCall)

    /// One side of a comparison, or a function argument of ValueType.
    enum Comparable: Sendable {
        case literal(Literal)
        /// A singular query: the value of its node, or Nothing when it selects none.
        case query(JSONPathQuery)
        /// A function whose result is of ValueType.
        case function(JSONPathFunctionCall)
    }

    /// A literal value written in the expression.
    enum Literal: Sendable {
        case string(JSONPathQuery.Name)
        case number(JSONPathNumber)
        case `true`
        case `false`
        case null
    }

    /// `==`, `!=`, `<`, `<=`, `>`, `>=`.
    enum ComparisonOperator: String, Sendable {
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }
}
