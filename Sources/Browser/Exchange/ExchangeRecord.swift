import Foundation

/// One request the browser sent and what came back, as HTTP had it: the status line, every
/// header in order, the redirects on the way, the timing and the sizes.
///
/// Header values are kept as received; everything that draws them masks secrets
/// (``Safety/SecretMasker``) and sanitises the text.
public struct ExchangeRecord: Sendable {
    /// One redirect on the way: the URL that answered and its status.
    public struct Redirect: Sendable, Hashable {
        /// The URL that answered with a redirect.
        public var url: String
        /// Its status, e.g. 302.
        public var statusCode: Int
        /// Its header fields, in order (`Location`, `Set-Cookie`…).
        public var headers: [HeaderLine]

        /// Creates a redirect.
        public init(url: String, statusCode: Int, headers: [HeaderLine] = []) {
            self.url = url
            self.statusCode = statusCode
            self.headers = headers
        }
    }

    /// One header field as received.
    public struct HeaderLine: Sendable, Hashable {
        /// The name as sent.
        public var name: String
        /// The value as sent.
        public var value: String

        /// Creates a header line.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// When the exchange ended (seconds since 1970).
    public var date: Double
    /// The method sent, upper-case.
    public var method: String
    /// The URL asked for.
    public var url: String
    /// The request's header fields as sent.
    public var requestHeaders: [(String, String)]
    /// The request body's size in bytes.
    public var requestBodySize: Int
    /// The request body as sent, when it was small enough to keep (history stores it).
    public var requestBody: Data?
    /// The status code; nil when no response arrived.
    public var statusCode: Int?
    /// The reason phrase (`OK`).
    public var reasonPhrase: String
    /// The protocol (`HTTP/1.1`).
    public var httpVersion: String
    /// The response's header fields in the order received; repeated names kept apart.
    public var headers: [(String, String)]
    /// The redirects that led to the response, first to last.
    public var redirects: [Redirect]
    /// The URL that answered last (after redirects).
    public var finalURL: String
    /// Seconds from sending to the response head; nil when none arrived.
    public var timeToFirstByte: Double?
    /// Seconds from sending to the end.
    public var totalTime: Double
    /// Bytes of body on the wire, from `Content-Length` (compressed size when compressed); nil
    /// when the server did not say.
    public var wireSize: Int?
    /// Bytes of body after decoding.
    public var decodedSize: Int
    /// Why no response arrived; nil when one did.
    public var failure: String?

    /// Creates a record.
    public init(
        date: Double, method: String, url: String, requestHeaders: [(String, String)] = [],
        requestBodySize: Int = 0, statusCode: Int?, reasonPhrase: String = "", httpVersion: String = "HTTP/1.1",
        headers: [(String, String)] = [], redirects: [Redirect] = [], finalURL: String? = nil,
        timeToFirstByte: Double? = nil, totalTime: Double = 0, wireSize: Int? = nil, decodedSize: Int = 0,
        failure: String? = nil
    ) {
        self.date = date
        self.method = method
        self.url = url
        self.requestHeaders = requestHeaders
        self.requestBodySize = requestBodySize
        self.statusCode = statusCode
        self.reasonPhrase = reasonPhrase
        self.httpVersion = httpVersion
        self.headers = headers
        self.redirects = redirects
        self.finalURL = finalURL ?? url
        self.timeToFirstByte = timeToFirstByte
        self.totalTime = totalTime
        self.wireSize = wireSize
        self.decodedSize = decodedSize
        self.failure = failure
    }

    /// The ``failure`` of an exchange that was cancelled.
    public static let cancelledFailure = "cancelled"

    /// True when the exchange got no response because it was cancelled.
    public var wasCancelled: Bool { statusCode == nil && failure == Self.cancelledFailure }

    /// The status line (`HTTP/1.1 200 OK`), or the failure.
    public var statusLine: String {
        guard let statusCode else { return "no response: " + (failure ?? "unknown failure") }
        return "\(httpVersion) \(statusCode)" + (reasonPhrase.isEmpty ? "" : " \(reasonPhrase)")
    }

    /// Timing in one line: `TTFB 12 ms · total 15 ms`.
    public var timingSummary: String {
        var parts: [String] = []
        if let timeToFirstByte { parts.append("TTFB " + Format.milliseconds(timeToFirstByte)) }
        parts.append("total " + Format.milliseconds(totalTime))
        return parts.joined(separator: " · ")
    }
}
