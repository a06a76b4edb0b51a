extension Resource {
    /// Adds an observer that owns itself: the resource holds it weakly, and it observes until
    /// it is deallocated or removed. Adding the same object again has no effect.
    ///
    /// The observer immediately receives ``ResourceEvent/observerAdded``.
    @discardableResult
    public func addObserver(_ observerAndOwner: any ResourceObserver & AnyObject) -> Self {
        addObserverEntry(observerAndOwner, identity: observerAndOwner.observerIdentity, owner: observerAndOwner)
    }

    /// Adds an observer held strongly for as long as `owner` (held weakly) is alive.
    ///
    /// Adding an observer with the same ``ResourceObserver/observerIdentity`` again adds
    /// `owner` to its owners instead of adding a duplicate; objects have identity, structs do
    /// not unless they implement it.
    @discardableResult
    public func addObserver(_ observer: any ResourceObserver, owner: AnyObject) -> Self {
        addObserverEntry(observer, identity: observer.observerIdentity, owner: owner)
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
        // A closure has no identity to look up: it is always a new entry.
        addObserverEntry(
            ClosureObserver(closure: closure, file: file, line: line), identity: nil, owner: owner)
    }

    /// Removes every observer owned by `owner`. An observer with other live owners stays.
    ///
    /// The removed observers receive no further events; each receives
    /// ``ResourceObserver/stoppedObserving(resource:)`` on the next turn of the main actor, not
    /// inside this call, or at once if it is added again before then (so it hears
    /// `stoppedObserving` before the new `observerAdded`).
    public func removeObservers(ownedBy owner: AnyObject?) {
        guard let owner else { return }
        let removed = observers.removeAll { $0.removeOwner(owner) }
        var stopped: [(observer: any ResourceObserver, identity: AnyHashable?)] = []
        for entry in removed {
            guard let observer = entry.observerIgnoringOwners else { continue }
            if let identity = entry.identity {
                // Removed twice in one turn: the first removal's message is enough.
                guard observers.pendingStops.insert(identity).inserted else { continue }
            }
            stopped.append((observer, entry.identity))
        }
        guard !stopped.isEmpty else { return }
        Task { @MainActor in
            for (observer, identity) in stopped {
                // Added again in the meantime, the removal was completed then (see addObserverEntry).
                if let identity, self.observers.pendingStops.remove(identity) == nil { continue }
                observer.stoppedObserving(resource: self)
            }
        }
    }

    private func addObserverEntry(
        _ observer: any ResourceObserver, identity: AnyHashable?, owner: AnyObject
    ) -> Self {
        // An observer removed on this turn and added again completes its removal first, as in
        // Siesta: it hears stoppedObserving, then observerAdded.
        if let identity, observers.pendingStops.remove(identity) != nil {
            observer.stoppedObserving(resource: self)
        }
        if let identity, let existing = observers.entry(for: identity) {
            if existing.isAlive {
                existing.addOwner(owner)
                return self
            }
            // The identity of an object that is gone may be reused by a new one.
            cleanDefunctObservers()
        } else if observers.isSweepDue {
            cleanDefunctObservers()
        }
        let entry = ObserverEntry(observer: observer, identity: identity)
        entry.addOwner(owner)
        observers.append(entry)
        SiestaLog.log(.observers, "\(self) gained an observer (\(observers.count) in all)")
        observer.resourceChanged(self, event: .observerAdded)
        cacheLoader.startIfNeeded(for: self)
        return self
    }

    /// The observers whose owners are alive, after dropping the others.
    func liveObservers() -> [any ResourceObserver] {
        cleanDefunctObservers()
        return observers.entries.compactMap(\.observer)
    }

    /// Sends an event to every live observer. An observer removed, or whose owners go away,
    /// while the event is being delivered does not receive it.
    func notifyObservers(_ event: ResourceEvent) {
        SiestaLog.log(.stateChanges, "\(self) \(event)")
        cleanDefunctObservers()
        for entry in observers.entries {
            entry.observer?.resourceChanged(self, event: event)
        }
    }

    /// Drops observers whose owners are gone; those still alive get `stoppedObserving`.
    func cleanDefunctObservers() {
        let removed = observers.removeAll { !$0.refresh() }
        for entry in removed {
            entry.observerIgnoringOwners?.stoppedObserving(resource: self)
        }
    }
}
