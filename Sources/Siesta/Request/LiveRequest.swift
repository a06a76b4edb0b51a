import Foundation

/// A request whose work is done by a ``RequestDelegate``; made by
/// ``Resource/prepareRequest(using:)``. It guarantees the hooks fire once, ignores responses
/// after completion or cancellation, and polls the delegate for progress while it runs.
@MainActor
final class LiveRequest: CompletableRequest, RequestCompletionHandler {
    private let delegate: any RequestDelegate
    private var cancelling = false
    private var progressTask: Task<Void, Never>?

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
        progressTask?.cancel()
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
        progressTask?.cancel()
        complete(with: newInfo)
    }

    private func startProgressPolling() {
        guard state == .inProgress else { return }
        let interval = max(0.005, delegate.progressReportingInterval)
        progressTask = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
                guard let self, self.state == .inProgress else { return }
                self.callbacks.reportProgress(self.delegate.computeProgress())
            }
        }
    }

    private func log(_ message: @autoclosure () -> String) {
        if let category = delegate.logCategory {
            SiestaLog.log(category, message())
        }
    }
}
