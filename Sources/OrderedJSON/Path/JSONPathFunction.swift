/// The function extensions of RFC 9535 §2.4: their parameter and result types.
enum JSONPathFunction: String, Sendable, CaseIterable {
    /// `length(ValueType) -> ValueType`: characters of a string, elements of an array, members of
    /// an object; Nothing for anything else.
    case length
    /// `count(NodesType) -> ValueType`: how many nodes.
    case count
    /// `match(ValueType, ValueType) -> LogicalType`: the whole string matches the I-Regexp.
    case match
    /// `search(ValueType, ValueType) -> LogicalType`: some substring matches the I-Regexp.
    case search
    /// `value(NodesType) -> ValueType`: the value of the only node, else Nothing.
    case value

    /// The three types of the RFC's type system (§2.4.1).
    enum ValueKind: Sendable {
        /// ValueType: a JSON value or Nothing.
        case value
        /// LogicalType: LogicalTrue or LogicalFalse.
        case logical
        /// NodesType: a nodelist.
        case nodes
    }

    var parameters: [ValueKind] {
        switch self {
        case .length: [.value]
        case .count, .value: [.nodes]
        case .match, .search: [.value, .value]
        }
    }

    var result: ValueKind {
        switch self {
        case .length, .count, .value: .value
        case .match, .search: .logical
        }
    }
}
