/// How a request's body text is meant: it decides the default `Content-Type` and how the text
/// is checked before it is sent. The text itself is always sent byte for byte as written.
public enum RequestBodyKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// JSON (`application/json`), checked for syntax before sending.
    case json
    /// Plain text (`text/plain; charset=utf-8`).
    case text
    /// `key=value` pairs (`application/x-www-form-urlencoded`).
    case form
}
