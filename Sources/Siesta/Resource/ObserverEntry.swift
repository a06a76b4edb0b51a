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
    let identity: AnyHashable

    init(observer: any ResourceObserver, owner: AnyObject, selfOwned: Bool) {
        identity = observer.observerIdentity
        if selfOwned {
            strongObserver = nil
            weakObserver = owner
        } else {
            strongObserver = observer
        }
        owners = [WeakOwner(owner)]
    }

    /// The observer, if it and at least one owner are still alive.
    var observer: (any ResourceObserver)? {
        guard owners.contains(where: { $0.object != nil }) else { return nil }
        return strongObserver ?? (weakObserver as? any ResourceObserver)
    }

    /// The observer even if its owners are gone (for `stoppedObserving`).
    var observerIgnoringOwners: (any ResourceObserver)? {
        strongObserver ?? (weakObserver as? any ResourceObserver)
    }

    var isAlive: Bool { observer != nil }

    func addOwner(_ owner: AnyObject) {
        if !owners.contains(where: { $0.object === owner }) {
            owners.append(WeakOwner(owner))
        }
    }

    /// Removes an owner; returns true if no live owner remains.
    func removeOwner(_ owner: AnyObject?) -> Bool {
        owners.removeAll { $0.object == nil || $0.object === owner }
        return owners.isEmpty
    }
}

/// A weak reference to an observer's owner.
private struct WeakOwner {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}
