/// A request a form asks to send: everything Siesta needs, already validated.
public struct RequestDraft: Sendable {
    /// HTTP method name (`POST`, `PUT`, `PATCH`, `DELETE`).
    public var method: String
    /// Absolute URL text, or a path relative to the resource the form opened on.
    public var url: String
    /// Extra headers for this request only.
    public var headers: [(String, String)]
    /// The body.
    public var body: RequestBody

    /// Creates a draft.
    public init(method: String, url: String, headers: [(String, String)], body: RequestBody) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
