import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import NIOWebSocket
import Safety
@_spi(WSInternal) import WSCore

/// One WebSocket connection: opened at once, reported through ``events``, written with
/// ``send(_:)``, ended with ``close(code:reason:)`` or ``cancel()``.
///
/// ```swift
/// let connection = WebSocketConnection(url: url)
/// for await event in connection.events {
///     if case .opened = event { try await connection.send(.text("hello")) }
/// }
/// ```
///
/// Every event arrives in order on ``events``, which finishes after the last one (a
/// ``WebSocketEvent/closed(_:)`` or ``WebSocketEvent/failed(_:)``). Cancelling the task that
/// iterates ``events`` does not end the connection; ``cancel()`` does. Releasing the last
/// reference cancels too.
package final class WebSocketConnection: Sendable {
    /// The URL connected to, with `http` and `https` turned into `ws` and `wss`.
    package let url: URL
    /// The connection's events; see the type's description. Iterate it once.
    package let events: AsyncStream<WebSocketEvent>
    private let settings: WebSocketSettings

    private enum Phase: Sendable {
        case connecting(waiters: [CheckedContinuation<WebSocketOutboundWriter, any Error>])
        case open(WebSocketOutboundWriter)
        case ended
    }

    private struct State: Sendable {
        var phase = Phase.connecting(waiters: [])
        var closeRequest: (code: Int, reason: String?)?
    }

    private let state = NIOLockedValueBox(State())
    private let task: NIOLockedValueBox<Task<Void, Never>?> = NIOLockedValueBox(nil)

    /// Starts connecting to `url` (`ws`, `wss`, `http` or `https`) with `settings`.
    package init(url: URL, settings: WebSocketSettings = WebSocketSettings()) {
        let (events, continuation) = AsyncStream.makeStream(of: WebSocketEvent.self)
        self.events = events
        self.settings = settings
        guard let wsURL = Self.webSocketURL(url) else {
            self.url = url
            state.withLockedValue { $0.phase = .ended }
            continuation.yield(
                .failed(
                    WebSocketFailure(
                        kind: .invalidURL,
                        message: "Not a WebSocket URL: \(url.absoluteString) (use ws:// or wss:// and a host)")))
            continuation.finish()
            return
        }
        self.url = wsURL
        let started = Task { [state, task] in
            let outcome = await Self.run(
                url: wsURL, settings: settings, state: state, events: continuation, task: task)
            let pending = state.withLockedValue { state -> [CheckedContinuation<WebSocketOutboundWriter, any Error>] in
                defer { state.phase = .ended }
                if case .connecting(let waiters) = state.phase {
                    return waiters
                }
                return []
            }
            for waiter in pending {
                waiter.resume(throwing: Self.notOpen(wsURL))
            }
            continuation.yield(outcome)
            continuation.finish()
        }
        task.withLockedValue { $0 = started }
    }

    deinit {
        task.withLockedValue { $0?.cancel() }
    }

    /// Sends one message, waiting for the connection to open first.
    ///
    /// - Throws: ``WebSocketFailure`` when the connection never opened or has ended.
    package func send(_ payload: WebSocketPayload) async throws {
        let writer = try await openWriter()
        do {
            switch payload {
            case .text(let text):
                try await writer.writeTextMessage(text)
            case .binary(let data):
                try await writer.writeBinaryMessage(ByteBuffer(bytes: data))
            }
        } catch {
            throw Self.notOpen(url)
        }
    }

    /// Starts the closing handshake with `code` (1000 by default) and `reason`. The connection
    /// reports ``WebSocketEvent/closed(_:)`` once the peer answers, or at the latest after
    /// ``WebSocketSettings/closingTimeout``, when it stops waiting and closes the socket. Before the connection opened, it closes
    /// as soon as it does. A code that may not be sent (see ``WebSocketClosure/isSendable(_:)``)
    /// is sent as 1000.
    package func close(code: Int = 1000, reason: String? = nil) {
        let code = WebSocketClosure.isSendable(code) ? code : 1000
        let writer = state.withLockedValue { state -> WebSocketOutboundWriter? in
            guard state.closeRequest == nil else {
                return nil
            }
            state.closeRequest = (code, reason)
            if case .open(let writer) = state.phase {
                return writer
            }
            return nil
        }
        guard let writer else {
            return
        }
        Task { [task, settings] in
            try? await writer.close(WebSocketErrorCode(codeNumber: code), reason: reason)
            Self.giveUpClosing(after: settings.closingTimeout, task: task)
        }
    }

    /// Cancels `task` (closing the socket) once `timeout` has passed: a peer that never answers
    /// a close frame does not keep the connection open.
    private static func giveUpClosing(after timeout: Duration, task: NIOLockedValueBox<Task<Void, Never>?>) {
        Task {
            try? await Task.sleep(for: timeout)
            task.withLockedValue { $0?.cancel() }
        }
    }

    /// Ends the connection at once: the socket is closed without waiting for the peer, and
    /// ``events`` finishes with ``WebSocketEvent/closed(_:)`` (code 1006) or a failure.
    package func cancel() {
        task.withLockedValue { $0?.cancel() }
    }

    // MARK: Running

    /// The context the WebSocket handler runs with: a logger that writes nothing.
    private struct Context: WebSocketContext {
        let logger = Logger(label: "hammock.websocket", factory: { _ in SwiftLogNoOpLogHandler() })
    }

    private func openWriter() async throws -> WebSocketOutboundWriter {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLockedValue { state -> Result<WebSocketOutboundWriter, any Error>? in
                switch state.phase {
                case .connecting(var waiters):
                    waiters.append(continuation)
                    state.phase = .connecting(waiters: waiters)
                    return nil
                case .open(let writer):
                    return .success(writer)
                case .ended:
                    return .failure(Self.notOpen(url))
                }
            }
            if let ready {
                continuation.resume(with: ready)
            }
        }
    }

    private static func notOpen(_ url: URL) -> WebSocketFailure {
        WebSocketFailure(
            kind: .transport(.connectionClosed), message: "The WebSocket \(url.absoluteString) is not open")
    }

    private static func run(
        url: URL,
        settings: WebSocketSettings,
        state: NIOLockedValueBox<State>,
        events: AsyncStream<WebSocketEvent>.Continuation,
        task: NIOLockedValueBox<Task<Void, Never>?>
    ) async -> WebSocketEvent {
        let lastActivity = NIOLockedValueBox(ContinuousClock.now)
        do {
            let upgraded = try await open(url: url, settings: settings)
            let frame = try await WebSocketHandler.handle(
                type: .client,
                configuration: WebSocketHandler.Configuration(
                    extensions: [],
                    autoPing: settings.pingInterval.flatMap { $0 > .zero ? .enabled(timePeriod: $0) : nil }
                        ?? .disabled,
                    closeTimeout: .seconds(5),
                    validateUTF8: true,
                    maxFrameSize: 1 << 14
                ),
                asyncChannel: upgraded,
                context: Context(),
                handler: { inbound, outbound, _ in
                    let (waiters, closeRequest) = state.withLockedValue { state in
                        var waiters: [CheckedContinuation<WebSocketOutboundWriter, any Error>] = []
                        if case .connecting(let pending) = state.phase {
                            waiters = pending
                        }
                        state.phase = .open(outbound)
                        return (waiters, state.closeRequest)
                    }
                    events.yield(.opened)
                    for waiter in waiters {
                        waiter.resume(returning: outbound)
                    }
                    if let closeRequest {
                        try await outbound.close(
                            WebSocketErrorCode(codeNumber: closeRequest.code), reason: closeRequest.reason)
                        giveUpClosing(after: settings.closingTimeout, task: task)
                    }
                    for try await message in inbound.messages(maxSize: settings.maximumMessageSize) {
                        lastActivity.withLockedValue { $0 = .now }
                        switch message {
                        case .text(let text):
                            events.yield(.received(.text(text)))
                        case .binary(let buffer):
                            events.yield(.received(.binary(Data(buffer.readableBytesView))))
                        }
                    }
                })
            let requested = state.withLockedValue { $0.closeRequest }
            if let frame {
                let code = Int(UInt16(webSocketErrorCode: frame.closeCode))
                if let requested {
                    return .closed(WebSocketClosure(code: requested.code, reason: requested.reason, initiator: .client))
                }
                return .closed(WebSocketClosure(code: code, reason: frame.reason, initiator: .peer))
            }
            if let requested {
                return .closed(WebSocketClosure(code: requested.code, reason: requested.reason, initiator: .client))
            }
            if let interval = settings.pingInterval, interval > .zero, !Task.isCancelled,
                ContinuousClock.now - lastActivity.withLockedValue({ $0 }) >= interval
            {
                let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
                return .failed(
                    WebSocketFailure(
                        kind: .pingTimeout,
                        message:
                            "No answer to a ping within \(Self.format(seconds)) s; the connection to \(url.absoluteString) was closed"
                    ))
            }
            return .closed(
                WebSocketClosure(
                    code: WebSocketClosure.abnormalCode,
                    reason: Task.isCancelled ? "cancelled" : "the connection ended without a close frame",
                    initiator: .none))
        } catch {
            if error is CancellationError || Task.isCancelled,
                let requested = state.withLockedValue({ $0.closeRequest })
            {
                // The peer did not answer the close in time, and the socket was closed.
                return .closed(WebSocketClosure(code: requested.code, reason: requested.reason, initiator: .client))
            }
            return Self.outcome(
                of: error, url: url, settings: settings,
                opened: state.withLockedValue { if case .open = $0.phase { true } else { false } })
        }
    }

    /// Connects, speaks TLS for `wss`, and runs the opening handshake, all within
    /// ``WebSocketSettings/openingTimeout``; cancelling the calling task stops it.
    private static func open(url: URL, settings: WebSocketSettings) async throws -> WebSocketHandshake.Upgraded {
        guard let host = url.host, !host.isEmpty,
            !host.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F })
        else {
            throw WebSocketHandshake.Failure.invalidHost
        }
        let secure = url.scheme == "wss"
        let port = url.port ?? (secure ? 443 : 80)
        let bareHost = HTTPHost.unbracketed(host)
        let isAddress = HTTPHost.isIPAddress(bareHost)
        let hostField = bareHost.contains(":") ? "[\(bareHost)]" : bareHost
        let authority = url.port.map { "\(hostField):\($0)" } ?? hostField
        let encodedPath = url.path(percentEncoded: true)
        let path = (encodedPath.isEmpty ? "/" : encodedPath) + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
        let tlsContext = secure ? try NIOSSLContext(configuration: settings.tls.configuration) : nil
        let group = MultiThreadedEventLoopGroup.singleton
        let eventLoop = group.next()
        let promise = eventLoop.makePromise(of: WebSocketHandshake.Upgraded.self)
        let (seconds, attoseconds) = settings.openingTimeout.components
        let timeout = TimeAmount.nanoseconds(
            seconds >= 86_400 ? 86_400_000_000_000 : max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        let deadline = eventLoop.scheduleTask(in: timeout) {
            promise.fail(WebSocketHandshake.Failure.timedOut)
        }
        let maximumFrameSize = min(max(settings.maximumMessageSize, 1 << 14), Int(Int32.max))
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tlsContext {
                        let handler = try NIOSSLClientHandler(
                            context: tlsContext, serverHostname: isAddress ? nil : bareHost)
                        try channel.pipeline.syncOperations.addHandler(handler)
                    }
                    try channel.pipeline.syncOperations.addHandler(
                        WebSocketHandshake(
                            path: path, host: authority,
                            origin: "\(secure ? "https" : "http")://\(authority)",
                            headers: settings.headers, maximumFrameSize: maximumFrameSize, promise: promise))
                }
            }
        let connecting = ClientBootstrap.connect(bootstrap, host: bareHost, port: port, startingOn: eventLoop)
        connecting.whenFailure { promise.fail($0) }
        promise.futureResult.whenComplete { result in
            deadline.cancel()
            if case .failure = result {
                connecting.whenSuccess { $0.close(promise: nil) }
            }
        }
        return try await withTaskCancellationHandler {
            try await promise.futureResult.get()
        } onCancel: {
            promise.fail(CancellationError())
        }
    }

    private static func outcome(
        of error: any Error, url: URL, settings: WebSocketSettings, opened: Bool
    ) -> WebSocketEvent {
        let address = url.absoluteString
        if error is CancellationError || Task.isCancelled {
            return .closed(
                WebSocketClosure(code: WebSocketClosure.abnormalCode, reason: "cancelled", initiator: .client))
        }
        if let failure = error as? WebSocketHandshake.Failure {
            switch failure {
            case .refused(let status, let reason):
                let answer = reason.isEmpty ? "\(status)" : "\(status) \(UnsafeText.clean(reason))"
                return .failed(
                    WebSocketFailure(
                        kind: .handshakeRefused,
                        message:
                            "\(address) did not accept a WebSocket connection (the server answered \(answer) instead of 101 Switching Protocols)",
                        underlying: error))
            case .invalidAnswer(let problem):
                return .failed(
                    WebSocketFailure(
                        kind: .protocolViolation,
                        message: "\(address) did not accept a WebSocket connection: \(problem)",
                        underlying: error))
            case .closed:
                return .failed(
                    WebSocketFailure(
                        kind: .transport(.connectionClosed),
                        message: "Cannot connect to \(address): the connection closed during the opening handshake",
                        underlying: error))
            case .invalidHost:
                return .failed(
                    WebSocketFailure(
                        kind: .invalidURL, message: "Not a WebSocket URL: \(address) (its host is empty or has spaces)",
                        underlying: error))
            case .timedOut:
                return .failed(
                    WebSocketFailure(
                        kind: .transport(.timedOut),
                        message: "Cannot connect to \(address): no answer to the opening handshake in time",
                        underlying: error))
            }
        }
        if let error = error as? NIOWebSocketError,
            error == .multiByteControlFrameLength || error == .invalidFrameLength
        {
            return .closed(
                WebSocketClosure(code: 1009, reason: "a message was larger than the limit", initiator: .client))
        }
        if url.scheme == "wss", !opened, let problem = HTTPTLSErrorReasons.problem(of: error), let host = url.host {
            let tls = HTTPTLSFailure(
                problem: problem, host: HTTPHost.unbracketed(host), port: url.port ?? 443,
                advice: settings.tls.untrustedAdvice,
                underlying: error)
            return .failed(
                WebSocketFailure(
                    kind: .transport(.tls(problem)), message: "Cannot connect to \(address): \(tls.description)",
                    underlying: tls))
        }
        let failure = HTTPFailure(classifying: error)
        if opened {
            if failure.kind == .connectionClosed {
                return .closed(
                    WebSocketClosure(
                        code: WebSocketClosure.abnormalCode, reason: "the connection ended without a close frame",
                        initiator: .none))
            }
            return .failed(
                WebSocketFailure(
                    kind: .transport(failure.kind),
                    message: "The connection to \(address) broke: \(Self.describe(failure))", underlying: error))
        }
        return .failed(
            WebSocketFailure(
                kind: .transport(failure.kind), message: "Cannot connect to \(address): \(Self.describe(failure))",
                underlying: error))
    }

    private static func describe(_ failure: HTTPFailure) -> String {
        switch failure.kind {
        case .timedOut: "the connection timed out"
        case .cannotConnect: "the connection was refused or the host is unreachable"
        case .unknownHost: "the host name did not resolve"
        case .connectionClosed: "the connection closed during the opening handshake"
        default: String(describing: failure.underlying)
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }

    /// `url` with `http`/`https` turned into `ws`/`wss`; nil for other schemes or no host.
    package static func webSocketURL(_ url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let host = components.host, !host.isEmpty
        else {
            return nil
        }
        switch components.scheme?.lowercased() {
        case "ws", "http": components.scheme = "ws"
        case "wss", "https": components.scheme = "wss"
        default: return nil
        }
        return components.url
    }
}
