/// Why a text is not a JSONPath query (RFC 9535), and where.
///
/// `offset` is the UTF-8 byte offset into the expression where the problem was found; `column`
/// is the same place counted in characters (Unicode scalars) from 1, for showing under a text
/// field. Queries that are well formed but not well typed (RFC 9535 §2.4.3, for example
/// `$[?length(@.a)]` or `$[?@.* == 1]`) are syntax errors too: the RFC rejects them before any
/// document is seen.
///
/// ```swift
/// do { _ = try JSONPath("$.items[?@.price <]") } catch {
///     print(error.offset)   // 18
///     print(error)          // Invalid JSONPath at column 19: expected a literal, a query or a function after "<"
/// }
/// ```
public struct JSONPathSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Byte offset (UTF-8) into the expression where the problem is; the expression's length
    /// when it ends too early.
    public var offset: Int
    /// 1-based column of the problem, in Unicode scalars from the start of the expression.
    public var column: Int
    /// One sentence saying what was expected or found, e.g. `expected "]" but found ")"`.
    public var reason: String

    /// Creates an error.
    public init(offset: Int, column: Int, reason: String) {
        self.offset = offset
        self.column = column
        self.reason = reason
    }

    /// "Invalid JSONPath at column N: reason".
    public var description: String { "Invalid JSONPath at column \(column): \(reason)" }
}
