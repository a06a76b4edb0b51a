/// The `Content-Type` values the server sends.
enum ContentType {
    /// JSON in UTF-8, used for every JSON body the server builds itself.
    static let json = "application/json; charset=utf-8"
    /// Plain UTF-8 text.
    static let text = "text/plain; charset=utf-8"
    /// Raw bytes, used by the download route.
    static let octetStream = "application/octet-stream"
    /// A Server-Sent Events stream.
    static let eventStream = "text/event-stream"
    /// Newline-delimited JSON: one JSON text per line.
    static let ndjson = "application/x-ndjson"
}
