import NIOConcurrencyHelpers
@preconcurrency import OpenCombine

/// The state of one wait for the first element of a publisher.
private final class FirstValueWait<Output: Sendable, Failure: Swift.Error>: Sendable {

    private struct State {
        var continuation: CheckedContinuation<Result<Output, Failure>?, Never>?
        var cancellable: AnyCancellable?
        var done = false
    }

    private let state = NIOLockedValueBox(State())

    func start(_ continuation: CheckedContinuation<Result<Output, Failure>?, Never>) {
        let alreadyDone = state.withLockedValue { state -> Bool in
            if state.done {
                return true
            }
            state.continuation = continuation
            return false
        }
        if alreadyDone {
            continuation.resume(returning: nil)
        }
    }

    func keep(_ cancellable: AnyCancellable) {
        let discard = state.withLockedValue { state -> Bool in
            if state.done {
                return true
            }
            state.cancellable = cancellable
            return false
        }
        if discard {
            cancellable.cancel()
        }
    }

    func finish(_ result: Result<Output, Failure>?) {
        let (continuation, cancellable) = state.withLockedValue { state in
            guard !state.done else {
                return (CheckedContinuation<Result<Output, Failure>?, Never>?.none, AnyCancellable?.none)
            }
            state.done = true
            defer {
                state.continuation = nil
                state.cancellable = nil
            }
            return (state.continuation, state.cancellable)
        }
        cancellable?.cancel()
        continuation?.resume(returning: result)
    }
}

extension Publisher where Output: Sendable {

    /// Subscribes and returns the first element or the failure, or `nil` when the publisher
    /// finishes without an element or the calling task is cancelled (the subscription is then
    /// cancelled).
    func firstResult() async -> Result<Output, Failure>? {
        let wait = FirstValueWait<Output, Failure>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                wait.start(continuation)
                let cancellable = first().sink(
                    receiveCompletion: { completion in
                        if case .failure(let error) = completion {
                            wait.finish(.failure(error))
                        } else {
                            wait.finish(nil)
                        }
                    },
                    receiveValue: { value in
                        wait.finish(.success(value))
                    }
                )
                wait.keep(cancellable)
            }
        } onCancel: {
            wait.finish(nil)
        }
    }
}
