import Foundation
import HTTPCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: the package's HTTP core, with connections owned by this provider.
///
/// Plain `http` requests to hosts reached directly go over the core's own HTTP/1.1 connections
/// (kept alive, at most eight to one origin); HTTPS and proxied requests go through an
/// AsyncHTTPClient client, as do all requests of a provider made with
/// `retriesFailedConnections: true`. Requests leave the same way either way. Each provider owns
/// its connections; `Service()` creates one provider per service. They are closed when the
/// provider is released, or earlier with ``shutdown()``.
///
/// Defaults: connect timeout 10 s, read (idle) timeout 60 s, redirects followed (up to 10, no
/// cycles), gzip/deflate responses decompressed (up to 100× expansion, against zip bombs), bodies
/// of at most 1 GiB, a refused connection reported at once rather than retried. A request's
/// `URLRequest.timeoutInterval` bounds the whole exchange, headers and body. Repeated response
/// headers are joined with `", "`, except `Set-Cookie`, whose values are joined with a line feed
/// so that cookies with dates stay apart.
public final class AsyncHTTPClientProvider: NetworkingProvider {
    private let transport: HTTPTransport

    /// Creates a provider with its own HTTP client.
    ///
    /// - Parameters:
    ///   - connectTimeout: Seconds to wait for a TCP connection; 10 by default.
    ///   - readTimeout: Seconds without receiving any bytes before the request fails; 60 by
    ///     default.
    ///   - maximumRedirects: Redirects followed per request; 0 disables following. 10 by default.
    ///   - retriesFailedConnections: Whether a failed connection attempt (e.g. connection
    ///     refused) is retried with backoff until `connectTimeout` runs out. Off by default, so an
    ///     unreachable server is reported at once.
    ///   - maximumBodySize: The most body bytes a response may have, after decompression; a
    ///     larger one fails with a ``RequestError`` whose message names the limit. 1 GiB by
    ///     default.
    public convenience init(
        connectTimeout: TimeInterval = 10,
        readTimeout: TimeInterval = 60,
        maximumRedirects: Int = 10,
        retriesFailedConnections: Bool = false,
        maximumBodySize: Int = 1 << 30
    ) {
        self.init(
            settings: HTTPClientSettings(
                connectTimeout: connectTimeout, readTimeout: readTimeout, maximumRedirects: maximumRedirects,
                maximumBodySize: maximumBodySize,
                limitAdvice: HTTPLimitAdvice(
                    bodySize: "Raise it with AsyncHTTPClientProvider(maximumBodySize:).",
                    readTimeout: "Raise it with AsyncHTTPClientProvider(readTimeout:).",
                    requestTimeout: "Raise the request's timeoutInterval.",
                    redirects: "Raise it with AsyncHTTPClientProvider(maximumRedirects:)."),
                retriesFailedConnections: retriesFailedConnections))
    }

    /// Creates a provider from the core's settings, with an optional monitor that sees every
    /// exchange (timing, history, cookies).
    package init(settings: HTTPClientSettings, monitor: (any HTTPExchangeMonitor)? = nil) {
        transport = HTTPTransport(settings: settings, monitor: monitor)
    }

    /// Shuts the client down, closing idle connections; requests started afterwards fail.
    public func shutdown() async {
        await transport.shutdown()
    }

    /// Starts the request on the client; the completion callback runs on a NIO event loop.
    public func startRequest(
        _ request: URLRequest,
        completion: @escaping RequestNetworkingCompletionCallback
    ) -> any RequestNetworking {
        let transfer = transport.start(request) { result in
            switch result {
            case .success(let response):
                let head = HTTPURLResponse(
                    url: response.url, statusCode: response.statusCode, httpVersion: response.httpVersion,
                    headerFields: response.foldedHeaders)
                completion(head, response.body, nil)
            case .failure(let failure):
                completion(nil, nil, failure)
            }
        }
        return AsyncHTTPClientTransfer(transfer: transfer)
    }
}

extension AsyncHTTPClientProvider: DirectNetworkingProvider {
    func startDirectRequest(
        _ request: OutgoingRequest,
        completion: @escaping @Sendable (Result<ReceivedResponse, any Error>) -> Void
    ) -> any RequestNetworking {
        let received: @Sendable (Result<HTTPExchangeResponse, HTTPFailure>) -> Void = { result in
            completion(
                result.map {
                    ReceivedResponse(statusCode: $0.statusCode, headers: $0.foldedHeaders, body: $0.body)
                }
                .mapError { $0 })
        }
        let transfer =
            switch request {
            case .plain(let plain): transport.start(plain, completion: received)
            case .foundation(let request): transport.start(request, completion: received)
            }
        return AsyncHTTPClientTransfer(transfer: transfer)
    }
}

/// The handle of one transfer on an ``AsyncHTTPClientProvider``.
private struct AsyncHTTPClientTransfer: RequestNetworking {
    let transfer: HTTPTransfer

    func cancel() {
        transfer.cancel()
    }

    var transferMetrics: RequestTransferMetrics {
        let progress = transfer.progress
        return RequestTransferMetrics(
            requestBytesSent: progress.requestBytesSent, requestBytesTotal: progress.requestBytesTotal,
            responseBytesReceived: progress.responseBytesReceived, responseBytesTotal: progress.responseBytesTotal)
    }
}
