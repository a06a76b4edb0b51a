import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one HTTP transport of the package: AsyncHTTPClient `HTTPClient`s set up from
/// ``HTTPClientSettings``, turning `URLRequest`s into exchanges.
///
/// Siesta's `AsyncHTTPClientProvider` and Squid's request executor are thin adapters over it.
/// Every exchange, started with a callback or awaited, runs the same way: the request is
/// checked (http or https with a host) and converted, the ``HTTPExchangeMonitor`` may prepare
/// it, the whole exchange is bounded by the request's `timeoutInterval` (when positive), the
/// body by a size limit, and the outcome is a complete ``HTTPExchangeResponse`` or an
/// ``HTTPFailure``. A request goes through the proxy that ``HTTPProxySettings`` chooses for its
/// URL, or directly. A TLS failure (or a plain-HTTP exchange that a TLS server broke off) is
/// diagnosed before it is reported, with at most one extra connection, so that the failure says
/// what went wrong (``HTTPFailure/Kind/tls(_:)``). Cancelling stops the transfer and closes its connection.
package final class HTTPTransport: Sendable {
    /// The settings the client was made with.
    package let settings: HTTPClientSettings
    private let monitor: (any HTTPExchangeMonitor)?
    /// The client for direct connections and one per proxy in use, made on first use (a proxy
    /// is a client-wide setting in AsyncHTTPClient, so `NO_PROXY` hosts need a client of their
    /// own). Nil once shut down.
    private let clients = NIOLockedValueBox<[HTTPProxyEndpoint?: HTTPClient]?>([:])

    /// Creates a transport with its own clients on NIO's shared event loop group.
    package init(settings: HTTPClientSettings = HTTPClientSettings(), monitor: (any HTTPExchangeMonitor)? = nil) {
        self.settings = settings
        self.monitor = monitor
    }

    deinit {
        for client in clients.withLockedValue({ $0?.values.map { $0 } ?? [] }) {
            client.shutdown { _ in }
        }
    }

    /// Shuts the clients down, closing idle connections; exchanges started afterwards fail.
    package func shutdown() async {
        let all = clients.withLockedValue { clients in
            defer { clients = nil }
            return clients?.values.map { $0 } ?? []
        }
        for client in all {
            try? await client.shutdown()
        }
    }

    /// The client for requests through `proxy` (nil: direct), or nil after ``shutdown()``.
    private func client(for proxy: HTTPProxyEndpoint?) -> HTTPClient? {
        clients.withLockedValue { clients in
            guard clients != nil else { return nil }
            if let client = clients?[proxy] { return client }
            var configuration = Self.configuration(for: settings)
            configuration.proxy = proxy?.clientProxy
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            clients?[proxy] = client
            return client
        }
    }

    /// Starts an exchange; `completion` runs exactly once, on any thread, unless nothing was
    /// started (it then runs before this returns).
    package func start(
        _ request: URLRequest,
        maximumBodySize: Int = .max,
        completion: @escaping @Sendable (Result<HTTPExchangeResponse, HTTPFailure>) -> Void
    ) -> HTTPTransfer {
        var request = request
        monitor?.prepare(&request)
        let sent = request
        let monitor = monitor
        let url = request.url ?? URL(string: "about:blank")!
        let proxy = settings.proxy.proxy(for: url)
        let diagnosis = HTTPTLSDiagnosis(url: url, proxy: proxy, tls: settings.tls)
        let delegate = HTTPExchangeDelegate(url: url, maximumBodySize: maximumBodySize) { result, timing in
            diagnosis.refine(result) { result in
                let result = HTTPProxyFailure.explain(result, proxy: proxy, url: url)
                monitor?.exchangeFinished(HTTPExchange(request: sent, result: result, timing: timing))
                completion(result)
            }
        }
        do {
            let outgoing = try HTTPRequestConversion.clientRequest(from: request)
            delegate.setRequestBytesTotal(Int64(request.httpBody?.count ?? 0))
            let deadline: NIODeadline? =
                request.timeoutInterval > 0
                ? .now() + .nanoseconds(Int64(min(request.timeoutInterval, 1e9) * 1e9)) : nil
            guard let client = client(for: proxy) else {
                throw HTTPFailure(kind: .cannotConnect, underlying: HTTPClientError.alreadyShutdown)
            }
            let task = client.execute(request: outgoing, delegate: delegate, deadline: deadline)
            // A client that is shut down fails the task without telling the delegate.
            task.futureResult.whenFailure { delegate.fail(HTTPFailure(classifying: $0)) }
            return HTTPTransfer(task: task, delegate: delegate)
        } catch {
            delegate.fail(HTTPFailure(classifying: error))
            return HTTPTransfer(task: nil, delegate: delegate)
        }
    }

    /// Sends a request and waits for the complete response. Cancelling the calling task cancels
    /// the exchange.
    package func send(_ request: URLRequest, maximumBodySize: Int = .max) async throws(HTTPFailure)
        -> HTTPExchangeResponse
    {
        let handle = HTTPTransferSlot()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                handle.hold(start(request, maximumBodySize: maximumBodySize) { continuation.resume(returning: $0) })
            }
        } onCancel: {
            handle.cancel()
        }
        return try result.get()
    }

    private static func configuration(for settings: HTTPClientSettings) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = HTTPClient.Configuration.Timeout(
            connect: .milliseconds(Int64(max(settings.connectTimeout, 0.001) * 1000)),
            read: settings.readTimeout.map { .milliseconds(Int64(max($0, 0.001) * 1000)) })
        configuration.decompression =
            settings.decompresses ? .enabled(limit: .ratio(settings.maximumDecompressionRatio)) : .disabled
        configuration.redirectConfiguration =
            settings.maximumRedirects > 0
            ? .follow(max: settings.maximumRedirects, allowCycles: false) : .disallow
        configuration.connectionPool.retryConnectionEstablishment = settings.retriesFailedConnections
        configuration.tlsConfiguration = settings.tls.configuration
        return configuration
    }
}
