/// One observer of a resource and the owners that keep it alive.
///
/// A self-owned observer (added with `addObserver(_:)`) is held weakly and owns itself. Other
/// observers are held strongly for as long as at least one of their owners, held weakly, is
/// alive.
@MainActor
final class ObserverEntry {
    private let strongObserver: (any ResourceObserver)?
    private weak var weakObserver: AnyObject?
    private var owners: [WeakOwner] = []
    /// What makes two observers the same; `nil` for closures, which are never the same.
    let identity: AnyHashable?

    /// Set once the entry has left its resource's list; a notification already under way skips
    /// it.
    var isRemoved = false

    init(observer: any ResourceObserver, identity: AnyHashable?, owner: AnyObject, selfOwned: Bool) {
        self.identity = identity
        if selfOwned {
            strongObserver = nil
            weakObserver = owner
        } else {
            strongObserver = observer
        }
        owners = [WeakOwner(owner)]
    }

    /// The observer, if it and at least one owner are still alive and the entry was not removed.
    var observer: (any ResourceObserver)? {
        guard !isRemoved, hasLiveOwner else { return nil }
        if let strongObserver { return strongObserver }
        return weakObserver as? any ResourceObserver
    }

    /// The observer even if its owners are gone (for `stoppedObserving`).
    var observerIgnoringOwners: (any ResourceObserver)? {
        strongObserver ?? (weakObserver as? any ResourceObserver)
    }

    /// Whether the observer and at least one owner are alive.
    var isAlive: Bool {
        guard hasLiveOwner else { return false }
        return strongObserver != nil || weakObserver != nil
    }

    private var hasLiveOwner: Bool {
        owners.contains { $0.object != nil }
    }

    func addOwner(_ owner: AnyObject) {
        if !owners.contains(where: { $0.object === owner }) {
            owners.append(WeakOwner(owner))
        }
    }

    /// Removes an owner; returns true if no live owner remains. Returns false at once, without
    /// touching the weak references, when `owner` was never one of this entry's owners.
    func removeOwner(_ owner: AnyObject) -> Bool {
        let id = ObjectIdentifier(owner)
        guard owners.contains(where: { $0.id == id }) else { return false }
        owners.removeAll { $0.object == nil || $0.object === owner }
        return owners.isEmpty
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
