import Foundation

/// What the browser shows of a `RequestError`.
public struct ErrorSnapshot {
    /// `userMessage` (never empty).
    public var userMessage: String
    /// `httpStatusCode`, when the server answered.
    public var httpStatusCode: Int?
    /// The error body (`entity`), when there is one.
    public var body: BodyContent?
    /// When the error happened (seconds since 1970).
    public var timestamp: TimeInterval
    /// What the body is, for the marker above it where latestData's pane shows it
    /// (`application/json · 26 B`, `compressed with br, which hammock cannot decode: shown as
    /// bytes`); empty when there is nothing to say.
    public var bodyDescription = ""

    /// Creates a snapshot.
    public init(userMessage: String, httpStatusCode: Int?, body: BodyContent?, timestamp: TimeInterval) {
        self.userMessage = userMessage
        self.httpStatusCode = httpStatusCode
        self.body = body
        self.timestamp = timestamp
    }
}
