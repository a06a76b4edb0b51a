import Foundation

/// One HTTP exchange as it was recorded: the request that was sent, the redirects on the way,
/// and the final response or the failure, with its timing and sizes.
///
/// This is the one model of a recorded exchange. The browser's transport makes one per
/// request; the history stores it (``HistoryStore/record(_:)`` gives back a ``HistoryEntry``
/// holding the stored, masked copy) and the HAR export writes it
/// (``HAREntry/entries(of:requestBodyLeftOut:responseBodyLeftOut:)`` gives the HAR entries of
/// one exchange, a redirect hop's own entry before the final response's).
///
/// Give the values as sent and received, secrets included: masking is the job of what stores,
/// writes or draws them (``HistoryStore``, ``HARLog``, and `Safety.SecretMasker` for what is
/// shown). Every outcome field is optional or has a default, so a failure records as easily as
/// a success.
///
/// ```swift
/// let exchange = Exchange(
///     date: sentAt, method: "GET", url: "https://api.example.com/users?page=2",
///     requestHeaders: [HeaderField(name: "Accept", value: "application/json")],
///     statusCode: 200, reasonPhrase: "OK", httpVersion: "HTTP/1.1",
///     responseHeaders: [HeaderField(name: "Content-Type", value: "application/json")],
///     totalTime: 0.042, body: responseBytes)
/// let entry = try await history.record(exchange)
/// ```
public struct Exchange: Sendable, Hashable {
    /// When the request was sent (its start, not its end: the end is ``date`` plus
    /// ``totalTime``).
    public var date: Date
    /// The method, upper-case (`GET`, `POST`, …).
    public var method: String
    /// The URL asked for, as sent.
    public var url: String
    /// The request's header fields in the order sent, repeated names kept apart.
    public var requestHeaders: [HeaderField]
    /// The request body as sent; nil when there was none, or when it was not kept (then
    /// ``requestBodySize`` still says how big it was).
    public var requestBody: Data?
    /// The request body's size in bytes. Defaults to the size of ``requestBody``; give it when
    /// the body is not kept (too large, or streamed from a file).
    public var requestBodySize: Int
    /// The final response's status code; nil when no response came (see ``errorMessage``).
    public var statusCode: Int?
    /// The final response's reason phrase (`OK`, `Not Found`); nil when there was no response
    /// or it is not known, and may be empty (HTTP/2 has none).
    public var reasonPhrase: String?
    /// The final response's protocol (`HTTP/1.1`, `HTTP/2`); nil when there was no response or
    /// it is not known.
    public var httpVersion: String?
    /// The final response's header fields in the order received, repeated names kept apart.
    public var responseHeaders: [HeaderField]
    /// The redirects followed before the final response, first to last.
    public var redirects: [RedirectHop]
    /// The URL of the final response, when known (it differs from ``url`` after redirects);
    /// nil when not given. ``respondingURL`` reads either.
    public var finalURL: String?
    /// Seconds from sending to the first byte of the response head; nil when none arrived or it
    /// was not measured.
    public var timeToFirstByte: Double?
    /// Seconds from sending to the end of the response (or to the failure).
    public var totalTime: Double
    /// Bytes of response body on the wire, from `Content-Length` (the compressed size when the
    /// body was compressed); nil when the server did not say.
    public var wireSize: Int?
    /// The response body after any `Content-Encoding` was undone; nil when there was none (a
    /// failure, a `HEAD`) or when it was not kept (then ``bodySize`` still says how big it was).
    public var body: Data?
    /// The decoded response body's size in bytes. Defaults to the size of ``body``; give it when
    /// the body is left out on purpose.
    public var bodySize: Int
    /// The response's media type (`application/json; charset=utf-8`). Defaults to the first
    /// `Content-Type` response header; nil when there is none.
    public var contentType: String?
    /// Why no response came (connection refused, a timeout, ``cancelledFailure``…); nil when
    /// one did.
    public var errorMessage: String?

    /// Creates an exchange. Only the method and URL are required: a failure gives an
    /// ``errorMessage`` and no status, a success its status, headers and body.
    ///
    /// `requestBodySize` defaults to the size of `requestBody` (0 without one), `bodySize` to
    /// the size of `body` (0 without one), and `contentType` to the first `Content-Type` of
    /// `responseHeaders`.
    public init(
        date: Date = Date(),
        method: String,
        url: String,
        requestHeaders: [HeaderField] = [],
        requestBody: Data? = nil,
        requestBodySize: Int? = nil,
        statusCode: Int? = nil,
        reasonPhrase: String? = nil,
        httpVersion: String? = nil,
        responseHeaders: [HeaderField] = [],
        redirects: [RedirectHop] = [],
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
        self.requestBodySize = requestBodySize ?? requestBody?.count ?? 0
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

    /// The ``errorMessage`` of an exchange that was cancelled before a response came.
    public static let cancelledFailure = "cancelled"

    /// True when no response came because the exchange was cancelled.
    public var wasCancelled: Bool { statusCode == nil && errorMessage == Self.cancelledFailure }

    /// The URL that answered last: ``finalURL`` when known, else the URL asked for.
    public var respondingURL: String { finalURL ?? url }

    /// The status line (`HTTP/1.1 200 OK`; without the protocol or the reason phrase when they
    /// are not known), or `no response: ` and the ``errorMessage`` when no response came.
    public var statusLine: String {
        guard let statusCode else { return "no response: " + (errorMessage ?? "unknown failure") }
        return [httpVersion ?? "", String(statusCode), reasonPhrase ?? ""].filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// The timing in one line: `TTFB 12 ms · total 15 ms`, or `total 15 ms` when the time to
    /// the first byte is not known (see ``Format/milliseconds(_:)``).
    public var timingSummary: String {
        var parts: [String] = []
        if let timeToFirstByte { parts.append("TTFB " + Format.milliseconds(timeToFirstByte)) }
        parts.append("total " + Format.milliseconds(totalTime))
        return parts.joined(separator: " · ")
    }
}
