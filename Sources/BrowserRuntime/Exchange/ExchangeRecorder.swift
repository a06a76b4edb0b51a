import Browser
import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import Siesta
import Workspace

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Watches every exchange of the browser's transport: it keeps the latest `Exchange` per
/// method and URL, without its response body (for the response head view and the Events pane's
/// status codes), and hands each finished exchange, with its body, to ``onExchange`` (history).
///
/// Siesta's success hooks receive an `Entity`, which carries no status code; the Events pane
/// wants `onSuccess 201`. The browser's service sends through ``provider()``, and the status is
/// looked up when a hook fires. Only the latest exchange per (method, URL) is kept, so two
/// overlapping requests to the same URL may report each other's.
public final class ExchangeRecorder: HTTPExchangeMonitor {
    private struct Entry {
        var exchange: Exchange
        var responseCount: Int
    }

    private let entries = NIOLockedValueBox<[String: Entry]>([:])
    private let listener = NIOLockedValueBox<Listeners>(Listeners())

    /// The callbacks, kept in a struct of their own: a closure stored directly as a generic
    /// value is re-wrapped each time it is read back and written again.
    private struct Listeners {
        var exchange: (@Sendable (Exchange) -> Void)?
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
    /// The largest request body an exchange keeps (for history and the session log).
    public static let maximumRequestBodyBytes = 1024 * 1024

    /// Why the session log holds no body larger than ``maximumSessionBodyBytes``.
    static let bodyTooLargeReason =
        "larger than the \(maximumSessionBodyBytes >> 20) MiB the session log keeps of one body"
    /// Why an exchange holds no request body larger than ``maximumRequestBodyBytes``.
    static let requestBodyTooLargeReason =
        "larger than the \(maximumRequestBodyBytes >> 20) MiB the session log keeps of one body"
    /// Why the session log let go of an older exchange's bodies.
    static let budgetReason = "let go to keep the session log's bodies within \(sessionBodyBudget >> 20) MiB"

    /// Creates a recorder with nothing recorded.
    /// JSON bodies announced at this many bytes or more are indexed while they arrive.
    let indexingThreshold: Int

    /// Creates a recorder.
    public init() {
        indexingThreshold = JSONBodyIndexing.minimumAnnouncedSize
    }

    /// Creates a recorder that indexes JSON bodies from `indexingThreshold` bytes on (tests use
    /// small bodies).
    init(indexingThreshold: Int) {
        self.indexingThreshold = indexingThreshold
    }

    /// Called on any thread after each exchange, with the exchange and its response body (nil
    /// when there was none).
    public var onExchange: (@Sendable (Exchange) -> Void)? {
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

    /// True: large JSON bodies are indexed while they arrive.
    package var readsBodies: Bool { true }

    /// Indexes a JSON body that may be large while it arrives (``JSONBodyIndexing``), so that
    /// the pipeline finds its document ready.
    package func bodyReader(for response: HTTPExchangeResponse) -> (any HTTPBodyReader)? {
        JSONBodyIndexing.reader(for: response, minimum: indexingThreshold)
    }

    /// Every exchange of the run kept so far, oldest first, with its bodies when kept and why
    /// when not.
    public func sessionExchanges() -> [SessionExchange] {
        session.withLockedValue { Array($0.exchanges[$0.first...]) }
    }

    private func keep(_ exchange: Exchange) {
        var entry = SessionExchange(exchange: exchange)
        if let body = exchange.body, body.count > Self.maximumSessionBodyBytes {
            entry.exchange.body = nil
            entry.bodyLeftOut = Self.bodyTooLargeReason
        }
        if exchange.requestBody == nil, exchange.requestBodySize > 0 {
            entry.requestBodyLeftOut = Self.requestBodyTooLargeReason
        }
        // Request and response bodies both count against the budget, and go together.
        func bytes(_ entry: SessionExchange) -> Int {
            (entry.exchange.body?.count ?? 0) + (entry.exchange.requestBody?.count ?? 0)
        }
        func dropBodies(_ log: inout SessionLog, at index: Int) {
            log.bodyBytes -= bytes(log.exchanges[index])
            if log.exchanges[index].exchange.body != nil {
                log.exchanges[index].exchange.body = nil
                log.exchanges[index].bodyLeftOut = Self.budgetReason
            }
            if log.exchanges[index].exchange.requestBody != nil {
                log.exchanges[index].exchange.requestBody = nil
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
        let recorded = Self.exchange(of: exchange)
        // The latest exchange per URL is kept without its body, which only the log and history keep.
        var latest = recorded
        latest.body = nil
        let key = Self.key(method: recorded.method, url: recorded.url)
        entries.withLockedValue { entries in
            let count = (entries[key]?.responseCount ?? 0) + (recorded.statusCode == nil ? 0 : 1)
            if recorded.statusCode != nil || entries[key] == nil {
                entries[key] = Entry(exchange: latest, responseCount: count)
            } else {
                // A failure without a response keeps the last response's status for the hooks.
                entries[key]?.exchange = latest
            }
        }
        keep(recorded)
        // Read once: calling through the property with `?(` would write the closure back.
        let listener = onExchange
        listener?(recorded)
    }

    /// The latest exchange of `method` on `url`, if one finished, without its response body
    /// (its ``Exchange/bodySize`` still says how big it was).
    public func lastExchange(method: RequestMethod, url: String) -> Exchange? {
        entries.withLockedValue { $0[Self.key(method: method.rawValue.uppercased(), url: url)]?.exchange }
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

    /// The exchange as the monitor sees it, with its response body; `date` is when it was sent
    /// (now, less its total time).
    static func exchange(of exchange: HTTPExchange) -> Exchange {
        let request = exchange.request
        let method = (request.httpMethod ?? "GET").uppercased()
        let url = request.url?.absoluteString ?? ""
        let requestHeaders = HTTPHeaderLines.fields(of: request).map { HeaderField(name: $0.name, value: $0.value) }
        let timing = exchange.timing
        let total = Self.seconds(timing.total)
        let timeToFirstByte = timing.timeToFirstByte.map(Self.seconds)
        let sent = Date(timeIntervalSinceNow: -total)
        let requestBody = request.httpBody.flatMap { $0.count <= maximumRequestBodyBytes ? $0 : nil }
        // A body streamed from files is not kept; its length is.
        let requestBodySize =
            request.httpBody?.count ?? HTTPUploadStream.body(of: request.httpBodyStream).map { Int($0.length) } ?? 0
        switch exchange.result {
        case .success(let response):
            let length = response.headerFields.first { $0.name.lowercased() == "content-length" }
                .flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
            return Exchange(
                date: sent, method: method, url: url, requestHeaders: requestHeaders, requestBody: requestBody,
                requestBodySize: requestBodySize, statusCode: response.statusCode,
                reasonPhrase: response.reasonPhrase, httpVersion: response.httpVersion,
                responseHeaders: response.headerFields.map { HeaderField(name: $0.name, value: $0.value) },
                redirects: response.redirects.map { hop in
                    RedirectHop(
                        url: hop.url.absoluteString, statusCode: hop.statusCode,
                        headers: hop.headerFields.map { HeaderField(name: $0.name, value: $0.value) })
                },
                finalURL: response.url.absoluteString, timeToFirstByte: timeToFirstByte, totalTime: total,
                wireSize: length, body: response.body)
        case .failure(let failure):
            // The URL asked for is the last that was tried.
            return Exchange(
                date: sent, method: method, url: url, requestHeaders: requestHeaders, requestBody: requestBody,
                requestBodySize: requestBodySize, finalURL: url, timeToFirstByte: timeToFirstByte,
                totalTime: total, errorMessage: failure.summary)
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
