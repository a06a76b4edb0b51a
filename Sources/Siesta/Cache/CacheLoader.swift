import Foundation

/// Reads a resource's persistent caches once (on first observer or first `latestData`
/// access, and again after `wipe()`), writes new network data to them, and holds back
/// `loadIfNeeded()` until the read is done.
///
/// A `loadIfNeeded()` during the read counts as a load (the resource `isLoading`), and ends as
/// follows: a fresh hit gives `newData(.cache)` then `notModified` with no request; a stale hit
/// gives `newData(.cache)`, `requested`, `newData(.network)`; a miss gives `requested`,
/// `newData(.network)`. The latest stage's cache is read first; an entry that the rest of the
/// pipeline rejects falls back to earlier stages.
@MainActor
final class CacheLoader {
    private var started = false
    private(set) var isReading = false
    private var superseded = false
    private var deferred: DeferredLoadRequest?

    /// Counts reads, so that a read overtaken by `reset()` (a wipe) is ignored when it ends.
    private var generation = 0

    func reset() {
        started = false
        superseded = false
        isReading = false
        deferred = nil
        generation += 1
    }

    /// Whether a load should wait for the cache read: one is under way and no network or local
    /// data has arrived meanwhile.
    var holdsBackLoads: Bool { isReading && !superseded }

    /// Network or local data arrived; a cache read still in flight must not replace it.
    func markSuperseded() {
        superseded = true
    }

    func startIfNeeded(for resource: Resource) {
        guard !started else { return }
        started = true
        let pipeline = resource.configuration.pipeline
        let lookups = Self.lookups(in: pipeline, for: resource).reversed()
        guard !lookups.isEmpty else { return }
        isReading = true
        let stages = Array(lookups)
        let generation = generation
        Task.detached { [weak self, weak resource] in
            var found: Entity<Any>?
            for lookup in stages {
                let entity = await Self.perform(on: lookup.cache.workQueue) {
                    do {
                        return try lookup.cache.read(lookup.key)
                    } catch {
                        SiestaLog.log(.cache, "cache read failed: \(error)")
                        return nil
                    }
                }
                guard let entity else { continue }
                // An entry that a later stage rejects falls back to earlier stages, then the network.
                if case .success(let processed) = pipeline.process(.success(entity), after: lookup.stage) {
                    found = processed
                    break
                }
                SiestaLog.log(.cache, "cached entity at \(lookup.stage) failed the pipeline; trying earlier stages")
            }
            await self?.finishRead(found, resource: resource, generation: generation)
        }
    }

    private func finishRead(_ entity: Entity<Any>?, resource: Resource?, generation: Int) {
        guard generation == self.generation else { return }
        isReading = false
        guard let resource else { return }
        if let entity, !superseded, resource.latestError == nil, !resource.hasStoredData {
            SiestaLog.log(.cache, "\(resource) read from cache")
            resource.receiveNewData(entity, source: .cache)
        }
        if let deferred {
            self.deferred = nil
            resource.resolveDeferredLoad(deferred)
        }
    }

    /// The stand-in load that `loadIfNeeded()` returns while the cache is read, and whether it
    /// was made by this call.
    func deferredLoad(for resource: Resource) -> (request: DeferredLoadRequest, isNew: Bool) {
        if let deferred, deferred.state == .inProgress { return (deferred, false) }
        let request = DeferredLoadRequest(resource: resource)
        deferred = request
        return (request, true)
    }

    func write(_ outputs: [PipelineStageKey: Entity<Any>], for resource: Resource) {
        for lookup in Self.lookups(in: resource.configuration.pipeline, for: resource) {
            guard let entity = outputs[lookup.stage] else { continue }
            lookup.cache.workQueue.async {
                do { try lookup.cache.write(entity, lookup.key) } catch {
                    SiestaLog.log(.cache, "cache write failed: \(error)")
                }
            }
        }
    }

    func updateTimestamps(for resource: Resource, to timestamp: TimeInterval) {
        for lookup in Self.lookups(in: resource.configuration.pipeline, for: resource) {
            lookup.cache.workQueue.async {
                do { try lookup.cache.updateTimestamp(timestamp, lookup.key) } catch {
                    SiestaLog.log(.cache, "cache timestamp update failed: \(error)")
                }
            }
        }
    }

    func removeCachedEntries(for resource: Resource) {
        for lookup in Self.lookups(in: resource.configuration.pipeline, for: resource) {
            lookup.cache.workQueue.async {
                do { try lookup.cache.remove(lookup.key) } catch {
                    SiestaLog.log(.cache, "cache removal failed: \(error)")
                }
            }
        }
    }

    private struct Lookup: Sendable {
        let stage: PipelineStageKey
        let cache: AnyEntityCache
        let key: any Sendable
    }

    private static func lookups(in pipeline: Pipeline, for resource: Resource) -> [Lookup] {
        pipeline.orderedStages.compactMap { key, stage in
            guard let cache = stage.cache, let cacheKey = cache.key(resource) else { return nil }
            return Lookup(stage: key, cache: cache, key: cacheKey)
        }
    }

    private nonisolated static func perform<T: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () -> T
    ) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
