/// A request as a person writes it: method, URL, headers and body text, any of which may hold
/// `{{variables}}`. Saved requests, curl commands and history entries all turn into one, and the
/// browser's forms are filled from one.
public struct RequestDefinition: Sendable, Hashable {
    /// The method, upper-case (`GET`, `POST`, …).
    public var method: String
    /// The URL text as written (absolute, or a path under the service).
    public var url: String
    /// Header lines in order; repeated names kept apart.
    public var headers: [HeaderField]
    /// The body text, sent as written; nil when the request has none.
    public var body: String?
    /// How the body is meant; nil when there is no body or it is not known.
    public var bodyKind: RequestBodyKind?

    /// Creates a definition.
    public init(
        method: String, url: String, headers: [HeaderField] = [], body: String? = nil,
        bodyKind: RequestBodyKind? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.bodyKind = bodyKind
    }
}
