/// An observer made from a closure, as added by `Resource.addObserver(owner:file:line:closure:)`.
/// `file` and `line` say where it was added, for diagnostics.
struct ClosureObserver: ResourceObserver {
    let closure: ResourceObserverClosure
    let file: String
    let line: Int

    func resourceChanged(_ resource: Resource, event: ResourceEvent) {
        closure(resource, event)
    }
}
