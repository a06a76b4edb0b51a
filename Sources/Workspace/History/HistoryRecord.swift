import Foundation

/// A request the browser sent and what came of it, as handed to ``HistoryStore/record(_:)``.
///
/// This is the input: the store masks its secrets, gives it an id and a last-used time, and
/// returns it as a ``HistoryEntry``. Give the values as sent and received; masking is the
/// store's job.
///
/// ```swift
/// let entry = try await history.record(HistoryRecord(
///     method: "GET", url: "https://api.example.com/users?page=2",
///     requestHeaders: [HeaderField(name: "Accept", value: "application/json")],
///     statusCode: 200, reasonPhrase: "OK", httpVersion: "HTTP/1.1",
///     responseHeaders: [HeaderField(name: "Content-Type", value: "application/json")],
///     totalTime: 0.042, body: responseBytes))
/// ```
public struct HistoryRecord: Sendable, Hashable {
    /// When the request was sent.
    public var date: Date
    /// The method, upper-case (`GET`, `POST`, …).
    public var method: String
    /// The URL as sent.
    public var url: String
    /// The request's header lines in order, repeated names kept apart.
    public var requestHeaders: [HeaderField]
    /// The request body as sent; nil when there was none.
    public var requestBody: Data?
    /// The final response's status code; nil when no response came (see ``errorMessage``).
    public var statusCode: Int?
    /// The final response's reason phrase (`OK`, `Not Found`), if any.
    public var reasonPhrase: String?
    /// The final response's HTTP version (`HTTP/1.1`, `HTTP/2`), if known.
    public var httpVersion: String?
    /// The final response's header lines in order.
    public var responseHeaders: [HeaderField]
    /// The redirects followed before the final response, in order.
    public var redirects: [HistoryRedirect]
    /// The URL of the final response when redirects changed it; nil otherwise.
    public var finalURL: String?
    /// Seconds from sending to the first response byte, if measured.
    public var timeToFirstByte: Double?
    /// Seconds from sending to the end of the response (or the failure).
    public var totalTime: Double
    /// Bytes on the wire for the body (`Content-Length`, or the compressed size), if known.
    public var wireSize: Int?
    /// The decoded response body; nil when there was none (a failure, or a `HEAD`).
    public var body: Data?
    /// The decoded body's size in bytes. Defaults to the size of ``body``; give it when the
    /// body is left out on purpose.
    public var bodySize: Int
    /// The response's media type (`application/json; charset=utf-8`). Defaults to the first
    /// `Content-Type` response header.
    public var contentType: String?
    /// Why the request failed without a response (connection refused, timeout…); nil when a
    /// response came.
    public var errorMessage: String?

    /// Creates a record; every outcome field is optional so a failure records as easily as a
    /// success.
    public init(
        date: Date = Date(),
        method: String,
        url: String,
        requestHeaders: [HeaderField] = [],
        requestBody: Data? = nil,
        statusCode: Int? = nil,
        reasonPhrase: String? = nil,
        httpVersion: String? = nil,
        responseHeaders: [HeaderField] = [],
        redirects: [HistoryRedirect] = [],
        finalURL: String? = nil,
        timeToFirstByte: Double? = nil,
        totalTime: Double = 0,
        wireSize: Int? = nil,
        body: Data? = nil,
        bodySize: Int? = nil,
        contentType: String? = nil,
        errorMessage: String? = nil
    ) {
        self.date = date
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.statusCode = statusCode
        self.reasonPhrase = reasonPhrase
        self.httpVersion = httpVersion
        self.responseHeaders = responseHeaders
        self.redirects = redirects
        self.finalURL = finalURL
        self.timeToFirstByte = timeToFirstByte
        self.totalTime = totalTime
        self.wireSize = wireSize
        self.body = body
        self.bodySize = bodySize ?? body?.count ?? 0
        self.contentType =
            contentType ?? responseHeaders.first { $0.name.lowercased() == "content-type" }?.value
        self.errorMessage = errorMessage
    }
}
