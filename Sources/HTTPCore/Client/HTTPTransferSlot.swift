import NIOConcurrencyHelpers

/// Holds the transfer of an exchange so a cancellation that arrives before, during or after the
/// start cancels it exactly when it exists.
package final class HTTPTransferSlot: Sendable {
    private struct State {
        var transfer: HTTPTransfer?
        var isCancelled = false
    }

    private let state = NIOLockedValueBox(State())

    /// An empty slot.
    package init() {}

    /// Keeps the transfer; cancels it at once if cancellation came first.
    package func hold(_ transfer: HTTPTransfer) {
        let cancelled = state.withLockedValue { state in
            state.transfer = transfer
            return state.isCancelled
        }
        if cancelled { transfer.cancel() }
    }

    /// Cancels the held transfer, or the one held later.
    package func cancel() {
        let transfer = state.withLockedValue { state in
            state.isCancelled = true
            return state.transfer
        }
        transfer?.cancel()
    }
}
