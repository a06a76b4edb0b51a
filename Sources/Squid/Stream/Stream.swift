import Foundation
import HTTPCore
import NIOConcurrencyHelpers
@preconcurrency import OpenCombine

/// A scheduled ``StreamRequest``: a publisher of every message the peer sends, decoded, and the
/// way to send messages to it.
///
/// Returned by ``StreamRequest/schedule(with:)``. Contract:
/// - The connection opens when the first subscriber subscribes. Every subscriber shares it and
///   gets the messages that arrive while it is subscribed; nothing is replayed.
/// - Each message of the peer is one element: `.success(result)`, or `.failure(error)` when
///   ``StreamRequest/decode(_:)`` threw. A bad message does not end the stream.
/// - The stream fails (and never finishes otherwise) when the connection cannot be made or
///   ends: ``Squid/Error/closedStream(code:)`` with the peer's code and reason, or the
///   connection's error. The service's ``HttpService/process(_:)`` sees that error.
/// - When every subscriber has cancelled, the connection is closed; a later subscriber opens a
///   new one. A subscription keeps the stream alive, so `request.schedule(with:).sink {…}`
///   works without keeping the stream; a stream released with no subscriber closes.
/// - Elements arrive on a background thread, in the order the peer sent them.
///
/// ```swift
/// let stream = AnyStreamRequest(url: "ws://127.0.0.1:8080/ws/echo").schedule()
/// let c = stream.ignoreError().ignoreResultErrors().sink { print($0) }
/// let sent = stream.send("hello")   // a publisher of one Result<Void, Squid.Error>
/// ```
public final class Stream<StreamRequestType: StreamRequest>: Publisher, Sendable {

    /// One message of the peer: its decoded result, or why decoding it failed.
    public typealias Output = Swift.Result<StreamRequestType.Result, Squid.Error>

    /// Why the stream ended.
    public typealias Failure = Squid.Error

    private struct State: Sendable {
        var subscribers = 0
        var generation = 0
        var connection: WebSocketConnection?
        var url: URL?
        var ended: Squid.Error?
        var waiters: [CheckedContinuation<(WebSocketConnection, URL), any Error>] = []
        /// The last send started; each send waits for the one before it, so messages go in order.
        var lastSend: Task<Void, Never>?
        /// A close asked for while the connection was being made (or before the first one).
        var pendingClose: StreamCloseCode?
        /// How many times the last subscriber has left; a send queued before the latest departure
        /// fails rather than go out on a later connection.
        var departures = 0
    }

    /// The request this stream belongs to.
    public let request: StreamRequestType

    private let subject = UncheckedSendable(PassthroughSubject<Output, Failure>())
    private let state = NIOLockedValueBox(State())
    private let open: @Sendable () async throws(Squid.Error) -> (WebSocketConnection, URL)
    private let process: @Sendable (Squid.Error) -> Void

    init<Service: HttpService>(request: StreamRequestType, service: Service) {
        self.request = request
        self.process = { service.process($0) }
        self.open = { () async throws(Squid.Error) -> (WebSocketConnection, URL) in
            let url = try RequestURL.make(
                service: service, routes: request.routes, query: request.query, forStream: true)
            let header = try await HeaderBridge.fields(of: service, for: request.header)
            let configuration = service.sessionConfiguration
            let settings = WebSocketSettings(
                headers: header.fields.map { (name: $0.field.name, value: $0.value) },
                pingInterval: configuration.streamPingInterval.flatMap { seconds in
                    // Not a number, zero or less, or absurdly long: no pings.
                    seconds.isFinite && seconds > 0 && seconds < 1e9
                        ? .milliseconds(Int((seconds * 1000).rounded())) : nil
                },
                maximumMessageSize: configuration.maximumMessageSize)
            return (WebSocketConnection(url: url, settings: settings), url)
        }
    }

    deinit {
        state.withLockedValue { $0.connection?.cancel() }
    }

    // MARK: Publisher

    /// Attaches a subscriber; the first one opens the connection. See the type's contract.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subject.value
            .handleEvents(receiveCancel: { [self] in leave() })
            .receive(subscriber: subscriber)
        join()
    }

    // MARK: Sending

    /// Sends `message` to the peer once the connection is open, and reports how that went.
    ///
    /// The returned publisher emits one `Result` and finishes; it never fails and replays its
    /// result to later subscribers. The message is sent whether or not anyone subscribes to it.
    /// Before any subscriber has opened the connection, the message waits for it.
    public func send(_ message: StreamRequestType.Message) -> AnyPublisher<Swift.Result<Void, Squid.Error>, Never> {
        let payload: WebSocketPayload
        do {
            payload = try self.payload(for: message)
        } catch {
            return Just(.failure(error)).eraseToAnyPublisher()
        }
        // The subject keeps the result (it is never finished), so a late subscriber still gets it.
        let outcome = CurrentValueSubject<Swift.Result<Void, Squid.Error>?, Never>(nil)
        let box = UncheckedSendable(outcome)
        enqueue(payload) { result in box.value.send(result) }
        return outcome.compactMap { $0 }.first().eraseToAnyPublisher()
    }

    /// Sends every message `source` publishes, as ``send(_:)`` does, and publishes each
    /// outcome. Cancel the returned publisher's subscription when the stream is done.
    public func send<P: Publisher>(from source: P) -> AnyPublisher<Swift.Result<Void, Squid.Error>, Never>
    where P.Output == StreamRequestType.Message, P.Failure == Never {
        source.flatMap { [self] message in send(message) }.eraseToAnyPublisher()
    }

    /// Sends `message` and returns once it is written, waiting for the connection to open first.
    ///
    /// - Throws: ``Squid/Error/encodingFailed(message:)`` when ``StreamRequest/encode(_:)``
    ///   throws, or the stream's error when it has ended or cannot connect.
    public func sendMessage(_ message: StreamRequestType.Message) async throws(Squid.Error) {
        let payload = try payload(for: message)
        let result = await withCheckedContinuation { continuation in
            enqueue(payload) { continuation.resume(returning: $0) }
        }
        try result.get()
    }

    /// Sends `payload` after every message enqueued before it, then calls `completion` with
    /// the outcome.
    private func enqueue(
        _ payload: WebSocketPayload, completion: @escaping @Sendable (Swift.Result<Void, Squid.Error>) -> Void
    ) {
        state.withLockedValue { state in
            let previous = state.lastSend
            let departures = state.departures
            state.lastSend = Task {
                await previous?.value
                do throws(Squid.Error) {
                    try await self.deliver(payload, queuedAfter: departures)
                    completion(.success(()))
                } catch {
                    completion(.failure(error))
                }
            }
        }
    }

    private func payload(for message: StreamRequestType.Message) throws(Squid.Error) -> WebSocketPayload {
        do {
            switch try request.encode(message).streamMessage {
            case .string(let text): return .text(text)
            case .data(let data): return .binary(data)
            case nil: throw Squid.Error.encodingFailed(message: "the message has a kind WebSocket cannot send")
            }
        } catch let error as Squid.Error {
            throw error
        } catch {
            throw .encodingFailed(message: String(describing: error))
        }
    }

    private func deliver(_ payload: WebSocketPayload, queuedAfter departures: Int) async throws(Squid.Error) {
        let (connection, url): (WebSocketConnection, URL)
        do {
            (connection, url) = try await connectionWhenStarted(queuedAfter: departures)
        } catch {
            throw error as? Squid.Error ?? .unknown(error)
        }
        do {
            try await connection.send(payload)
        } catch {
            throw state.withLockedValue { $0.ended } ?? .noConnection(url: url, reason: "the stream is not open")
        }
    }

    /// Closes the connection with `code` (normal closure by default). Subscribers get
    /// ``Squid/Error/closedStream(code:)`` with that code once the peer has answered. Before the
    /// connection exists, it closes as soon as it opens.
    public func close(code: StreamCloseCode = .normalClosure) {
        let connection = state.withLockedValue { state -> WebSocketConnection? in
            // Kept while a connection is being made, or before the first; a close after every
            // subscriber has left does not reach the next connection.
            if state.connection == nil, state.subscribers > 0 || state.generation == 0 {
                state.pendingClose = code
            }
            return state.connection
        }
        connection?.close(code: code.rawValue, reason: code.reason)
    }

    // MARK: Running

    private func connectionWhenStarted(queuedAfter departures: Int) async throws -> (WebSocketConnection, URL) {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLockedValue { state -> Swift.Result<(WebSocketConnection, URL), any Error>? in
                if let ended = state.ended {
                    return .failure(ended)
                }
                if state.departures > departures {
                    // Every subscriber left after this message was sent; it goes nowhere.
                    return .failure(Squid.Error.cancelled)
                }
                if let connection = state.connection, let url = state.url {
                    return .success((connection, url))
                }
                state.waiters.append(continuation)
                return nil
            }
            if let ready {
                continuation.resume(with: ready)
            }
        }
    }

    private func join() {
        let generation = state.withLockedValue { state -> Int? in
            guard state.ended == nil else {
                return nil
            }
            state.subscribers += 1
            guard state.subscribers == 1 else {
                return nil
            }
            state.generation += 1
            return state.generation
        }
        guard let generation else {
            return
        }
        Task { [self] in
            await run(generation: generation)
        }
    }

    private func leave() {
        let (connection, waiters) = state.withLockedValue {
            state -> (WebSocketConnection?, [CheckedContinuation<(WebSocketConnection, URL), any Error>]) in
            guard state.subscribers > 0 else {
                return (nil, [])
            }
            state.subscribers -= 1
            guard state.subscribers == 0 else {
                return (nil, [])
            }
            state.generation += 1
            state.departures += 1
            state.pendingClose = nil
            defer {
                state.connection = nil
                state.url = nil
                state.waiters = []
            }
            return (state.connection, state.waiters)
        }
        connection?.cancel()
        // Messages waiting for a connection that will not come fail rather than wait forever.
        for waiter in waiters {
            waiter.resume(throwing: Squid.Error.cancelled)
        }
    }

    private func run(generation: Int) async {
        let connection: WebSocketConnection
        let url: URL
        do {
            (connection, url) = try await open()
        } catch {
            end(with: error, generation: generation)
            return
        }
        let waiters = state.withLockedValue { state -> [CheckedContinuation<(WebSocketConnection, URL), any Error>]? in
            guard state.generation == generation else {
                return nil
            }
            state.connection = connection
            state.url = url
            if let code = state.pendingClose {
                state.pendingClose = nil
                connection.close(code: code.rawValue, reason: code.reason)
            }
            defer { state.waiters = [] }
            return state.waiters
        }
        guard let waiters else {
            connection.cancel()
            return
        }
        for waiter in waiters {
            waiter.resume(returning: (connection, url))
        }
        for await event in connection.events {
            guard state.withLockedValue({ $0.generation == generation }) else {
                connection.cancel()
                return
            }
            switch event {
            case .opened:
                break
            case .received(let payload):
                subject.value.send(decode(payload, url: url))
            case .closed(let closure):
                var code = StreamCloseCode(rawValue: closure.code, reason: closure.reason)
                switch closure.initiator {
                case .peer: code.closedBy = .peer
                case .client: code.closedBy = .local
                case .none: code.closedBy = .nobody
                }
                end(with: .closedStream(code: code), generation: generation)
            case .failed(let failure):
                end(with: Self.error(for: failure, url: url), generation: generation)
            }
        }
    }

    private func decode(_ payload: WebSocketPayload, url: URL) -> Output {
        let message: StreamMessage
        switch payload {
        case .text(let text): message = .string(text)
        case .binary(let data): message = .data(data)
        }
        do {
            return .success(try request.decode(StreamRequestType.WireMessage(streamMessage: message)))
        } catch let error as Squid.Error {
            return .failure(error)
        } catch let error as DecodingError {
            return .failure(.decodingFailed(error, url: url))
        } catch {
            return .failure(
                .decodingFailed(
                    .dataCorrupted(
                        DecodingError.Context(
                            codingPath: [], debugDescription: String(describing: error), underlyingError: error)),
                    url: url))
        }
    }

    private func end(with error: Squid.Error, generation: Int) {
        let waiters = state.withLockedValue { state -> [CheckedContinuation<(WebSocketConnection, URL), any Error>]? in
            guard state.generation == generation, state.ended == nil else {
                return nil
            }
            state.ended = error
            state.connection = nil
            defer { state.waiters = [] }
            return state.waiters
        }
        guard let waiters else {
            return
        }
        for waiter in waiters {
            waiter.resume(throwing: error)
        }
        process(error)
        subject.value.send(completion: .failure(error))
    }

    private static func error(for failure: WebSocketFailure, url: URL) -> Squid.Error {
        switch failure.kind {
        case .invalidURL:
            return .invalidUrl(url.absoluteString)
        case .transport(.timedOut):
            return .timeout(url: url)
        case .transport(.unknownHost):
            return .unknownHost(url: url)
        case .transport:
            return .noConnection(url: url, reason: failure.message)
        case .handshakeRefused, .protocolViolation:
            return .invalidResponse(url: url, reason: failure.message)
        case .pingTimeout:
            return .noConnection(url: url, reason: failure.message)
        }
    }
}
