import Siesta

/// An observer that records every event (by its Siesta name) and progress report.
@MainActor
final class EventRecorder: ResourceObserver {
    private(set) var events: [String] = []
    private(set) var progress: [Double] = []
    private(set) var stoppedCount = 0
    /// Every event and `stoppedObserving`, in the order they arrived.
    private(set) var timeline: [String] = []

    func resourceChanged(_ resource: Resource, event: ResourceEvent) {
        events.append(event.description)
        timeline.append(event.description)
    }

    func resourceRequestProgress(for resource: Resource, progress: Double) {
        self.progress.append(progress)
    }

    func stoppedObserving(resource: Resource) {
        stoppedCount += 1
        timeline.append("stoppedObserving")
    }

    func clear() {
        events.removeAll()
        progress.removeAll()
    }
}
