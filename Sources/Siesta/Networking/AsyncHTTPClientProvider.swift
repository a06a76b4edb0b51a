import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: an `AsyncHTTPClient` `HTTPClient` owned by this provider.
///
/// Each provider owns one client with its connection pool; `Service()` creates one provider per
/// service. The client is shut down when the provider is released, or earlier with
/// ``shutdown()``.
///
/// Defaults: connect timeout 10 s, read (idle) timeout 60 s, redirects followed (up to 10, no
/// cycles), gzip/deflate responses decompressed (up to 100× expansion, against zip bombs), a
/// refused connection reported at once rather than retried. A request's
/// `URLRequest.timeoutInterval` bounds the whole exchange, headers and body.
public final class AsyncHTTPClientProvider: NetworkingProvider {
    private let client: HTTPClient

    /// Creates a provider with its own HTTP client.
    ///
    /// - Parameters:
    ///   - connectTimeout: Seconds to wait for a TCP connection; 10 by default.
    ///   - readTimeout: Seconds without receiving any bytes before the request fails; 60 by
    ///     default.
    ///   - maximumRedirects: Redirects followed per request; 0 disables following.
    ///   - retriesFailedConnections: Whether a failed connection attempt (e.g. connection
    ///     refused) is retried with backoff until `connectTimeout` runs out. Off by default, so an
    ///     unreachable server is reported at once.
    public init(
        connectTimeout: TimeInterval = 10,
        readTimeout: TimeInterval = 60,
        maximumRedirects: Int = 10,
        retriesFailedConnections: Bool = false
    ) {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = HTTPClient.Configuration.Timeout(
            connect: .milliseconds(Int64(connectTimeout * 1000)),
            read: .milliseconds(Int64(readTimeout * 1000)))
        configuration.decompression = .enabled(limit: .ratio(100))
        configuration.redirectConfiguration =
            maximumRedirects > 0 ? .follow(max: maximumRedirects, allowCycles: false) : .disallow
        configuration.connectionPool.retryConnectionEstablishment = retriesFailedConnections
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    deinit {
        client.shutdown { _ in }
    }

    /// Shuts the client down, closing idle connections; requests started afterwards fail.
    public func shutdown() async {
        try? await client.shutdown()
    }

    /// Starts the request on the client; the completion callback runs on a NIO event loop.
    public func startRequest(
        _ request: URLRequest,
        completion: @escaping RequestNetworkingCompletionCallback
    ) -> any RequestNetworking {
        guard let url = request.url else {
            completion(nil, nil, RequestError.Cause.InvalidRequestURL(urlSource: nil))
            return AsyncHTTPClientTransfer(task: nil, delegate: nil)
        }
        let delegate = TransferDelegate(url: url, completion: completion)
        do {
            var headers = HTTPHeaders()
            for (name, value) in request.allHTTPHeaderFields ?? [:] {
                headers.add(name: name, value: value)
            }
            let body = request.httpBody
            delegate.setRequestBytesTotal(Int64(body?.count ?? 0))
            let ahcRequest = try HTTPClient.Request(
                url: url,
                method: HTTPMethod(rawValue: request.httpMethod ?? "GET"),
                headers: headers,
                body: body.map { .bytes($0) })
            let deadline = NIODeadline.now() + .milliseconds(Int64(max(request.timeoutInterval, 0.001) * 1000))
            let task = client.execute(request: ahcRequest, delegate: delegate, deadline: deadline)
            return AsyncHTTPClientTransfer(task: task, delegate: delegate)
        } catch {
            delegate.fail(error)
            return AsyncHTTPClientTransfer(task: nil, delegate: delegate)
        }
    }
}

/// The handle of one transfer on an ``AsyncHTTPClientProvider``.
private struct AsyncHTTPClientTransfer: RequestNetworking {
    let task: HTTPClient.Task<Void>?
    let delegate: TransferDelegate?

    func cancel() {
        task?.cancel()
    }

    var transferMetrics: RequestTransferMetrics {
        delegate?.metrics ?? RequestTransferMetrics()
    }
}
