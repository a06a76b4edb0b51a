import Foundation
@preconcurrency import OpenCombine
import Squid
import TestSupport
import Testing

/// What a publisher sent to one subscriber: its values and its completion.
struct Collected<Output, Failure: Error> {
    var values: [Output] = []
    var completion: Subscribers.Completion<Failure>?

    var error: Failure? {
        if case .failure(let error) = completion {
            return error
        }
        return nil
    }
}

/// Subscribes with `sink` and records what arrives; `cancel()` cancels the subscription.
final class Collector<Output: Sendable, Failure: Error>: Sendable {
    private let state = Recorder(Collected<Output, Failure>())
    private let cancellable = Recorder<AnyCancellable?>(nil)

    init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        let state = self.state
        let token = publisher.sink(
            receiveCompletion: { completion in
                state.update { $0.completion = completion }
            },
            receiveValue: { value in
                state.update { $0.values.append(value) }
            }
        )
        cancellable.update { $0 = token }
    }

    var collected: Collected<Output, Failure> {
        state.value
    }

    var isComplete: Bool {
        state.value.completion != nil
    }

    func cancel() {
        cancellable.value?.cancel()
    }

    /// Waits for the completion, at most `seconds`; returns what was collected.
    func finish(within seconds: Double = 10) async throws -> Collected<Output, Failure> {
        await waitUntil("the publisher to complete", timeout: seconds) { isComplete }
        return collected
    }
}
