import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one HTTP transport of the package, set up from ``HTTPClientSettings``, turning
/// `URLRequest`s into exchanges: plain `http` requests to hosts reached directly go over the
/// core's own HTTP/1.1 connections (``HTTP1Pool``), everything else (HTTPS, proxies, retried
/// connection attempts) through AsyncHTTPClient `HTTPClient`s.
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
///
/// Before a request goes out, the monitor prepares it, then the settings' default headers fill in
/// what it lacks, then the cookie jar (if any) adds its `Cookie` header; that is the request the
/// monitor sees as sent. Redirects are followed here, not inside AsyncHTTPClient: each hop is a
/// request of its own that gets the cookies stored so far (those of the redirect included) and
/// follows ``HTTPRedirectRules``; every hop is recorded in ``HTTPExchangeResponse/redirects``,
/// the timeout and the timing cover the whole chain, and cancelling stops the hop in progress.
package final class HTTPTransport: Sendable {
    /// The settings the client was made with.
    package let settings: HTTPClientSettings
    private let monitor: (any HTTPExchangeMonitor)?
    /// The client for direct connections and one per proxy in use, made on first use (a proxy
    /// is a client-wide setting in AsyncHTTPClient, so `NO_PROXY` hosts need a client of their
    /// own). Nil once shut down.
    private let clients = NIOLockedValueBox<[HTTPProxyEndpoint?: HTTPClient]?>([:])
    /// The event loop whose connections an exchange prefers when it is the only one in flight,
    /// so that requests sent one after another run on the loop of the connection they reuse:
    /// the client otherwise takes the loops in turn and hands every other response from the
    /// connection's loop thread to the other one.
    private let quietLoop = HTTPClient.defaultEventLoopGroup.next()
    /// Exchanges started and not finished yet.
    private let exchangesInFlight = NIOLockedValueBox(0)
    /// The connections for plain-HTTP requests to hosts reached directly; nil when the settings
    /// retry failed connection attempts, which AsyncHTTPClient does.
    private let pool: HTTP1Pool?

    /// Creates a transport with its own connections and clients on NIO's shared event loop
    /// group.
    package init(settings: HTTPClientSettings = HTTPClientSettings(), monitor: (any HTTPExchangeMonitor)? = nil) {
        self.settings = settings
        self.monitor = monitor
        pool =
            settings.retriesFailedConnections
            ? nil
            : HTTP1Pool(
                configuration: HTTP1Pool.Configuration(
                    connectTimeout: .milliseconds(Int64(max(settings.connectTimeout, 0.001) * 1000)),
                    readTimeout: settings.readTimeout.map { .milliseconds(Int64(max($0, 0.001) * 1000)) },
                    decompressionLimit: settings.decompresses ? .ratio(settings.maximumDecompressionRatio) : nil),
                group: HTTPClient.defaultEventLoopGroup)
    }

    deinit {
        pool?.shutdown()
        for client in clients.withLockedValue({ $0?.values.map { $0 } ?? [] }) {
            client.shutdown { _ in }
        }
    }

    /// Shuts the connections and clients down, closing idle connections and cancelling
    /// exchanges in flight; exchanges started afterwards fail.
    package func shutdown() async {
        pool?.shutdown()
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
    /// started (it then runs before this returns). When the monitor takes streams and the response
    /// is one (``HTTPStreamDetection``), the exchange completes with the head and an empty body
    /// and the monitor receives the ``HTTPStream``.
    package func start(
        _ request: URLRequest,
        maximumBodySize: Int? = nil,
        completion: @escaping @Sendable (Result<HTTPExchangeResponse, HTTPFailure>) -> Void
    ) -> HTTPTransfer {
        let monitor = monitor
        let streams = monitor?.takesStreams == true
        let limit = min(maximumBodySize ?? settings.maximumBodySize, settings.maximumBodySize)
        return begin(request, maximumBodySize: limit, streaming: streams ? .detect : .never) {
            result, stream in
            completion(result)
            if let stream { monitor?.streamOpened(stream) }
        }
    }

    /// Starts an exchange for a request without a body, exactly as ``start(_:maximumBodySize:completion:)``
    /// would for the equivalent `URLRequest`, but without making one unless something needs it: a
    /// monitor or a cookie jar (the request then goes the `URLRequest` way), or a redirect to
    /// follow.
    package func start(
        _ request: HTTPPlainRequest,
        maximumBodySize: Int? = nil,
        completion: @escaping @Sendable (Result<HTTPExchangeResponse, HTTPFailure>) -> Void
    ) -> HTTPTransfer {
        guard monitor == nil, settings.cookieJar == nil else {
            return start(request.urlRequest, maximumBodySize: maximumBodySize, completion: completion)
        }
        var request = request
        settings.defaultHeaders.apply(to: &request)
        let chain = HTTPRedirectChain(
            plain: request, maximumRedirects: settings.maximumRedirects, advice: settings.limitAdvice.redirects)
        let limit = min(maximumBodySize ?? settings.maximumBodySize, settings.maximumBodySize)
        let first = request
        return begin(
            chain: chain, original: nil, sent: nil, url: request.url, timeoutInterval: request.timeoutInterval,
            maximumBodySize: limit, streaming: .never,
            firstHop: { delegate, deadline in self.startHop(first, delegate: delegate, deadline: deadline) },
            completion: { result, _ in completion(result) })
    }

    /// Sends a request whose response, whatever it is, is read as a stream: `completion` gets the
    /// ``HTTPStream`` once the final head arrived (check its status and type), or the failure.
    /// The request's timeout covers the wait for the head only.
    @discardableResult
    package func openStream(
        _ request: URLRequest, completion: @escaping @Sendable (Result<HTTPStream, HTTPFailure>) -> Void
    ) -> HTTPTransfer {
        begin(request, maximumBodySize: .max, streaming: .always) { result, stream in
            switch (result, stream) {
            case (_, let stream?): completion(.success(stream))
            case (.failure(let failure), nil): completion(.failure(failure))
            case (.success, nil):
                completion(.failure(HTTPFailure(kind: .malformedResponse, underlying: HTTPClientError.cancelled)))
            }
        }
    }

    /// Which responses become streams.
    private enum StreamMode {
        case never, detect, always
    }

    private func begin(
        _ request: URLRequest, maximumBodySize: Int, streaming: StreamMode,
        completion: @escaping @Sendable (Result<HTTPExchangeResponse, HTTPFailure>, HTTPStream?) -> Void
    ) -> HTTPTransfer {
        let original = request
        var request = request
        monitor?.prepare(&request)
        settings.defaultHeaders.apply(to: &request)
        let chain = HTTPRedirectChain(
            request: request, maximumRedirects: settings.maximumRedirects, cookieJar: settings.cookieJar,
            advice: settings.limitAdvice.redirects)
        let sent = chain.request
        return begin(
            chain: chain, original: original, sent: sent, url: request.url, timeoutInterval: request.timeoutInterval,
            maximumBodySize: maximumBodySize, streaming: streaming,
            firstHop: { delegate, deadline in self.startHop(sent, delegate: delegate, deadline: deadline) },
            completion: completion)
    }

    /// Runs an exchange whose first request `firstHop` sends: `sent` is that request as the
    /// monitor sees it and `original` the caller's (both nil for a plain request, which has no
    /// monitor and never becomes a stream).
    private func begin(
        chain: HTTPRedirectChain, original: URLRequest?, sent: URLRequest?, url: URL?, timeoutInterval: TimeInterval,
        maximumBodySize: Int, streaming: StreamMode,
        firstHop: (HTTPExchangeDelegate, NIODeadline?) -> Void,
        completion: @escaping @Sendable (Result<HTTPExchangeResponse, HTTPFailure>, HTTPStream?) -> Void
    ) -> HTTPTransfer {
        let monitor = monitor
        let settings = settings
        let timeout = timeoutInterval > 0 ? min(timeoutInterval, 1e9) : nil
        let decision: HTTPExchangeDelegate.StreamDecision?
        switch streaming {
        case .never: decision = nil
        case .detect:
            decision = { HTTPStreamDetection.kind(statusCode: $0.statusCode, headerFields: $0.headerFields) != nil }
        case .always: decision = { _ in true }
        }
        // A response that may become a stream is timed up to its head only, by a timer of our own.
        let deadline: NIODeadline? =
            decision == nil ? timeout.map { .now() + .nanoseconds(Int64($0 * 1e9)) } : nil
        // Only an exchange that may become a stream needs to reach its delegate and reopen.
        let reopener = decision == nil ? nil : streamReopener()
        let delegateBox = decision == nil ? nil : NIOLockedValueBox<HTTPExchangeDelegate?>(nil)
        let inFlight = exchangesInFlight
        inFlight.withLockedValue { $0 += 1 }
        var bodyReaderSource: HTTPExchangeDelegate.BodyReaderSource?
        if let monitor, monitor.readsBodies {
            bodyReaderSource = { monitor.bodyReader(for: $0) }
        }
        let delegate = HTTPExchangeDelegate(
            url: url ?? URL(string: "about:blank")!,
            limits: HTTPExchangeLimits(
                maximumBodySize: maximumBodySize, decompressionRatio: settings.maximumDecompressionRatio,
                readTimeout: settings.readTimeout, requestTimeout: timeout, advice: settings.limitAdvice),
            cookieJar: settings.cookieJar,
            redirectTarget: { head in
                chain.target(status: Int(head.status.code), location: head.headers.first(name: "location"))
            },
            followRedirect: { [weak self] delegate, status, target in
                guard let self else {
                    delegate.fail(HTTPFailure(kind: .cannotConnect, underlying: HTTPClientError.alreadyShutdown))
                    return
                }
                switch chain.follow(status: status, to: target) {
                case .success(let next): startHop(next, delegate: delegate, deadline: deadline)
                case .failure(let failure): delegate.fail(failure)
                }
            },
            streamDecision: decision,
            bodyReaderSource: bodyReaderSource,
            completion: { result, timing, chunks in
                inFlight.withLockedValue { $0 -= 1 }
                let owner = delegateBox?.withLockedValue { box in
                    defer { box = nil }
                    return box
                }
                let stream: HTTPStream?
                if case .success(let response) = result, let chunks, let owner, let original, let reopener {
                    stream = HTTPStream(
                        response: response, request: original,
                        kind: HTTPStreamDetection.kind(
                            statusCode: response.statusCode, headerFields: response.headerFields),
                        chunks: chunks, delegate: owner, reopener: reopener)
                } else {
                    stream = nil
                }
                let deliver = { @Sendable (result: Result<HTTPExchangeResponse, HTTPFailure>) in
                    if let monitor, let sent {
                        monitor.exchangeFinished(HTTPExchange(request: sent, result: result, timing: timing))
                    }
                    completion(result, stream)
                }
                guard case .failure = result else { return deliver(result) }
                // A failure is diagnosed for the hop that failed, through its own proxy.
                let url = chain.url ?? URL(string: "about:blank")!
                let proxy = settings.proxy.proxy(for: url)
                HTTPTLSDiagnosis(url: url, proxy: proxy, tls: settings.tls).refine(result) { result in
                    // Through a proxy, the proxy says what failed; reached directly, the server.
                    deliver(
                        proxy == nil
                            ? HTTPConnectionFailure.explain(result, url: url, connectTimeout: settings.connectTimeout)
                            : HTTPProxyFailure.explain(result, proxy: proxy, url: url))
                }
            })
        delegateBox?.withLockedValue { $0 = delegate }
        if decision != nil, let timeout {
            // On an event loop, and taken off it as soon as the exchange ends: a hundred requests
            // a second leave no pile of sleeping timers behind.
            let timer = HTTPClient.defaultEventLoopGroup.next().scheduleTask(
                in: .nanoseconds(Int64(timeout * 1e9))
            ) { [weak delegate] () -> Void in delegate?.timeOutUnlessStreaming() }
            delegate.cancelWhenFinished(timer)
        }
        firstHop(delegate, deadline)
        return HTTPTransfer(delegate: delegate)
    }

    /// Opens a stream again for a request, as a stream that reconnects does.
    private typealias StreamReopener =
        @Sendable (URLRequest, @escaping @Sendable (Result<HTTPStream, HTTPFailure>) -> Void) -> HTTPTransfer?

    /// A reopener that opens streams on this transport while it exists.
    private func streamReopener() -> StreamReopener {
        { [weak self] request, completion in
            guard let self else {
                completion(.failure(HTTPFailure(kind: .cannotConnect, underlying: HTTPClientError.alreadyShutdown)))
                return nil
            }
            return self.openStream(request, completion: completion)
        }
    }

    /// Sends one request of an exchange (the first, or one a redirect asked for) on `delegate`.
    private func startHop(_ request: URLRequest, delegate: HTTPExchangeDelegate, deadline: NIODeadline?) {
        if let pool, let url = request.url, goesThroughPool(url) {
            startHop(on: pool, delegate: delegate, deadline: deadline) {
                try HTTPRequestConversion.poolRequest(from: request)
            }
            return
        }
        startHop(delegate: delegate, deadline: deadline) {
            (try HTTPRequestConversion.clientRequest(from: request), HTTPRequestConversion.bodyLength(of: request))
        }
    }

    /// Sends the first request of a plain exchange on `delegate`.
    private func startHop(_ request: HTTPPlainRequest, delegate: HTTPExchangeDelegate, deadline: NIODeadline?) {
        if let pool, goesThroughPool(request.url) {
            startHop(on: pool, delegate: delegate, deadline: deadline) {
                try HTTPRequestConversion.poolRequest(from: request)
            }
            return
        }
        startHop(delegate: delegate, deadline: deadline) { (try HTTPRequestConversion.clientRequest(from: request), 0) }
    }

    /// Whether a request to `url` goes over the transport's own connections: a plain `http` URL
    /// that no proxy serves.
    private func goesThroughPool(_ url: URL) -> Bool {
        guard let scheme = url.scheme, scheme.count == 4, scheme.lowercased() == "http" else { return false }
        return settings.proxy.proxy(for: url) == nil
    }

    /// Sends the request that `convert` makes on `pool` for `delegate`; a request that cannot be
    /// made fails the exchange.
    private func startHop(
        on pool: HTTP1Pool, delegate: HTTPExchangeDelegate, deadline: NIODeadline?, convert: () throws -> HTTP1Request
    ) {
        do {
            guard !delegate.isCancelled else {
                throw HTTPFailure(kind: .cancelled, underlying: HTTPClientError.cancelled)
            }
            let outgoing = try convert()
            delegate.beginHop(requestBytesTotal: outgoing.body.length)
            delegate.attach(pool.execute(outgoing, sink: delegate, deadline: deadline))
        } catch {
            delegate.fail(HTTPFailure(classifying: error))
        }
    }

    /// Sends the client request that `convert` makes (with the number of body bytes it sends, nil
    /// when not known) on `delegate`; a request that cannot be made fails the exchange.
    private func startHop(
        delegate: HTTPExchangeDelegate, deadline: NIODeadline?, convert: () throws -> (HTTPClient.Request, Int64?)
    ) {
        do {
            guard !delegate.isCancelled else {
                throw HTTPFailure(kind: .cancelled, underlying: HTTPClientError.cancelled)
            }
            let (outgoing, requestBytesTotal) = try convert()
            delegate.beginHop(requestBytesTotal: requestBytesTotal)
            guard let client = client(for: settings.proxy.proxy(for: outgoing.url)) else {
                throw HTTPFailure(kind: .cannotConnect, underlying: HTTPClientError.alreadyShutdown)
            }
            let alone = exchangesInFlight.withLockedValue { $0 <= 1 }
            let task = client.execute(
                request: outgoing, delegate: delegate, eventLoop: alone ? .delegate(on: quietLoop) : .indifferent,
                deadline: deadline)
            // A client that is shut down fails the task without telling the delegate.
            task.futureResult.whenFailure { delegate.fail(HTTPFailure(classifying: $0)) }
            delegate.attach(task)
        } catch {
            delegate.fail(HTTPFailure(classifying: error))
        }
    }

    /// Sends a request and waits for the complete response. Cancelling the calling task cancels
    /// the exchange.
    package func send(_ request: URLRequest, maximumBodySize: Int? = nil) async throws(HTTPFailure)
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
        // Redirects are followed by the transport, hop by hop (see `start`).
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool.retryConnectionEstablishment = settings.retriesFailedConnections
        configuration.tlsConfiguration = settings.tls.configuration
        return configuration
    }
}
