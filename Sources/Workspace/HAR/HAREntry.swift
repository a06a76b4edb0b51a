import Foundation

/// One entry of a HAR file as ``HARLog`` writes it: one request and the one response it got, or
/// its failure.
///
/// Entries are derived from an ``Exchange`` by
/// ``entries(of:requestBodyLeftOut:responseBodyLeftOut:)``: each redirect hop on the way
/// becomes an entry of its own, before the final response's.
///
/// Values are as they were sent and received, secrets included: ``HARLog`` masks them while
/// writing. Bodies are the bytes after any `Content-Encoding` was undone.
public struct HAREntry: Sendable, Hashable {
    /// When the request started.
    public var startedDate: Date
    /// The request method (`GET`, `POST`, …).
    public var method: String
    /// The absolute URL that was requested.
    public var url: String
    /// The HTTP version of the request (`HTTP/1.1`).
    public var httpVersion: String
    /// The request header fields in the order they were sent.
    public var requestHeaders: [HeaderField]
    /// The request body, or nil when there was none.
    public var requestBody: Data?
    /// The media type of the request body; nil to take the request's `Content-Type` header.
    public var requestContentType: String?
    /// The request body that was sent but is not given (``requestBody`` is nil): its size and
    /// why, written in its place.
    public var requestBodyLeftOut: HARLeftOutBody?
    /// The response status code, or nil when no response came (the exchange failed).
    public var statusCode: Int?
    /// The reason phrase of the response's status line (`OK`), empty when there was none.
    public var reasonPhrase: String
    /// The HTTP version of the response (`HTTP/1.1`), empty when there was no response or it is
    /// not known.
    public var responseHttpVersion: String
    /// The response header fields in the order they were received. A `Set-Cookie` value may
    /// hold several cookies separated by line feeds.
    public var responseHeaders: [HeaderField]
    /// The response body, or nil when there was none.
    public var responseBody: Data?
    /// The media type of the response body; nil to take the response's `Content-Type` header.
    public var responseContentType: String?
    /// The response body that arrived but is not given (``responseBody`` is nil): its size and
    /// why, written in its place.
    public var responseBodyLeftOut: HARLeftOutBody?
    /// The target of a redirect response (its `Location`), or empty.
    public var redirectURL: String
    /// How long the whole exchange took, in seconds.
    public var totalTime: TimeInterval
    /// How long it took from the start until the first byte of the response, in seconds, when
    /// known.
    public var timeToFirstByte: TimeInterval?
    /// Why the exchange failed, when it did (no response, or a response cut short).
    public var errorMessage: String?

    /// Creates an entry from its parts. Outside this package, entries come from an exchange
    /// (``entries(of:requestBodyLeftOut:responseBodyLeftOut:)``); this is for the derivation and
    /// for tests of ``HARLog``.
    package init(
        startedDate: Date,
        method: String,
        url: String,
        httpVersion: String = "HTTP/1.1",
        requestHeaders: [HeaderField] = [],
        requestBody: Data? = nil,
        requestContentType: String? = nil,
        requestBodyLeftOut: HARLeftOutBody? = nil,
        statusCode: Int?,
        reasonPhrase: String = "",
        responseHttpVersion: String = "HTTP/1.1",
        responseHeaders: [HeaderField] = [],
        responseBody: Data? = nil,
        responseContentType: String? = nil,
        responseBodyLeftOut: HARLeftOutBody? = nil,
        redirectURL: String = "",
        totalTime: TimeInterval,
        timeToFirstByte: TimeInterval? = nil,
        errorMessage: String? = nil
    ) {
        self.startedDate = startedDate
        self.method = method
        self.url = url
        self.httpVersion = httpVersion
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.requestContentType = requestContentType
        self.requestBodyLeftOut = requestBodyLeftOut
        self.statusCode = statusCode
        self.reasonPhrase = reasonPhrase
        self.responseHttpVersion = responseHttpVersion
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.responseContentType = responseContentType
        self.responseBodyLeftOut = responseBodyLeftOut
        self.redirectURL = redirectURL
        self.totalTime = totalTime
        self.timeToFirstByte = timeToFirstByte
        self.errorMessage = errorMessage
    }
}
