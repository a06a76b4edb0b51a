import NIOConcurrencyHelpers
@preconcurrency import OpenCombine

/// The subscription a ``Response`` hands to each subscriber: it keeps the subscriber's demand,
/// holds a result that arrives before any demand, and reports cancellation to the response.
final class ResponseSubscription<Output: Sendable, Failure: Swift.Error>: Subscription, Sendable {

    private struct State: Sendable {
        var subscriber: AnySubscriber<Output, Failure>?
        var demand = Subscribers.Demand.none
        var pending: Result<Output, Failure>?
        var cancelled = false
    }

    private let state: NIOLockedValueBox<State>
    private let onCancel: @Sendable () -> Void

    init(subscriber: AnySubscriber<Output, Failure>, onCancel: @escaping @Sendable () -> Void) {
        state = NIOLockedValueBox(State(subscriber: subscriber))
        self.onCancel = onCancel
    }

    /// Whether the subscriber cancelled.
    var isCancelled: Bool {
        state.withLockedValue { $0.cancelled }
    }

    func request(_ demand: Subscribers.Demand) {
        let ready = state.withLockedValue { state -> (AnySubscriber<Output, Failure>, Result<Output, Failure>)? in
            state.demand += demand
            guard let pending = state.pending, let subscriber = state.subscriber, state.demand > .none else {
                return nil
            }
            state.pending = nil
            state.subscriber = nil
            return (subscriber, pending)
        }
        if let (subscriber, result) = ready {
            Self.send(result, to: subscriber)
        }
    }

    func cancel() {
        let wasActive = state.withLockedValue { state -> Bool in
            let active = state.subscriber != nil
            state.cancelled = true
            state.subscriber = nil
            state.pending = nil
            return active
        }
        if wasActive {
            onCancel()
        }
    }

    /// Delivers the shared result: failures at once, a value as soon as there is demand.
    func deliver(_ result: Result<Output, Failure>) {
        let ready = state.withLockedValue { state -> AnySubscriber<Output, Failure>? in
            guard let subscriber = state.subscriber else {
                return nil
            }
            if case .success = result, state.demand == .none {
                state.pending = result
                return nil
            }
            state.subscriber = nil
            return subscriber
        }
        if let ready {
            Self.send(result, to: ready)
        }
    }

    private static func send(_ result: Result<Output, Failure>, to subscriber: AnySubscriber<Output, Failure>) {
        switch result {
        case .success(let value):
            _ = subscriber.receive(value)
            subscriber.receive(completion: .finished)
        case .failure(let error):
            subscriber.receive(completion: .failure(error))
        }
    }
}
