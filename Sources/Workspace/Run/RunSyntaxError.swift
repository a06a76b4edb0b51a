/// Why an assertion or capture line could not be read: the column (1-based, in Unicode
/// scalars) and a sentence.
public struct RunSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the line, from 1.
    public var column: Int
    /// What is wrong, as a sentence without a final period.
    public var reason: String

    /// Creates an error.
    public init(column: Int, reason: String) {
        self.column = column
        self.reason = reason
    }

    /// `column 8: “=<” is not a comparison (==, !=, <, <=, >, >=, …)`.
    public var description: String { "column \(column): \(reason)" }
}
