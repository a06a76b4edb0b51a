import Foundation

/// A type-erased ``EntityCache``, as stored in a ``PipelineStage``.
struct AnyEntityCache: Sendable {
    let key: @MainActor @Sendable (Resource) -> (any Sendable)?
    let read: @Sendable (any Sendable) throws -> Entity<Any>?
    let write: @Sendable (Entity<Any>, any Sendable) throws -> Void
    let updateTimestamp: @Sendable (TimeInterval, any Sendable) throws -> Void
    let remove: @Sendable (any Sendable) throws -> Void
    private let workQueueProvider: @Sendable () -> DispatchQueue
    let description: String

    /// The cache's work queue, asked for only when there is work for it, so a cache that
    /// declines a resource (a `nil` key) is never asked.
    var workQueue: DispatchQueue { workQueueProvider() }

    init<Cache: EntityCache>(_ cache: Cache) {
        key = { cache.key(for: $0) }
        read = { key in
            guard let key = key as? Cache.Key else { return nil }
            return try cache.readEntity(forKey: key).map { $0.withContent($0.content as Any) }
        }
        write = { entity, key in
            guard let key = key as? Cache.Key, let content = entity.content as? Cache.ContentType else { return }
            try cache.writeEntity(entity.withContent(content), forKey: key)
        }
        updateTimestamp = { timestamp, key in
            guard let key = key as? Cache.Key else { return }
            try cache.updateEntityTimestamp(timestamp, forKey: key)
        }
        remove = { key in
            guard let key = key as? Cache.Key else { return }
            try cache.removeEntity(forKey: key)
        }
        workQueueProvider = { cache.workQueue }
        description = String(describing: Cache.self)
    }
}
