import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import Siesta

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Remembers the HTTP status of the latest response per method and URL, as a monitor of the
/// HTTP core that the browser's transport reports every exchange to.
///
/// Siesta's success hooks receive an `Entity`, which carries no status code; the Events pane
/// wants `onSuccess 201`. The browser's service sends through ``provider``, and the status is
/// looked up when a hook fires. Only the latest status per (method, URL) is kept, so two
/// overlapping requests to the same URL may report each other's status.
public final class StatusRecorder: HTTPExchangeMonitor {
    private let statuses = NIOLockedValueBox<[String: (status: Int, count: Int)]>([:])

    /// Creates a recorder with nothing recorded.
    public init() {}

    /// A Siesta transport (the default AsyncHTTPClient one) that reports to this recorder.
    public func provider() -> any NetworkingProvider {
        provider(settings: HTTPClientSettings())
    }

    /// A Siesta transport with the given client settings (TLS, proxies) that reports to this
    /// recorder.
    package func provider(settings: HTTPClientSettings) -> any NetworkingProvider {
        AsyncHTTPClientProvider(settings: settings, monitor: self)
    }

    /// Records the status of a finished exchange.
    package func exchangeFinished(_ exchange: HTTPExchange) {
        guard case .success(let response) = exchange.result else { return }
        let key = Self.key(
            method: exchange.request.httpMethod ?? "GET", url: exchange.request.url?.absoluteString ?? "")
        statuses.withLockedValue { $0[key] = (response.statusCode, ($0[key]?.count ?? 0) + 1) }
    }

    /// The status of the latest response to `method` on `url`, if one arrived.
    public func lastStatus(method: RequestMethod, url: String) -> Int? {
        statuses.withLockedValue { $0[Self.key(method: method.rawValue, url: url)]?.status }
    }

    /// How many responses to `method` on `url` arrived so far: a count that did not change
    /// while a request ran means the request was answered without the network (from the cache).
    public func responseCount(method: RequestMethod, url: String) -> Int {
        statuses.withLockedValue { $0[Self.key(method: method.rawValue, url: url)]?.count ?? 0 }
    }

    private static func key(method: String, url: String) -> String { method.uppercased() + " " + url }
}
