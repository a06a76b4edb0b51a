/// Why a text is not JSON, and where: 1-based line and column (columns count characters, not
/// bytes) and the byte offset.
///
/// ```swift
/// do { _ = try JSONDocument("{\n  \"a\": 1,\n}") } catch {
///     print(error)   // Invalid JSON at line 3, column 1: expected a string key but found "}"
/// }
/// ```
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column of the problem, in Unicode scalars from the start of the line.
    public var column: Int
    /// Byte offset of the problem from the start of the input.
    public var offset: Int
    /// What was expected or found, e.g. `expected ":" but found "1"`.
    public var reason: String

    /// Creates an error.
    public init(line: Int, column: Int, offset: Int, reason: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.reason = reason
    }

    /// "Invalid JSON at line L, column C: reason".
    public var description: String { "Invalid JSON at line \(line), column \(column): \(reason)" }
}
