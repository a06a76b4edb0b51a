/// How an assertion compares the query's value with the expected one.
public enum RunPredicate: String, Sendable, Hashable, CaseIterable {
    /// Equal: numbers by value (`1 == 1.0`), strings exactly, arrays in order, objects by members.
    case equal = "=="
    /// Not equal.
    case notEqual = "!="
    /// Less than (numbers; strings by Unicode scalars).
    case less = "<"
    /// Less than or equal.
    case lessOrEqual = "<="
    /// Greater than.
    case greater = ">"
    /// Greater than or equal.
    case greaterOrEqual = ">="
    /// A string holds the text, or an array holds an equal element.
    case contains
    /// A string starts with the text.
    case startsWith
    /// A string ends with the text.
    case endsWith
    /// A string matches the regular expression (anywhere in it).
    case matches
    /// The query selects something (a header is present, a path has a value).
    case exists
    /// An empty string, array or object, or a path that selects nothing.
    case isEmpty

    /// True when the predicate takes a value after it.
    public var takesValue: Bool { self != .exists && self != .isEmpty }
}
