import Foundation

/// A persistent store for entities, so that a resource can show data from an earlier run before
/// the network answers.
///
/// Attach a cache to a pipeline stage with `pipeline[.rawData].cacheUsing(cache)`: the stage's
/// output is written to the cache after every successful load, and a resource reads the cache
/// when it is first observed or its `latestData` is first read, announcing a hit with
/// `newData(.cache)`. A cached entity past its `expirationTime` is followed by a network load.
///
/// Contract:
/// - ``key(for:)`` runs on the main actor and must be fast; return `nil` to skip caching a
///   resource (e.g. one that holds private data).
/// - The other methods run on ``workQueue``, never on the main actor. They may throw; errors
///   are logged and treated as a cache miss, never as a request failure.
/// - Nothing promises that a written entity can be read back: a cache may evict at will.
public protocol EntityCache: Sendable {
    /// The type that identifies an entry, e.g. a URL string.
    associatedtype Key: Sendable

    /// The content type this cache stores, e.g. `Data` for a `rawData` cache.
    associatedtype ContentType

    /// The key for a resource, or `nil` if the resource should not be cached.
    @MainActor
    func key(for resource: Resource) -> Key?

    /// Reads the entity for a key; `nil` when there is none.
    func readEntity(forKey key: Key) throws -> Entity<ContentType>?

    /// Stores an entity, replacing any entry with the same key.
    func writeEntity(_ entity: Entity<ContentType>, forKey key: Key) throws

    /// Updates the timestamp of a stored entity (after a 304 Not Modified). By default it reads
    /// the entity, sets its timestamp and writes it back; a cache that can change a timestamp in
    /// place can do better.
    func updateEntityTimestamp(_ timestamp: TimeInterval, forKey key: Key) throws

    /// Removes the entry for a key, if any.
    func removeEntity(forKey key: Key) throws

    /// The queue the reading and writing methods run on. A serial queue of Siesta's by default.
    var workQueue: DispatchQueue { get }
}

extension EntityCache {
    /// A serial queue shared by caches that do not supply their own.
    public var workQueue: DispatchQueue { EntityCacheQueue.shared }

    /// Reads the entity for `key`, sets its timestamp and writes it back; does nothing when
    /// there is no entry.
    public func updateEntityTimestamp(_ timestamp: TimeInterval, forKey key: Key) throws {
        guard var entity = try readEntity(forKey: key) else { return }
        entity.timestamp = timestamp
        try writeEntity(entity, forKey: key)
    }
}

/// The default work queue of entity caches.
enum EntityCacheQueue {
    static let shared = DispatchQueue(label: "Siesta.EntityCache", qos: .utility)
}
