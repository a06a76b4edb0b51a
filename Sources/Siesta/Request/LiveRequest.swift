import Foundation

/// A request whose work is done by a ``RequestDelegate``; made by
/// ``Resource/prepareRequest(using:)``. It guarantees the hooks fire once, ignores responses
/// after completion or cancellation, and polls the delegate for progress while it runs.
@MainActor
final class LiveRequest: CompletableRequest, RequestCompletionHandler {
    private let delegate: any RequestDelegate
    private var cancelling = false

    init(delegate: any RequestDelegate) {
        self.delegate = delegate
        super.init()
    }

    override func startUnderlying() {
        log("start \(delegate.requestDescription)")
        delegate.startUnderlyingOperation(passingResponseTo: self)
        startProgressPolling()
    }

    override func cancel() {
        guard state != .completed else { return }
        log("cancel \(delegate.requestDescription)")
        // Responses that the cancellation itself provokes (e.g. the wrapped request of a chain
        // completing as cancelled) must not reach the delegate's logic or the hooks.
        cancelling = true
        ProgressTicker.shared.remove(self)
        delegate.cancelUnderlyingOperation()
        complete(with: .cancellation)
    }

    override func repeated() -> any Request {
        LiveRequest(delegate: delegate.repeated())
    }

    func willIgnore(_ responseInfo: ResponseInfo) -> Bool {
        cancelling || state == .completed
    }

    func broadcastResponse(_ newInfo: ResponseInfo) {
        guard !willIgnore(newInfo) else { return }
        ProgressTicker.shared.remove(self)
        complete(with: newInfo)
    }

    private func startProgressPolling() {
        guard state == .inProgress else { return }
        ProgressTicker.shared.add(self, interval: delegate.progressReportingInterval) { [weak self] in
            guard let self, self.state == .inProgress else { return false }
            self.callbacks.reportProgress(self.delegate.computeProgress())
            return true
        }
    }

    private func log(_ message: @autoclosure () -> String) {
        if let category = delegate.logCategory {
            SiestaLog.log(category, message())
        }
    }
}
