import Browser
import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import Siesta

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Watches every exchange of the browser's transport: it keeps the latest
/// ``ExchangeRecord`` per method and URL (for the response head view and the Events pane's
/// status codes) and hands each finished exchange, with its body, to ``onExchange`` (history).
///
/// Siesta's success hooks receive an `Entity`, which carries no status code; the Events pane
/// wants `onSuccess 201`. The browser's service sends through ``provider()``, and the status is
/// looked up when a hook fires. Only the latest exchange per (method, URL) is kept, so two
/// overlapping requests to the same URL may report each other's.
public final class ExchangeRecorder: HTTPExchangeMonitor {
    private struct Entry {
        var record: ExchangeRecord
        var responseCount: Int
    }

    private let entries = NIOLockedValueBox<[String: Entry]>([:])
    private let listener = NIOLockedValueBox<Listeners>(Listeners())

    /// The callbacks, kept in a struct of their own: a closure stored directly as a generic
    /// value is re-wrapped each time it is read back and written again.
    private struct Listeners {
        var exchange: (@Sendable (ExchangeRecord, Data?) -> Void)?
        var stream: (@Sendable (HTTPStream) -> Void)?
    }
    private let session = NIOLockedValueBox(SessionLog())

    /// Every exchange of the run, oldest first, for the HAR export: at most
    /// ``maximumSessionExchanges``, with bodies up to ``maximumSessionBodyBytes`` each while
    /// they fit ``sessionBodyBudget`` together (the oldest bodies are let go first, and each
    /// exchange says why its bodies are missing).
    private struct SessionLog {
        var exchanges: [SessionExchange] = []
        var first = 0
        var bodyBytes = 0
        var oldestBody = 0
    }

    /// The most exchanges the session log keeps.
    public static let maximumSessionExchanges = 10_000
    /// The largest response body the session log keeps.
    public static let maximumSessionBodyBytes = 1024 * 1024
    /// The most body bytes the session log keeps in all.
    public static let sessionBodyBudget = 64 * 1024 * 1024
    /// The largest request body a record keeps (for history and the session log).
    public static let maximumRequestBodyBytes = 1024 * 1024

    /// Why the session log holds no body larger than ``maximumSessionBodyBytes``.
    static let bodyTooLargeReason =
        "larger than the \(maximumSessionBodyBytes >> 20) MiB the session log keeps of one body"
    /// Why a record holds no request body larger than ``maximumRequestBodyBytes``.
    static let requestBodyTooLargeReason =
        "larger than the \(maximumRequestBodyBytes >> 20) MiB the session log keeps of one body"
    /// Why the session log let go of an older exchange's bodies.
    static let budgetReason = "let go to keep the session log's bodies within \(sessionBodyBudget >> 20) MiB"

    /// Creates a recorder with nothing recorded.
    public init() {}

    /// Called on any thread after each exchange, with its record and the response body (nil
    /// when there was none).
    public var onExchange: (@Sendable (ExchangeRecord, Data?) -> Void)? {
        get { listener.withLockedValue { $0.exchange } }
        set { listener.withLockedValue { $0.exchange = newValue } }
    }

    /// Receives responses that are streams (Server-Sent Events, long-lived NDJSON) on any thread;
    /// while it is nil, every body is read to its end.
    package var onStream: (@Sendable (HTTPStream) -> Void)? {
        get { listener.withLockedValue { $0.stream } }
        set { listener.withLockedValue { $0.stream = newValue } }
    }

    /// True once ``onStream`` is set.
    package var takesStreams: Bool { onStream != nil }

    /// Hands a stream to ``onStream``.
    package func streamOpened(_ stream: HTTPStream) {
        if let onStream { onStream(stream) } else { stream.cancel() }
    }

    /// Every exchange of the run kept so far, oldest first, with its bodies when kept and why
    /// when not.
    public func sessionExchanges() -> [SessionExchange] {
        session.withLockedValue { Array($0.exchanges[$0.first...]) }
    }

    private func keep(_ record: ExchangeRecord, body: Data?) {
        var entry = SessionExchange(record: record, body: body)
        if let body, body.count > Self.maximumSessionBodyBytes {
            entry.body = nil
            entry.bodyLeftOut = Self.bodyTooLargeReason
        }
        if record.requestBody == nil, record.requestBodySize > 0 {
            entry.requestBodyLeftOut = Self.requestBodyTooLargeReason
        }
        // Request and response bodies both count against the budget, and go together.
        func bytes(_ entry: SessionExchange) -> Int {
            (entry.body?.count ?? 0) + (entry.record.requestBody?.count ?? 0)
        }
        func dropBodies(_ log: inout SessionLog, at index: Int) {
            log.bodyBytes -= bytes(log.exchanges[index])
            if log.exchanges[index].body != nil {
                log.exchanges[index].body = nil
                log.exchanges[index].bodyLeftOut = Self.budgetReason
            }
            if log.exchanges[index].record.requestBody != nil {
                log.exchanges[index].record.requestBody = nil
                log.exchanges[index].requestBodyLeftOut = Self.budgetReason
            }
        }
        session.withLockedValue { log in
            log.exchanges.append(entry)
            log.bodyBytes += bytes(entry)
            if log.exchanges.count - log.first > Self.maximumSessionExchanges {
                dropBodies(&log, at: log.first)
                log.first += 1
            }
            log.oldestBody = max(log.oldestBody, log.first)
            while log.bodyBytes > Self.sessionBodyBudget, log.oldestBody < log.exchanges.count - 1 {
                dropBodies(&log, at: log.oldestBody)
                log.oldestBody += 1
            }
            if log.first > 4096 {
                log.exchanges.removeFirst(log.first)
                log.oldestBody -= log.first
                log.first = 0
            }
        }
    }

    /// A Siesta transport (the default AsyncHTTPClient one) that reports to this recorder.
    public func provider() -> any NetworkingProvider {
        provider(settings: HTTPClientSettings())
    }

    /// A Siesta transport with the given client settings (TLS, proxies, cookies) that reports to
    /// this recorder.
    package func provider(settings: HTTPClientSettings) -> any NetworkingProvider {
        AsyncHTTPClientProvider(settings: settings, monitor: self)
    }

    /// Records a finished exchange.
    package func exchangeFinished(_ exchange: HTTPExchange) {
        let record = Self.record(of: exchange)
        let key = Self.key(method: record.method, url: record.url)
        entries.withLockedValue { entries in
            let count = (entries[key]?.responseCount ?? 0) + (record.statusCode == nil ? 0 : 1)
            if record.statusCode != nil || entries[key] == nil {
                entries[key] = Entry(record: record, responseCount: count)
            } else {
                // A failure without a response keeps the last response's status for the hooks.
                entries[key]?.record = record
            }
        }
        var body: Data?
        if case .success(let response) = exchange.result { body = response.body }
        keep(record, body: body)
        // Read once: calling through the property with `?(` would write the closure back.
        let listener = onExchange
        listener?(record, body)
    }

    /// The latest exchange of `method` on `url`, if one finished.
    public func lastExchange(method: RequestMethod, url: String) -> ExchangeRecord? {
        entries.withLockedValue { $0[Self.key(method: method.rawValue.uppercased(), url: url)]?.record }
    }

    /// The status of the latest response to `method` on `url`, if one arrived.
    public func lastStatus(method: RequestMethod, url: String) -> Int? {
        lastExchange(method: method, url: url)?.statusCode
    }

    /// How many responses to `method` on `url` arrived so far: a count that did not change
    /// while a request ran means the request was answered without the network (from the cache).
    public func responseCount(method: RequestMethod, url: String) -> Int {
        entries.withLockedValue { $0[Self.key(method: method.rawValue.uppercased(), url: url)]?.responseCount ?? 0 }
    }

    private static func key(method: String, url: String) -> String { method.uppercased() + " " + url }

    /// The record of an exchange as the monitor sees it.
    static func record(of exchange: HTTPExchange) -> ExchangeRecord {
        let request = exchange.request
        let method = (request.httpMethod ?? "GET").uppercased()
        let url = request.url?.absoluteString ?? ""
        let requestHeaders = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let timing = exchange.timing
        let total = Self.seconds(timing.total)
        let timeToFirstByte = timing.timeToFirstByte.map(Self.seconds)
        let date = Date().timeIntervalSince1970
        let requestBody = request.httpBody.flatMap { $0.count <= maximumRequestBodyBytes ? $0 : nil }
        // A body streamed from files is not kept; its length is.
        let requestBodySize =
            request.httpBody?.count ?? HTTPUploadStream.body(of: request.httpBodyStream).map { Int($0.length) } ?? 0
        switch exchange.result {
        case .success(let response):
            let headers = response.headerFields.map { ($0.name, $0.value) }
            let length = response.headerFields.first { $0.name.lowercased() == "content-length" }
                .flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
            var record = ExchangeRecord(
                date: date, method: method, url: url, requestHeaders: requestHeaders,
                requestBodySize: requestBodySize, statusCode: response.statusCode,
                reasonPhrase: response.reasonPhrase, httpVersion: response.httpVersion, headers: headers,
                redirects: response.redirects.map { hop in
                    ExchangeRecord.Redirect(
                        url: hop.url.absoluteString, statusCode: hop.statusCode,
                        headers: hop.headerFields.map { ExchangeRecord.HeaderLine(name: $0.name, value: $0.value) })
                },
                finalURL: response.url.absoluteString, timeToFirstByte: timeToFirstByte, totalTime: total,
                wireSize: length, decodedSize: response.body.count)
            record.requestBody = requestBody
            return record
        case .failure(let failure):
            var record = ExchangeRecord(
                date: date, method: method, url: url, requestHeaders: requestHeaders,
                requestBodySize: requestBodySize, statusCode: nil, timeToFirstByte: timeToFirstByte,
                totalTime: total, failure: failure.summary)
            record.requestBody = requestBody
            return record
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
