import Foundation

/// Drives the progress reports of every request in flight from one main-actor task, so that a
/// request costs no task, timer or wake-up of its own: most requests end before their first
/// report is due.
@MainActor
final class ProgressTicker {
    /// The ticker all requests share.
    static let shared = ProgressTicker()

    private struct Subscription {
        let interval: TimeInterval
        var due: TimeInterval
        /// Reports progress; returns false once the request no longer needs reports.
        let report: @MainActor () -> Bool
    }

    private var subscriptions: [ObjectIdentifier: Subscription] = [:]
    private var task: Task<Void, Never>?
    private var wakeTime = TimeInterval.infinity

    /// Calls `report` every `interval` seconds (at least 5 ms) for `owner` until ``remove(_:)``
    /// or until `report` returns false.
    func add(_ owner: AnyObject, interval: TimeInterval, report: @escaping @MainActor () -> Bool) {
        let interval = max(0.005, interval)
        let due = Self.now() + interval
        subscriptions[ObjectIdentifier(owner)] = Subscription(interval: interval, due: due, report: report)
        if due < wakeTime {
            wake(at: due)
        }
    }

    /// Stops the reports for `owner`.
    func remove(_ owner: AnyObject) {
        subscriptions[ObjectIdentifier(owner)] = nil
    }

    private func wake(at time: TimeInterval) {
        task?.cancel()
        wakeTime = time
        let delay = max(0, time - Self.now())
        task = Task { @MainActor [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            guard !Task.isCancelled else { return }
            self?.tick()
        }
    }

    private func tick() {
        task = nil
        wakeTime = .infinity
        let now = Self.now()
        for (id, subscription) in subscriptions where subscription.due <= now {
            if subscription.report() {
                subscriptions[id]?.due = now + subscription.interval
            } else {
                subscriptions[id] = nil
            }
        }
        if let next = subscriptions.values.map(\.due).min() {
            wake(at: next)
        }
    }

    /// Seconds on a clock that never jumps.
    private static func now() -> TimeInterval {
        TimeInterval(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    }
}
