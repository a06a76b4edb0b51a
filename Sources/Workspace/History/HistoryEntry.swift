import Foundation

/// One recorded request and its outcome, as the history lists it.
///
/// An entry carries everything but the response body, so listing thousands stays fast: load
/// the body with ``HistoryStore/body(of:)`` when it is shown. The request body is included
/// (it is what a re-send needs).
///
/// Secrets are already masked: header values of `Authorization`, `Cookie`, `Set-Cookie`,
/// API-key headers and the like read `Bearer ••••••` or `session=••••••`, and secret query
/// parameters in the URLs read `token=••••••` (see `Safety.SecretMasker`). A re-send has to
/// supply those values again.
public struct HistoryEntry: Sendable, Hashable, Identifiable {
    /// The entry's id in its store: positive, never reused for a later entry of the same file.
    public var id: Int64
    /// When the request was sent.
    public var date: Date
    /// The method, upper-case (`GET`, `POST`, …).
    public var method: String
    /// The URL as sent, secrets masked.
    public var url: String
    /// The request's header lines in order, secret values masked.
    public var requestHeaders: [HeaderField]
    /// The request body as sent; nil when there was none or it was too big to keep (see
    /// ``requestBodyDropped``).
    public var requestBody: Data?
    /// The final response's status code; nil when no response came.
    public var statusCode: Int?
    /// The final response's reason phrase, if any.
    public var reasonPhrase: String?
    /// The final response's HTTP version, if known.
    public var httpVersion: String?
    /// The final response's header lines in order, secret values masked.
    public var responseHeaders: [HeaderField]
    /// The redirects followed before the final response, in order, URLs masked.
    public var redirects: [HistoryRedirect]
    /// The final response's URL when redirects changed it, masked; nil otherwise.
    public var finalURL: String?
    /// Seconds from sending to the first response byte, if measured.
    public var timeToFirstByte: Double?
    /// Seconds from sending to the end of the response (or the failure).
    public var totalTime: Double
    /// Bytes on the wire for the body, if known.
    public var wireSize: Int?
    /// The decoded response body's size in bytes, whether or not the body was kept.
    public var bodySize: Int
    /// The response's media type, if known.
    public var contentType: String?
    /// Why the request failed without a response; nil when a response came.
    public var errorMessage: String?
    /// When the entry was recorded or last marked used (``HistoryStore/markUsed(id:)``): the
    /// least recently used entries are the first to go when the history is full.
    public var lastUsed: Date
    /// True when ``HistoryStore/body(of:)`` has the response body; false when there was none
    /// or it was dropped.
    public var hasStoredBody: Bool
    /// True when the response body was not kept because it was bigger than the store's
    /// ``HistoryStore/maximumBodyBytes`` (with the request body); ``bodySize`` still says how
    /// big it was.
    public var bodyDropped: Bool
    /// True when the request body was not kept because it alone was bigger than the store's
    /// ``HistoryStore/maximumBodyBytes``.
    public var requestBodyDropped: Bool

    /// Creates an entry. Stores make entries; this is for tests and previews.
    public init(
        id: Int64, date: Date, method: String, url: String, requestHeaders: [HeaderField] = [],
        requestBody: Data? = nil, statusCode: Int? = nil, reasonPhrase: String? = nil, httpVersion: String? = nil,
        responseHeaders: [HeaderField] = [], redirects: [HistoryRedirect] = [], finalURL: String? = nil,
        timeToFirstByte: Double? = nil, totalTime: Double = 0, wireSize: Int? = nil, bodySize: Int = 0,
        contentType: String? = nil, errorMessage: String? = nil, lastUsed: Date? = nil, hasStoredBody: Bool = false,
        bodyDropped: Bool = false, requestBodyDropped: Bool = false
    ) {
        self.id = id
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
        self.bodySize = bodySize
        self.contentType = contentType
        self.errorMessage = errorMessage
        self.lastUsed = lastUsed ?? date
        self.hasStoredBody = hasStoredBody
        self.bodyDropped = bodyDropped
        self.requestBodyDropped = requestBodyDropped
    }

    /// The outcome in a few words: `200 OK`, `404` (no reason phrase), the error message for
    /// a failure, or an empty string when neither is known. The history's filter matches this
    /// text.
    public var statusText: String {
        if let statusCode {
            guard let reasonPhrase, !reasonPhrase.isEmpty else { return String(statusCode) }
            return "\(statusCode) \(reasonPhrase)"
        }
        return errorMessage ?? ""
    }

    /// The request as a form can show and re-send it: method, URL and headers as stored (secret
    /// values masked), the body as UTF-8 text (invalid bytes replaced), and its kind from the
    /// `Content-Type` request header (`json`, `form`, `text`, else nil).
    public var requestDefinition: RequestDefinition {
        let contentType = requestHeaders.last { $0.name.lowercased() == "content-type" }?.value.lowercased() ?? ""
        let kind: RequestBodyKind?
        if contentType.contains("json") {
            kind = .json
        } else if contentType.contains("x-www-form-urlencoded") {
            kind = .form
        } else if contentType.hasPrefix("text/") {
            kind = .text
        } else {
            kind = nil
        }
        return RequestDefinition(
            method: method, url: url, headers: requestHeaders,
            body: requestBody.map { String(decoding: $0, as: UTF8.self) }, bodyKind: requestBody == nil ? nil : kind)
    }
}
