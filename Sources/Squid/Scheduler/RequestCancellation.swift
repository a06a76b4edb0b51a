import HTTPCore
import NIOConcurrencyHelpers

/// What stops one run of a scheduled request: the task preparing or retrying an attempt and the
/// exchange in flight, whichever exist. A cancel that comes before either is held stops it as
/// soon as it is.
final class RequestCancellation: Sendable {
    private struct State {
        var isCancelled = false
        var task: Task<Void, Never>?
    }

    private let state = NIOLockedValueBox(State())
    private let transfer = HTTPTransferSlot()

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool {
        state.withLockedValue { $0.isCancelled }
    }

    /// Keeps the task now working for the run (replacing a finished one); cancels it at once if
    /// the run was cancelled already.
    func hold(_ task: Task<Void, Never>) {
        let cancelled = state.withLockedValue { state in
            state.task = task
            return state.isCancelled
        }
        if cancelled { task.cancel() }
    }

    /// Keeps the exchange now in flight (replacing a finished one); cancels it at once if the run
    /// was cancelled already.
    func hold(_ transfer: HTTPTransfer) {
        self.transfer.hold(transfer)
    }

    /// Cancels the task and the exchange held now and any held later.
    func cancel() {
        let task = state.withLockedValue { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
        transfer.cancel()
    }
}
