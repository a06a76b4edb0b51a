import HTTPCore

/// The service's table of resources, one per URL string.
///
/// Up to `countLimit` resources are held strongly. When that is exceeded, and on
/// `flushUnused()`, all resources that are not in use (no observers, no requests in flight) are demoted to weak
/// references: they stay the unique instance for their URL as long as someone else holds them.
/// Observers of a released resource whose owners are gone receive `stoppedObserving`.
///
/// Two indexes map the strings given to `Service.resource(_:)` and `Service.resource(absoluteURL:)`
/// to the slot they resolved to, so that asking again for an existing resource skips building its
/// URL. An index entry goes with its slot, when the slot's resource is gone.
@MainActor
final class ResourceCache {
    /// Which kind of string an index maps.
    enum Spelling {
        /// A path given to `Service.resource(_:)`, under the service's base URL.
        case path
        /// A string given to `Service.resource(absoluteURL:)`.
        case absoluteURL
    }

    private var slots: [String: ResourceSlot] = [:]
    private var pathIndex: [String: ResourceSlot] = [:]
    private var absoluteURLIndex: [String: ResourceSlot] = [:]

    /// The slots whose resource the cache holds strongly, each once.
    private var heldSlots: [ResourceSlot] = []

    /// The table's size at which slots whose resources went away while others held them are
    /// looked for, even if no release is due.
    private var sweepThreshold = ResourceCache.minimumSweepThreshold

    private static let minimumSweepThreshold = 1024

    var countLimit = 500 {
        didSet { enforceLimit() }
    }

    /// The resource that `text` resolved to before, if it still exists.
    func resource(spelled text: String, as spelling: Spelling) -> Resource? {
        let slot =
            switch spelling {
            case .path: pathIndex[text]
            case .absoluteURL: absoluteURLIndex[text]
            }
        guard let slot else { return nil }
        return take(slot)
    }

    /// The resource for `key`, made by `create` if there is none; `text`, if given, is recorded as
    /// a spelling of it for ``resource(spelled:as:)``.
    func resource(
        forKey key: String, spelled text: String? = nil, as spelling: Spelling = .path,
        orCreate create: () -> Resource
    ) -> Resource {
        let slot: ResourceSlot
        let resource: Resource
        if let existing = slots[key], let found = take(existing) {
            slot = existing
            resource = found
        } else {
            resource = create()
            if let existing = slots[key] {
                slot = existing
                slot.weak = resource
            } else {
                slot = ResourceSlot(resource)
                slots[key] = slot
            }
            hold(resource, in: slot)
        }
        if let text {
            index(text, as: spelling, to: slot)
        }
        if slots.count >= sweepThreshold {
            removeEmptySlots()
        }
        enforceLimit()
        return resource
    }

    var allResources: [Resource] {
        slots.values.compactMap { $0.strong ?? $0.weak }
    }

    /// How many spellings the indexes hold.
    var indexedSpellingCount: Int {
        pathIndex.count + absoluteURLIndex.count
    }

    /// Releases every resource not in use; when that frees many of them, glibc is asked to hand
    /// the freed memory back to the system shortly after (it keeps freed heap pages otherwise, so
    /// a million flushed resources would stay resident).
    func flushUnused() {
        let before = slots.count
        releaseUnused(sweepingAll: true)
        if before - slots.count >= Self.trimmingRemovalCount {
            releaseMemory()
        }
    }

    /// Asks for freed memory to be returned to the system; called after a flush that removed
    /// many resources.
    var releaseMemory: @MainActor () -> Void = { MemoryRelease.soon() }

    /// How many slots a flush removes before it asks for freed memory to be returned: about the
    /// memory of ``MemoryRelease/threshold`` at roughly a kilobyte a resource.
    static let trimmingRemovalCount = 4096

    /// The slot's resource, held strongly again if only others held it; `nil` if it is gone.
    private func take(_ slot: ResourceSlot) -> Resource? {
        if let strong = slot.strong { return strong }
        guard let alive = slot.weak else { return nil }
        hold(alive, in: slot)
        enforceLimit()
        return alive
    }

    private func hold(_ resource: Resource, in slot: ResourceSlot) {
        slot.strong = resource
        heldSlots.append(slot)
    }

    private func index(_ text: String, as spelling: Spelling, to slot: ResourceSlot) {
        // Only unusual callers spell one URL in many ways; if the indexes grow out of proportion
        // to the table, they start again.
        let limit = Self.maxSpellingsPerSlot * slots.count + Self.spellingAllowance
        switch spelling {
        case .path:
            if pathIndex.count >= limit {
                pathIndex.removeAll()
            }
            pathIndex[text] = slot
        case .absoluteURL:
            if absoluteURLIndex.count >= limit {
                absoluteURLIndex.removeAll()
            }
            absoluteURLIndex[text] = slot
        }
    }

    private static let maxSpellingsPerSlot = 4
    private static let spellingAllowance = 64

    private func enforceLimit() {
        guard heldSlots.count > countLimit else { return }
        releaseUnused()
    }

    /// Stops holding every resource not in use, then drops the slots of those that went away; with
    /// `sweepingAll`, also those of resources that others held and let go since the last sweep.
    private func releaseUnused(sweepingAll: Bool = false) {
        var released: [Resource] = []
        var releasedSlots: [ResourceSlot] = []
        var stillHeld: [ResourceSlot] = []
        for slot in heldSlots {
            guard let strong = slot.strong else { continue }
            if strong.isInUse {
                stillHeld.append(slot)
            } else {
                released.append(strong)
                releasedSlots.append(slot)
                slot.strong = nil
            }
        }
        heldSlots = stillHeld
        // Observers' stoppedObserving may ask the service for resources: only once the table is
        // right again.
        for resource in released {
            resource.cleanDefunctObservers()
        }
        released.removeAll()
        if sweepingAll || releasedSlots.contains(where: \.isEmpty) {
            removeEmptySlots()
        }
    }

    /// Drops the slots whose resources are gone, and their spellings. The tables are rebuilt sized
    /// for what is left, so the memory of many released resources is given back.
    private func removeEmptySlots() {
        if slots.values.contains(where: \.isEmpty) {
            slots = slots.filter { _, slot in
                guard slot.isEmpty else { return true }
                slot.isRemoved = true
                return false
            }
            pathIndex = pathIndex.filter { !$0.value.isRemoved }
            absoluteURLIndex = absoluteURLIndex.filter { !$0.value.isRemoved }
        }
        sweepThreshold = max(Self.minimumSweepThreshold, 2 * slots.count)
    }
}
