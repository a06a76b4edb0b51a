import Browser
import Foundation
import Siesta

/// Carries out the watch board's commands on Siesta: a pinned resource's `expirationTime` is its
/// interval (through the service's configuration), and the ``WatchScheduler`` calls
/// `loadIfNeeded()` on it once it is stale, so an unchanged resource costs a conditional request.
@MainActor
final class WatchController {
    /// The scheduler (its refresh is set by the browser).
    let scheduler: WatchScheduler<ContinuousClock>
    private let service: Service
    private var intervals: [String: Double] = [:]
    private var configured: Set<String> = []

    /// Creates the controller for `service`.
    init(service: Service, step: Duration = .milliseconds(100)) {
        self.service = service
        scheduler = WatchScheduler(clock: ContinuousClock(), step: step)
    }

    /// True when `url` is pinned.
    func isPinned(_ url: String) -> Bool { intervals[url] != nil }

    /// Carries out a board command.
    func perform(_ command: WatchCommand) {
        switch command {
        case .pin(let url, let interval):
            intervals[url] = interval
            configureOnce(url)
            service.invalidateConfiguration()
            // Spread over the first interval: a hundred pins refresh in turn, not all at once.
            scheduler.watch(url, interval: interval, spread: scheduler.urls.isEmpty ? 0 : Double.random(in: 0..<1))
        case .unpin(let url):
            intervals[url] = nil
            service.invalidateConfiguration()
            scheduler.unwatch(url)
        case .pause(let url, let paused):
            scheduler.setPaused(url, paused)
        case .interval(let url, let interval):
            intervals[url] = interval
            service.invalidateConfiguration()
            scheduler.setInterval(url, interval)
        case .path:
            break
        }
    }

    /// A pinned resource reported (data, not modified, an error, a cancel): its next refresh is
    /// one interval away.
    func resourceReported(_ url: String) {
        if intervals[url] != nil { scheduler.resourceUpdated(url) }
    }

    /// One configuration entry per pinned URL, reading its interval whenever the configuration
    /// is rebuilt (so changing it needs only `invalidateConfiguration()`).
    private func configureOnce(_ url: String) {
        guard !configured.contains(url) else { return }
        configured.insert(url)
        service.configure(
            whenURLMatches: { [weak self] in $0.absoluteString == url && self?.intervals[url] != nil },
            description: "watch board: \(url)",
            configurer: { [weak self] configuration in
                if let interval = self?.intervals[url] { configuration.expirationTime = interval }
            })
    }
}
