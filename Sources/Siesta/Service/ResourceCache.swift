/// The service's table of resources, one per URL string.
///
/// Up to `countLimit` resources are held strongly. When that is exceeded, and on
/// `flushUnused()`, all resources that are not in use (no observers, no requests in flight) are demoted to weak
/// references: they stay the unique instance for their URL as long as someone else holds them.
/// Observers of a released resource whose owners are gone receive `stoppedObserving`.
@MainActor
final class ResourceCache {
    private struct Entry {
        var strong: Resource?
        weak var weak: Resource?
    }

    private var entries: [String: Entry] = [:]
    private var strongCount = 0

    var countLimit = 500 {
        didSet { enforceLimit() }
    }

    func resource(forKey key: String, orCreate create: () -> Resource) -> Resource {
        if let entry = entries[key] {
            if let strong = entry.strong { return strong }
            if let alive = entry.weak {
                entries[key] = Entry(strong: alive, weak: alive)
                strongCount += 1
                enforceLimit()
                return alive
            }
        }
        let resource = create()
        entries[key] = Entry(strong: resource, weak: resource)
        strongCount += 1
        enforceLimit()
        return resource
    }

    var allResources: [Resource] {
        entries.values.compactMap { $0.strong ?? $0.weak }
    }

    func flushUnused() {
        demoteUnused(keepingAtMost: 0)
    }

    private func enforceLimit() {
        guard strongCount > countLimit else { return }
        demoteUnused(keepingAtMost: 0)
    }

    private func demoteUnused(keepingAtMost limit: Int) {
        var released: [Resource] = []
        for (key, entry) in entries {
            guard strongCount > limit else { break }
            if let strong = entry.strong, !strong.isInUse {
                released.append(strong)
                entries[key]?.strong = nil
                strongCount -= 1
            }
        }
        // Observers' stoppedObserving may ask the service for resources: only once the counts
        // are right again.
        for resource in released {
            resource.cleanDefunctObservers()
        }
        released.removeAll()
        entries = entries.filter { $0.value.strong != nil || $0.value.weak != nil }
    }
}
