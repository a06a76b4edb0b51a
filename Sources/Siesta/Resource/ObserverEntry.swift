/// One observer of a resource and the owners that keep it alive.
///
/// An observer object may own itself (added with `addObserver(_:)`) and may have other owners
/// (added with `addObserver(_:owner:)`), each held weakly. The entry holds the observer strongly
/// only while another owner is alive, so an object that owns itself is never kept alive by the
/// resource, and one whose other owners are gone lives only as long as something else holds it.
/// Value-type observers cannot own themselves and are held for as long as an owner is alive.
@MainActor
final class ObserverEntry {
    /// The observer when it is an object, held weakly.
    private weak var observerObject: AnyObject?
    /// The observer, held strongly while another live owner needs it (always for values).
    private var strongObserver: (any ResourceObserver)?
    private let isObject: Bool
    private var ownsItself = false
    private var owners: [WeakOwner] = []

    /// What makes two observers the same; `nil` for closures, which are never the same.
    let identity: AnyHashable?

    /// Set once the entry has left its resource's list; a notification already under way skips
    /// it.
    var isRemoved = false

    init(observer: any ResourceObserver, identity: AnyHashable?) {
        self.identity = identity
        isObject = type(of: observer) is AnyClass
        if isObject {
            // Held strongly only once an owner other than the observer itself arrives.
            observerObject = observer as AnyObject
        } else {
            strongObserver = observer
        }
    }

    /// The observer, if it and at least one owner are still alive and the entry was not removed.
    var observer: (any ResourceObserver)? {
        guard !isRemoved, ownsItself || hasLiveOwner else { return nil }
        return observerIgnoringOwners
    }

    /// The observer even if its owners are gone (for `stoppedObserving`).
    var observerIgnoringOwners: (any ResourceObserver)? {
        strongObserver ?? (observerObject as? any ResourceObserver)
    }

    /// Whether the observer and at least one owner (itself included) are alive. Lets go of the
    /// strong reference when only the observer's own ownership is left; an entry found dead
    /// keeps it, so that the observer can still be told it stopped observing.
    func refresh() -> Bool {
        let hasOtherOwner = hasLiveOwner
        guard hasOtherOwner || ownsItself else { return false }
        if isObject && !hasOtherOwner {
            strongObserver = nil
        }
        return strongObserver != nil || observerObject != nil
    }

    /// Whether the observer and at least one owner are alive, without changing anything.
    var isAlive: Bool {
        guard ownsItself || hasLiveOwner else { return false }
        return strongObserver != nil || observerObject != nil
    }

    private var hasLiveOwner: Bool {
        owners.contains { $0.object != nil }
    }

    /// Adds an owner: the observer itself, or another object.
    func addOwner(_ owner: AnyObject) {
        if isObject, owner === observerObject {
            ownsItself = true
            return
        }
        if !owners.contains(where: { $0.object === owner }) {
            owners.append(WeakOwner(owner))
        }
        if strongObserver == nil, let object = observerObject as? any ResourceObserver {
            strongObserver = object
        }
    }

    /// Removes an owner; returns true if no live owner remains. Returns false at once, without
    /// touching the weak references, when `owner` is neither the observer nor one of its owners.
    func removeOwner(_ owner: AnyObject) -> Bool {
        if isObject, owner === observerObject {
            ownsItself = false
        } else {
            let id = ObjectIdentifier(owner)
            guard owners.contains(where: { $0.id == id }) else { return false }
            owners.removeAll { $0.object == nil || $0.object === owner }
        }
        return !refresh()
    }
}

/// A weak reference to an observer's owner, with the owner's identifier for quick comparison.
private struct WeakOwner {
    weak var object: AnyObject?
    let id: ObjectIdentifier

    init(_ object: AnyObject) {
        self.object = object
        id = ObjectIdentifier(object)
    }
}
