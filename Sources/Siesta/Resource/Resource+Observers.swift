extension Resource {
    /// Adds an observer that owns itself: the resource holds it weakly, and it observes until
    /// it is deallocated or removed. Adding the same object again has no effect.
    ///
    /// The observer immediately receives ``ResourceEvent/observerAdded``.
    @discardableResult
    public func addObserver(_ observerAndOwner: any ResourceObserver & AnyObject) -> Self {
        addObserverEntry(observerAndOwner, owner: observerAndOwner, selfOwned: true)
    }

    /// Adds an observer held strongly for as long as `owner` (held weakly) is alive.
    ///
    /// Adding an observer with the same ``ResourceObserver/observerIdentity`` again adds
    /// `owner` to its owners instead of adding a duplicate; objects have identity, structs do
    /// not unless they implement it.
    @discardableResult
    public func addObserver(_ observer: any ResourceObserver, owner: AnyObject) -> Self {
        addObserverEntry(observer, owner: owner, selfOwned: false)
    }

    /// Adds a closure that receives every event for as long as `owner` is alive. Closures have
    /// no identity, so adding one twice calls it twice. Capture `owner` weakly in the closure
    /// to avoid a retain cycle.
    @discardableResult
    public func addObserver(
        owner: AnyObject,
        file: String = #file,
        line: Int = #line,
        closure: @escaping ResourceObserverClosure
    ) -> Self {
        addObserverEntry(ClosureObserver(closure: closure, file: file, line: line), owner: owner, selfOwned: false)
    }

    /// Removes every observer owned by `owner`; each removed observer receives
    /// ``ResourceObserver/stoppedObserving(resource:)``. An observer with other live owners
    /// stays.
    public func removeObservers(ownedBy owner: AnyObject?) {
        guard let owner else { return }
        var removed: [any ResourceObserver] = []
        observerEntries.removeAll { entry in
            guard entry.removeOwner(owner) else { return false }
            if let observer = entry.observerIgnoringOwners { removed.append(observer) }
            return true
        }
        for observer in removed {
            observer.stoppedObserving(resource: self)
        }
    }

    private func addObserverEntry(_ observer: any ResourceObserver, owner: AnyObject, selfOwned: Bool) -> Self {
        cleanDefunctObservers()
        let identity = observer.observerIdentity
        if let existing = observerEntries.first(where: { $0.identity == identity }) {
            existing.addOwner(owner)
            return self
        }
        observerEntries.append(ObserverEntry(observer: observer, owner: owner, selfOwned: selfOwned))
        SiestaLog.log(.observers, "\(self) gained an observer (\(observerEntries.count) in all)")
        observer.resourceChanged(self, event: .observerAdded)
        cacheLoader.startIfNeeded(for: self)
        return self
    }

    /// The observers whose owners are alive, after dropping the others.
    func liveObservers() -> [any ResourceObserver] {
        cleanDefunctObservers()
        return observerEntries.compactMap(\.observer)
    }

    /// Sends an event to every live observer.
    func notifyObservers(_ event: ResourceEvent) {
        SiestaLog.log(.stateChanges, "\(self) \(event)")
        for observer in liveObservers() {
            observer.resourceChanged(self, event: event)
        }
    }

    /// Drops observers whose owners are gone; those still alive get `stoppedObserving`.
    func cleanDefunctObservers() {
        var stopped: [any ResourceObserver] = []
        observerEntries.removeAll { entry in
            guard !entry.isAlive else { return false }
            if let observer = entry.observerIgnoringOwners { stopped.append(observer) }
            return true
        }
        for observer in stopped {
            observer.stoppedObserving(resource: self)
        }
    }
}
