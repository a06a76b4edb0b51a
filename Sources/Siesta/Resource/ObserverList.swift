/// A resource's observers in the order they were added, with an index by identity so that
/// adding, finding and removing stay cheap with thousands of observers.
///
/// Entries whose owners are gone are swept in bulk: on every notification, when a resource is
/// released, and when the list has doubled since the last sweep, so a long run of additions
/// costs constant time each.
@MainActor
struct ObserverList {
    private(set) var entries: [ObserverEntry] = []
    private var byIdentity: [AnyHashable: ObserverEntry] = [:]
    private var sweepThreshold = ObserverList.minimumSweepThreshold

    /// Identities of removed observers whose `stoppedObserving` is still to be delivered, so
    /// that an observer removed twice in one turn hears it once.
    var pendingStops: Set<AnyHashable> = []

    private static let minimumSweepThreshold = 64

    /// Whether there are no entries at all, live or not.
    var isEmpty: Bool { entries.isEmpty }

    /// How many entries there are, including any not yet swept.
    var count: Int { entries.count }

    /// Whether any entry's observer and one of its owners are alive.
    var hasLiveObserver: Bool { entries.contains { $0.isAlive } }

    /// The entry for an identity, if one was added and not removed.
    func entry(for identity: AnyHashable) -> ObserverEntry? {
        byIdentity[identity]
    }

    /// Whether enough entries were added since the last sweep that another one is due.
    var isSweepDue: Bool { entries.count >= sweepThreshold }

    /// Adds an entry at the end.
    mutating func append(_ entry: ObserverEntry) {
        entries.append(entry)
        if let identity = entry.identity {
            byIdentity[identity] = entry
        }
    }

    /// Removes every entry for which `shouldRemove` is true, keeping the order of the rest, and
    /// returns the removed ones in order. Removed entries are marked so that a notification in
    /// progress skips them.
    mutating func removeAll(where shouldRemove: (ObserverEntry) -> Bool) -> [ObserverEntry] {
        var removed: [ObserverEntry] = []
        entries.removeAll { entry in
            guard shouldRemove(entry) else { return false }
            removed.append(entry)
            return true
        }
        for entry in removed {
            entry.isRemoved = true
            if let identity = entry.identity, byIdentity[identity] === entry {
                byIdentity[identity] = nil
            }
        }
        sweepThreshold = max(Self.minimumSweepThreshold, entries.count * 2)
        return removed
    }
}
