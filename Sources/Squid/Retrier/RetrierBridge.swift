import NIOConcurrencyHelpers
@preconcurrency import OpenCombine

/// Connects the two forms of ``Retrier/retry(_:failingWith:)-(_,_)->Bool`` and records, for the
/// executor, which form answered and whether ``Retrier/allowsMultipleRetries`` was implemented.
enum RetrierBridge {

    /// Which default of which retrier type is calling the other form right now.
    struct Calling: Sendable, Equatable {
        let retrier: ObjectIdentifier
        let fromAsync: Bool
    }

    /// What the executor learns about one retrier.
    final class Report: Sendable {
        private struct State {
            var answeredByFuture = false
            var defaultAllowsMultipleRetries = false
        }

        private let state = NIOLockedValueBox(State())

        var answeredByFuture: Bool {
            state.withLockedValue { $0.answeredByFuture }
        }

        var defaultAllowsMultipleRetries: Bool {
            state.withLockedValue { $0.defaultAllowsMultipleRetries }
        }

        func noteAnsweredByFuture() {
            state.withLockedValue { $0.answeredByFuture = true }
        }

        func noteDefaultAllowsMultipleRetries() {
            state.withLockedValue { $0.defaultAllowsMultipleRetries = true }
        }
    }

    @TaskLocal static var calling: Calling?
    @TaskLocal static var report: Report?

    static func noteDefaultAllowsMultipleRetries() {
        report?.noteDefaultAllowsMultipleRetries()
    }

    /// Asks `retrier` for one failure on behalf of the executor; returns the answer and whether
    /// the retrier may be asked again after the next failure.
    static func ask<R: Request>(_ retrier: any Retrier, _ request: R, _ error: Squid.Error) async -> (
        retry: Bool, askAgain: Bool
    ) {
        let report = Report()
        let boxed = UncheckedSendable(retrier)
        return await $calling.withValue(nil) {
            await $report.withValue(report) {
                let answer = await boxed.value.retry(request, failingWith: error)
                let allows = boxed.value.allowsMultipleRetries
                let askAgain = report.defaultAllowsMultipleRetries ? !report.answeredByFuture : allows
                return (answer, askAgain)
            }
        }
    }

    /// The `async` default: awaits the future form.
    static func asyncAnswer<Retrying: Retrier, R: Request>(
        of retrier: Retrying,
        _ request: R,
        _ error: Squid.Error
    ) async -> Bool {
        let id = ObjectIdentifier(Retrying.self)
        guard calling != Calling(retrier: id, fromAsync: false) else {
            neitherImplemented(Retrying.self)
        }
        report?.noteAnsweredByFuture()
        let future = $calling.withValue(Calling(retrier: id, fromAsync: true)) {
            retrier.retry(request, failingWith: error) as Future<Bool, Never>
        }
        return await $report.withValue(nil) {
            if case .success(let answer) = await future.firstResult() {
                return answer
            }
            return false
        }
    }

    /// The future default: runs the `async` form on a new task.
    static func futureAnswer<Retrying: Retrier, R: Request>(
        of retrier: Retrying,
        _ request: R,
        _ error: Squid.Error
    ) -> Future<Bool, Never> {
        let id = ObjectIdentifier(Retrying.self)
        guard calling != Calling(retrier: id, fromAsync: true) else {
            neitherImplemented(Retrying.self)
        }
        let boxed = UncheckedSendable(retrier)
        return Future { promise in
            let promise = UncheckedSendable(promise)
            Task {
                let answer = await $calling.withValue(Calling(retrier: id, fromAsync: false)) {
                    await boxed.value.retry(request, failingWith: error) as Bool
                }
                promise.value(.success(answer))
            }
        }
    }

    private static func neitherImplemented(_ type: Any.Type) -> Never {
        preconditionFailure(
            "\(type) implements neither retry(_:failingWith:) async -> Bool nor "
                + "retry(_:failingWith:) -> Future<Bool, Never>; implement one of them."
        )
    }
}
