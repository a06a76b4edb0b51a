import Browser
import Foundation

/// Refreshes pinned resources when they go stale: each pinned, unpaused resource is due
/// `interval` after its data (or error) last arrived, and is then handed to ``refresh``, which
/// calls `loadIfNeeded()`. A resource that is still loading is left alone until it reports.
///
/// Time comes from a `Clock`, so tests drive it with a manual clock. It wakes every ``step``
/// while something is pinned and costs nothing else; all of it runs on the main actor.
@MainActor
public final class WatchScheduler<C: Clock> where C.Duration == Duration {
    private struct Slot {
        var interval: Duration
        var isPaused: Bool
        var due: C.Instant
        var isWaiting = false
    }

    /// How often due resources are looked for.
    public let step: Duration
    /// Refreshes a resource; returns whether a request is now under way (then the resource is
    /// not due again until ``resourceUpdated(_:)`` says it reported).
    public var refresh: @MainActor (String) -> Bool = { _ in false }

    private let clock: C
    private var slots: [String: Slot] = [:]
    private var order: [String] = []
    private var loop: Task<Void, Never>?

    /// Creates a scheduler on `clock` that looks for due resources every `step`.
    public init(clock: C, step: Duration = .milliseconds(250)) {
        self.clock = clock
        self.step = step
    }

    deinit {
        loop?.cancel()
    }

    /// The URLs being watched, in the order they were added.
    public var urls: [String] { order }

    /// Watches `url`, refreshing it every `interval` seconds; due at once when `refreshNow`.
    /// `spread` (0 to 1) moves the first refresh up to that part of the interval later, so that
    /// many resources pinned together do not all refresh in the same instant ever after.
    public func watch(_ url: String, interval: Double, refreshNow: Bool = true, spread: Double = 0) {
        let duration = Self.duration(interval)
        if slots[url] == nil { order.append(url) }
        let offset = duration * min(1, max(0, spread))
        slots[url] = Slot(
            interval: duration, isPaused: false,
            due: refreshNow ? clock.now.advanced(by: offset) : clock.now.advanced(by: duration + offset))
        startIfNeeded()
    }

    /// Stops watching `url`.
    public func unwatch(_ url: String) {
        slots[url] = nil
        order.removeAll { $0 == url }
        if slots.isEmpty {
            loop?.cancel()
            loop = nil
        }
    }

    /// Pauses or resumes `url`; a resumed resource is due at once.
    public func setPaused(_ url: String, _ paused: Bool) {
        guard var slot = slots[url] else { return }
        slot.isPaused = paused
        if !paused {
            slot.due = clock.now
            slot.isWaiting = false
        }
        slots[url] = slot
    }

    /// Changes how often `url` refreshes; the next refresh is `interval` after its last.
    public func setInterval(_ url: String, _ interval: Double) {
        guard var slot = slots[url] else { return }
        let duration = Self.duration(interval)
        slot.due = slot.due.advanced(by: duration - slot.interval)
        slot.interval = duration
        slots[url] = slot
    }

    /// `url` reported (new data, not modified, an error): it is due one interval from now.
    public func resourceUpdated(_ url: String) {
        guard var slot = slots[url] else { return }
        slot.isWaiting = false
        slot.due = clock.now.advanced(by: slot.interval)
        slots[url] = slot
    }

    /// The unpaused resources due at `now` that are not waiting for a response, in order.
    public func dueURLs(at now: C.Instant) -> [String] {
        order.filter { url in
            guard let slot = slots[url] else { return false }
            return !slot.isPaused && !slot.isWaiting && slot.due <= now
        }
    }

    /// Refreshes every resource due now.
    public func refreshDue() {
        let now = clock.now
        for url in dueURLs(at: now) {
            guard var slot = slots[url] else { continue }
            if refresh(url) {
                slot.isWaiting = true
            } else {
                // Nothing was sent (fresh, or already loading): look again one interval on.
                slot.due = now.advanced(by: slot.interval)
            }
            slots[url] = slot
        }
    }

    /// Stops the scheduler's loop (pins are kept; ``watch(_:interval:refreshNow:)`` starts it
    /// again).
    public func stop() {
        loop?.cancel()
        loop = nil
    }

    private func startIfNeeded() {
        guard loop == nil else { return }
        let clock = clock
        let step = step
        loop = Task { [weak self] in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: step)
                } catch {
                    return
                }
                guard let self else { return }
                self.refreshDue()
            }
        }
    }

    private static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64((WatchBoard.clamp(seconds) * 1000).rounded()))
    }
}
