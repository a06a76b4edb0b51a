import Siesta

/// An observer that records every event (by its Siesta name), progress report and
/// `stoppedObserving`, in the order they arrive.
@MainActor
public final class EventRecorder: ResourceObserver {
    /// Every event's Siesta name (`newData(network)`, `requested`, …).
    public private(set) var events: [String] = []
    /// Every progress value reported.
    public private(set) var progress: [Double] = []
    /// How many times the resource stopped being observed by this recorder.
    public private(set) var stoppedCount = 0
    /// Every event and `stoppedObserving`, in the order they arrived.
    public private(set) var timeline: [String] = []

    /// Creates a recorder that has heard nothing yet.
    public init() {}

    /// Records the event.
    public func resourceChanged(_ resource: Resource, event: ResourceEvent) {
        events.append(event.description)
        timeline.append(event.description)
    }

    /// Records the progress value.
    public func resourceRequestProgress(for resource: Resource, progress: Double) {
        self.progress.append(progress)
    }

    /// Records that the resource stopped being observed.
    public func stoppedObserving(resource: Resource) {
        stoppedCount += 1
        timeline.append("stoppedObserving")
    }

    /// Forgets the events and progress heard so far.
    public func clear() {
        events.removeAll()
        progress.removeAll()
    }
}
