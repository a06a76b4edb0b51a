/// Something that wants to know about every change to a resource's state, whoever caused it.
///
/// ```swift
/// final class ProfileScreen: ResourceObserver {
///     func resourceChanged(_ resource: Resource, event: ResourceEvent) {
///         nameLabel.text = resource.jsonDict["name"] as? String
///     }
/// }
/// profile.addObserver(screen)
/// ```
///
/// Observers are called on the main actor. A new observer immediately receives
/// ``ResourceEvent/observerAdded``.
@MainActor
public protocol ResourceObserver {
    /// Called whenever the resource's state changes, and once when the observer is added.
    func resourceChanged(_ resource: Resource, event: ResourceEvent)

    /// Called as a load request progresses, with values from 0 to 1. Optional.
    func resourceRequestProgress(for resource: Resource, progress: Double)

    /// Called when this observer is removed from the resource, either explicitly or because
    /// its owner went away. Optional.
    func stoppedObserving(resource: Resource)

    /// What makes two observers “the same” for duplicate detection. Objects are identified by
    /// identity; other values are never equal to one another unless they implement this.
    var observerIdentity: AnyHashable { get }
}

extension ResourceObserver {
    /// Does nothing.
    public func resourceRequestProgress(for resource: Resource, progress: Double) {}

    /// Does nothing.
    public func stoppedObserving(resource: Resource) {}

    /// A fresh identity on every call, so value-type observers are never considered duplicates.
    public var observerIdentity: AnyHashable { AnyHashable(UniqueObserverIdentity()) }
}

extension ResourceObserver where Self: AnyObject {
    /// The object's identity.
    public var observerIdentity: AnyHashable { AnyHashable(ObjectIdentifier(self)) }
}

/// The closure type of `Resource.addObserver(owner:file:line:closure:)`.
public typealias ResourceObserverClosure = @MainActor (Resource, ResourceEvent) -> Void

/// An identity equal only to itself.
private final class UniqueObserverIdentity: Hashable {
    static func == (lhs: UniqueObserverIdentity, rhs: UniqueObserverIdentity) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
