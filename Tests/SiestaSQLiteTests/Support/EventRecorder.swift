import Siesta

/// An observer that records every event by its Siesta name.
@MainActor
final class EventRecorder: ResourceObserver {
    private(set) var events: [String] = []

    func resourceChanged(_ resource: Resource, event: ResourceEvent) {
        events.append(event.description)
    }
}
