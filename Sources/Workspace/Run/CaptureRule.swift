/// One value a request takes from its answer into a variable for later requests:
/// `token: $.token`, `etag: header ETag`, `session: cookie session`, `code: status`,
/// `id: regex "id=(\d+)"`. The query is kept as written; ``RunQuery/parse(_:)`` reads it.
public struct CaptureRule: Sendable, Hashable {
    /// The variable name (letters, digits, `_`, `-`, `.`).
    public var name: String
    /// The query text, as written.
    public var query: String

    /// Creates a capture.
    public init(name: String, query: String) {
        self.name = name
        self.query = query
    }
}
