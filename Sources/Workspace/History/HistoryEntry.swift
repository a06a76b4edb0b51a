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
@dynamicMemberLookup
public struct HistoryEntry: Sendable, Hashable, Identifiable {
    /// The entry's id in its store: positive, never reused for a later entry of the same file.
    public var id: Int64
    /// What was recorded, secrets masked, without the response body (its ``Exchange/body`` is
    /// nil; ``Exchange/bodySize`` still says how big it was) and without the redirect hops'
    /// headers, which the history does not keep. Its fields read as the entry's own:
    /// `entry.method`, `entry.statusCode`, ….
    public var exchange: Exchange
    /// When the entry was recorded or last marked used (``HistoryStore/markUsed(id:)``): the
    /// least recently used entries are the first to go when the history is full. An entry made
    /// without one takes the exchange's ``Exchange/date`` (when its request was sent).
    public var lastUsed: Date
    /// True when ``HistoryStore/body(of:)`` has the response body; false when there was none
    /// or it was dropped.
    public var hasStoredBody: Bool
    /// True when the response body was not kept because it was bigger than the store's
    /// ``HistoryStore/maximumBodyBytes`` (with the request body); the size still says how big
    /// it was.
    public var bodyDropped: Bool
    /// True when the request body was not kept because it alone was bigger than the store's
    /// ``HistoryStore/maximumBodyBytes``.
    public var requestBodyDropped: Bool

    /// Creates an entry from `exchange`, as given (not masked), dropping its response body.
    /// Stores make entries; this is for tests and previews.
    public init(
        id: Int64, exchange: Exchange, lastUsed: Date? = nil, hasStoredBody: Bool = false,
        bodyDropped: Bool = false, requestBodyDropped: Bool = false
    ) {
        self.id = id
        var exchange = exchange
        exchange.body = nil
        self.exchange = exchange
        self.lastUsed = lastUsed ?? exchange.date
        self.hasStoredBody = hasStoredBody
        self.bodyDropped = bodyDropped
        self.requestBodyDropped = requestBodyDropped
    }

    /// A field of the recorded exchange (`method`, `url`, `statusCode`, …).
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Exchange, Value>) -> Value {
        get { exchange[keyPath: keyPath] }
        set { exchange[keyPath: keyPath] = newValue }
    }

    /// The outcome in a few words: `200 OK`, `404` (no reason phrase), the error message for
    /// a failure, or an empty string when neither is known. The history's filter matches this
    /// text.
    public var statusText: String {
        if let statusCode = exchange.statusCode {
            guard let reasonPhrase = exchange.reasonPhrase, !reasonPhrase.isEmpty else { return String(statusCode) }
            return "\(statusCode) \(reasonPhrase)"
        }
        return exchange.errorMessage ?? ""
    }

    /// The request as a form can show and re-send it: method, URL and headers as stored (secret
    /// values masked), the body as UTF-8 text (invalid bytes replaced), and its kind from the
    /// `Content-Type` request header (`json`, `form`, `text`, else nil).
    public var requestDefinition: RequestDefinition {
        let contentType =
            exchange.requestHeaders.last { $0.name.lowercased() == "content-type" }?.value.lowercased() ?? ""
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
            method: exchange.method, url: exchange.url, headers: exchange.requestHeaders,
            body: exchange.requestBody.map { String(decoding: $0, as: UTF8.self) },
            bodyKind: exchange.requestBody == nil ? nil : kind)
    }
}
