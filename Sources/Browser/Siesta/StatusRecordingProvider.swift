import Foundation
import Siesta

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `NetworkingProvider` that passes every request to another provider and remembers the HTTP
/// status of the latest response per method and URL.
///
/// Siesta's success hooks receive an `Entity`, which carries no status code; the Events pane
/// wants `onSuccess 201`. The browser wraps the service's transport in this provider and looks
/// the status up when a hook fires. Only the latest status per (method, URL) is kept, so two
/// overlapping requests to the same URL may report each other's status.
public final class StatusRecordingProvider: NetworkingProvider, @unchecked Sendable {
    private let wrapped: any NetworkingProvider
    private let lock = NSLock()
    private var statuses: [String: Int] = [:]

    /// Wraps a provider (by default Siesta's AsyncHTTPClient provider).
    public init(wrapping wrapped: any NetworkingProviderConvertible = AsyncHTTPClientProvider()) {
        self.wrapped = wrapped.siestaNetworkingProvider
    }

    /// Starts the request on the wrapped provider, recording the response status.
    public func startRequest(
        _ request: URLRequest, completion: @escaping RequestNetworkingCompletionCallback
    ) -> any RequestNetworking {
        let key = StatusRecordingProvider.key(
            method: request.httpMethod ?? "GET", url: request.url?.absoluteString ?? "")
        return wrapped.startRequest(request) { [weak self] response, data, error in
            if let self, let response {
                self.lock.lock()
                self.statuses[key] = response.statusCode
                self.lock.unlock()
            }
            completion(response, data, error)
        }
    }

    /// The status of the latest response to `method` on `url`, if one arrived.
    public func lastStatus(method: String, url: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        return statuses[StatusRecordingProvider.key(method: method, url: url)]
    }

    private static func key(method: String, url: String) -> String { method.uppercased() + " " + url }
}
