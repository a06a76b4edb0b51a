import NIOConcurrencyHelpers
@preconcurrency import OpenCombine

/// The shared result of a scheduled ``Request``: a `Publisher` of the decoded result, also
/// readable with `async`/`await`.
///
/// Returned by ``Request/schedule(with:)``. Contract:
/// - The request is sent when the first subscriber subscribes (or ``value`` is first awaited),
///   not when it is scheduled.
/// - Any number of subscribers and `await`ers share that one request. Each gets the one result
///   (one value then `.finished`, or one failure); subscribers arriving after the request finished
///   get the same result replayed at once, without a new request.
/// - A value is delivered to a subscriber once it has requested demand; failures need none.
/// - When every subscriber has cancelled (and no task awaits ``value``) before the result
///   arrived, the HTTP request is cancelled, the connection closed and nothing is delivered. A
///   later subscriber then starts a fresh request.
/// - Results and completions arrive on a background thread (for a small body, the thread of
///   the connection it came on, which other requests wait for meanwhile); hop to your own
///   executor or use `receive(on:)` if you need one or do long work with the result.
///
/// ```swift
/// let response = UserRequest().schedule(with: MyApi())
/// let c = response.sink(receiveCompletion: { print($0) }) { users in print(users) }
/// let users = try await response.value
/// ```
public final class Response<RequestType: Request, Failure: Swift.Error>: Publisher, Sendable {

    /// The decoded result type of the request.
    public typealias Output = RequestType.Result

    typealias Outcome = Result<Delivery<Output>, Failure>

    private enum Phase: Sendable {
        case idle
        case running(RequestCancellation, generation: Int)
        case finished(Outcome)

        var isFinished: Bool {
            if case .finished = self {
                return true
            }
            return false
        }
    }

    private enum Listener: Sendable {
        case subscription(ResponseSubscription<Output, Failure>)
        case header(ResponseSubscription<[String: String], Failure>)
        case waiter(CheckedContinuation<Outcome, Never>)
    }

    private struct State: Sendable {
        var phase = Phase.idle
        var listeners: [Int: Listener] = [:]
        var nextID = 0
        var generation = 0
        var abandonedWaiters: Set<Int> = []
    }

    /// The request this response belongs to.
    public let request: RequestType

    /// Starts one run of the request: reports its outcome once, from any thread, unless the
    /// cancellation it is given was used.
    private let operation: @Sendable (RequestCancellation, _ report: @escaping @Sendable (Outcome) -> Void) -> Void
    private let cancelledFailure: Failure
    private let state = NIOLockedValueBox(State())

    init(
        request: RequestType,
        cancelledFailure: Failure,
        operation: @escaping @Sendable (RequestCancellation, _ report: @escaping @Sendable (Outcome) -> Void) -> Void
    ) {
        self.request = request
        self.cancelledFailure = cancelledFailure
        self.operation = operation
    }

    // MARK: Publisher

    /// Attaches a subscriber; the first one starts the request. See the type's contract.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let id = state.withLockedValue { state in
            state.nextID += 1
            return state.nextID
        }
        let subscription = ResponseSubscription<Output, Failure>(subscriber: AnySubscriber(subscriber)) {
            [self] in
            detach(id, isWaiter: false)
        }
        subscriber.receive(subscription: subscription)
        guard !subscription.isCancelled else {
            return
        }
        attach(id, .subscription(subscription))
    }

    /// Attaches a subscriber of the response's header fields (see ``header``).
    func receiveHeader<S: Subscriber>(subscriber: S) where S.Input == [String: String], S.Failure == Failure {
        let id = state.withLockedValue { state in
            state.nextID += 1
            return state.nextID
        }
        let subscription = ResponseSubscription<[String: String], Failure>(subscriber: AnySubscriber(subscriber)) {
            [self] in
            detach(id, isWaiter: false)
        }
        subscriber.receive(subscription: subscription)
        guard !subscription.isCancelled else {
            return
        }
        attach(id, .header(subscription))
    }

    /// The header fields of the response, as a publisher that shares this response's single
    /// request: subscribing to it starts the request like subscribing to the response, and
    /// subscribing to both sends one request. It delivers one dictionary (field name as sent by
    /// the server → value, repeated fields folded as ``HttpResponse`` describes) then finishes, or
    /// fails with the response's failure. The dictionary is empty when a ``ServiceHook`` answered
    /// the request.
    public var header: AnyPublisher<[String: String], Failure> {
        ResponseHeaderPublisher(response: self).eraseToAnyPublisher()
    }

    // MARK: async

    /// The decoded result, awaited. Starts the request if nobody has yet, shares it otherwise, and
    /// returns at once if it already finished.
    ///
    /// Cancelling the awaiting task makes this throw the service's translation of
    /// ``Squid/Error/cancelled``; the request itself is cancelled only if no other subscriber or
    /// task is waiting for it.
    public var value: Output {
        get async throws(Failure) {
            try await outcome().get().value
        }
    }

    /// The raw HTTP response the result was decoded from (status, headers, final URL, body), or
    /// `nil` when a ``ServiceHook`` answered the request without sending it. Awaiting it behaves
    /// like awaiting ``value``.
    public var httpResponse: HttpResponse? {
        get async throws(Failure) {
            try await outcome().get().httpResponse
        }
    }

    private func outcome() async -> Outcome {
        let id = state.withLockedValue { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                attach(id, .waiter(continuation))
            }
        } onCancel: {
            detach(id, isWaiter: true)
        }
    }

    // MARK: Sharing

    private func attach(_ id: Int, _ listener: Listener) {
        let (ready, run) = state.withLockedValue { state -> (Outcome?, (RequestCancellation, Int)?) in
            if case .waiter = listener, state.abandonedWaiters.remove(id) != nil {
                return (.failure(cancelledFailure), nil)
            }
            if case .finished(let outcome) = state.phase {
                return (outcome, nil)
            }
            state.listeners[id] = listener
            guard case .idle = state.phase else {
                return (nil, nil)
            }
            state.generation += 1
            let cancellation = RequestCancellation()
            state.phase = .running(cancellation, generation: state.generation)
            return (nil, (cancellation, state.generation))
        }
        if let ready {
            Self.notify(listener, of: ready)
        }
        // Started outside the lock: the outcome of an exchange that cannot start is reported
        // before `operation` returns. A cancel that comes first stops the run as it starts.
        if let (cancellation, generation) = run {
            operation(cancellation) { [self] outcome in
                finish(outcome, generation: generation)
            }
        }
    }

    private func detach(_ id: Int, isWaiter: Bool) {
        let (removed, cancellation) = state.withLockedValue { state -> (Listener?, RequestCancellation?) in
            guard let listener = state.listeners.removeValue(forKey: id) else {
                // A waiter cancelled before it was attached must not be attached later.
                if isWaiter, !state.phase.isFinished {
                    state.abandonedWaiters.insert(id)
                }
                return (nil, nil)
            }
            if state.listeners.isEmpty, case .running(let cancellation, _) = state.phase {
                state.phase = .idle
                return (listener, cancellation)
            }
            return (listener, nil)
        }
        cancellation?.cancel()
        if case .waiter(let continuation) = removed {
            continuation.resume(returning: .failure(cancelledFailure))
        }
    }

    private func finish(_ outcome: Outcome, generation: Int) {
        let listeners = state.withLockedValue { state -> [Listener] in
            guard case .running(_, let current) = state.phase, current == generation else {
                return []
            }
            state.phase = .finished(outcome)
            // Closures, not key paths: a key path into this generic type is made anew at run time
            // on every call.
            let listeners = state.listeners.sorted { $0.key < $1.key }.map { $0.value }
            state.listeners = [:]
            return listeners
        }
        for listener in listeners {
            Self.notify(listener, of: outcome)
        }
    }

    private static func dictionary(_ header: HttpHeader?) -> [String: String] {
        var result: [String: String] = [:]
        for (field, value) in header?.fields ?? [] {
            result[field.name] = value
        }
        return result
    }

    private static func notify(_ listener: Listener, of outcome: Outcome) {
        switch listener {
        case .subscription(let subscription):
            subscription.deliver(outcome.map { $0.value })
        case .header(let subscription):
            subscription.deliver(outcome.map { Self.dictionary($0.httpResponse?.header) })
        case .waiter(let continuation):
            continuation.resume(returning: outcome)
        }
    }
}
