/// How a request's body text is meant: it decides the default `Content-Type` and how the text
/// is checked before it is sent. JSON, text and form bodies are sent byte for byte as written; a
/// multipart body's text lists its parts, and a file body's text is the path of the file sent.
public enum RequestBodyKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// JSON (`application/json`), checked for syntax before sending.
    case json
    /// Plain text (`text/plain; charset=utf-8`).
    case text
    /// `key=value` pairs (`application/x-www-form-urlencoded`).
    case form
    /// `multipart/form-data`: one part a line in curl's `-F` syntax (`title=Holiday`,
    /// `photo=@/tmp/a.png;type=image/png`, `notes=<notes.txt`), read by
    /// ``MultipartPart/parts(inBody:)``; files are read when the request is sent.
    case multipart
    /// The bytes of one file, whose path is the body text (`~/` is the home folder), sent as
    /// they are (`application/octet-stream` unless a header says otherwise).
    case file
}
