import Foundation
import SQLiteStore
import Siesta

/// A persistent `EntityCache` that keeps raw response bodies in one SQLite file, so
/// an app can show data from its previous run before the network answers.
///
/// ```swift
/// let cache = try SQLiteEntityCache(fileURL: cacheFolder.appending(path: "entities.sqlite"))
/// service.configure {
///     $0.pipeline[.rawData].cacheUsing(cache)
/// }
/// ```
///
/// The cache stores the output of the `rawData` stage: the bytes as they came off the network,
/// with their headers, charset and timestamp. On a hit, Siesta runs the later pipeline stages
/// (decoding, parsing, models) on the cached bytes, so cached and fresh data are parsed alike.
///
/// **Keys.** An entry's key is the resource's absolute URL string. Resources whose URL carries
/// a password (`https://user:secret@host/…`) are not cached. The key does not include request
/// headers: if responses differ per user, give each user a file of their own.
///
/// **What is stored.** Content bytes, response headers (lower-cased names, as JSON), charset,
/// timestamp, the entry's size and its last-access time. `Set-Cookie` (and any `Cookie`,
/// `Authorization` or `Proxy-Authorization` header found in the map) is never written.
///
/// **Size bound.** After every write the least recently used entries (by last read or
/// write) are removed until at most `maximumEntries` remain and their sizes add up to at most
/// `maximumBytes`. An entry's size is its content plus its key, header and charset text;
/// SQLite's page overhead is not counted, so the file itself can be somewhat larger. An
/// entity bigger than `maximumBytes` on its own is not kept. As the `EntityCache`
/// contract allows, nothing promises that a written entity can be read back.
///
/// **Files and processes.** The database uses write-ahead logging (`journal_mode=WAL`,
/// `synchronous=NORMAL`): a process killed mid-write loses at most the write in progress,
/// never earlier ones; a power loss can also lose the last few commits. Several processes
/// may use the same file at once; a statement waits up to 5 seconds for another process's
/// lock before failing with ``SQLiteEntityCacheError/sqlite(operation:code:message:)``
/// (`SQLITE_BUSY`), which Siesta treats as a miss. Next to the file SQLite keeps `-wal` and
/// `-shm` files; delete all three together, or none.
///
/// **Damaged files.** On opening, the file is checked with `PRAGMA quick_check`. A file that is
/// not a database or is damaged is moved aside to `<name>.corrupt-<UTC time>` (with its `-wal`
/// and `-shm` files) and a new, empty cache is created; ``recoveryNote`` and
/// ``movedAsideFileURL`` then say so. A file that cannot be opened at all (a directory, a pipe
/// or device, no permission) is never moved: the initializer throws instead.
///
/// **Threading.** The SQLite connection is confined to ``workQueue``, a private serial queue:
/// every SQLite call of this object runs there, one at a time, and waits there for SQLite
/// (which runs on SQLiteNIO's thread pool). Siesta calls the reading and writing methods on
/// that queue; called from anywhere else, they hop onto it synchronously and block the caller
/// until done (avoid that on the main actor, and never call them from a NIO event loop). That
/// confinement is why the type can be `Sendable`.
public final class SQLiteEntityCache: EntityCache, @unchecked Sendable {
    /// Entries are keyed by the resource's absolute URL string.
    public typealias Key = String

    /// The cache stores the `rawData` stage's output: response bodies as bytes.
    public typealias ContentType = Data

    /// The SQLite file, as given to the initializer.
    public let fileURL: URL

    /// At most this many entries are kept.
    public let maximumEntries: Int

    /// The sizes of the kept entries add up to at most this many bytes.
    public let maximumBytes: Int

    /// A sentence explaining that the file found at ``fileURL`` was not a usable database and
    /// was replaced by an empty one, naming where it went; `nil` when the file opened as it
    /// was (including when it was newly created). Show it or log it: the moved file may hold
    /// data someone wants to inspect.
    public let recoveryNote: String?

    /// Where a damaged file was moved (`<name>.corrupt-<UTC time>`), or `nil` when nothing was
    /// moved. Its `-wal` and `-shm` files, if there were any, sit next to it with those
    /// suffixes added.
    public let movedAsideFileURL: URL?

    /// The private serial queue every SQLite call of this cache runs on; Siesta calls
    /// ``readEntity(forKey:)``, ``writeEntity(_:forKey:)``, ``updateEntityTimestamp(_:forKey:)``
    /// and ``removeEntity(forKey:)`` there.
    public let workQueue: DispatchQueue

    /// Confined to `workQueue`: touched only inside `onQueue`, and by the initializer before
    /// the object is shared. Released (closing the file) when the cache is deallocated, when
    /// no block on the queue can still hold the cache.
    private let table: EntityTable

    /// Marks `workQueue`, so calls already on it run directly instead of deadlocking.
    private let queueMarker = DispatchSpecificKey<ObjectIdentifier>()

    /// Opens the cache file at `fileURL`, creating it (and its folder) if needed.
    ///
    /// - Parameters:
    ///   - fileURL: A file URL for the SQLite database, e.g. in `$XDG_CACHE_HOME/<app>/`. Use a
    ///     file of its own: the cache adds a table and sets `PRAGMA user_version`.
    ///   - maximumEntries: The most entries kept; at least 1.
    ///   - maximumBytes: The most bytes of entries kept (see the type's discussion of size);
    ///     at least 1.
    /// - Throws: ``SQLiteEntityCacheError/invalidLimits(maximumEntries:maximumBytes:)`` for a
    ///   limit below 1; ``SQLiteEntityCacheError/cannotOpen(path:reason:)`` when the path is
    ///   not a usable file location (a directory, a folder that cannot be created, no
    ///   permission, a read-only file); ``SQLiteEntityCacheError/incompatibleFile(path:reason:)``
    ///   for a sound database of another format; ``SQLiteEntityCacheError/cannotMoveAside(path:reason:)``
    ///   when a damaged file could not be moved; other ``SQLiteEntityCacheError``s for SQLite
    ///   failures such as a lock held by another process for longer than 5 seconds. A damaged
    ///   file is not an error: see ``recoveryNote``.
    ///
    /// Opening reads the whole file once for `PRAGMA quick_check` (tens of milliseconds for a
    /// cache of tens of megabytes) and may wait up to 5 seconds for another process's lock:
    /// create the cache off the main actor if that matters.
    public init(fileURL: URL, maximumEntries: Int = 1000, maximumBytes: Int = 50 * 1024 * 1024) throws {
        guard maximumEntries > 0, maximumBytes > 0 else {
            throw SQLiteEntityCacheError.invalidLimits(maximumEntries: maximumEntries, maximumBytes: maximumBytes)
        }
        let queue = DispatchQueue(label: "SiestaSQLite.SQLiteEntityCache", qos: .utility)
        let opened = try queue.sync {
            try SQLiteEntityCacheError.translating {
                try SQLiteFileOpener.open(
                    fileURL: fileURL, fileDescription: "entity cache",
                    checkCompatibility: { try EntityTable(connection: $0).checkCompatibility() },
                    prepare: { try EntityTable(connection: $0).createIfNeeded() })
            }
        }
        self.fileURL = fileURL
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
        self.recoveryNote = opened.recoveryNote
        self.movedAsideFileURL = opened.movedAsideURL
        self.workQueue = queue
        self.table = EntityTable(connection: opened.connection)
        queue.setSpecific(key: queueMarker, value: ObjectIdentifier(self))
        if let note = opened.recoveryNote, SiestaLog.enabledCategories.contains(.cache) {
            SiestaLog.messageHandler(.cache, note)
        }
    }

    // MARK: EntityCache

    /// The resource's absolute URL string, or `nil` (do not cache) when the URL carries a
    /// password. Runs on the main actor and touches no file.
    @MainActor
    public func key(for resource: Resource) -> String? {
        let url = resource.url
        guard url.password == nil else { return nil }
        return url.absoluteString
    }

    /// Reads the entry for `key` and marks it as the most recently used; `nil` when there is
    /// none (never stored, evicted, or removed).
    ///
    /// The entity has the stored content, headers, charset and timestamp; `Set-Cookie` is never
    /// among the headers.
    ///
    /// - Throws: ``SQLiteEntityCacheError/unreadableEntry(key:reason:)`` when the stored headers
    ///   cannot be decoded; ``SQLiteEntityCacheError/sqlite(operation:code:message:)`` when
    ///   SQLite fails (e.g. the file is locked by another process for more than 5 seconds).
    public func readEntity(forKey key: String) throws -> Entity<Data>? {
        try onQueue {
            guard let stored = try table.read(key: key, now: Self.now()) else { return nil }
            let headers: [String: String]
            do {
                headers = try StoredHeaders.decode(stored.headers)
            } catch {
                throw SQLiteEntityCacheError.unreadableEntry(key: key, reason: "its headers are not a JSON object")
            }
            var entity = Entity<Data>(content: stored.content, headers: headers, timestamp: stored.timestamp)
            entity.charset = stored.charset
            return entity
        }
    }

    /// Stores `entity` under `key`, replacing any earlier entry, marks it as the most recently
    /// used, and then evicts least recently used entries to keep within ``maximumEntries`` and
    /// ``maximumBytes``. The write and its evictions are one transaction.
    ///
    /// Headers are stored without `Set-Cookie`, `Set-Cookie2`, `Cookie`, `Authorization` and
    /// `Proxy-Authorization`. An entity larger than ``maximumBytes`` is not kept, and the older
    /// entry for its key is gone too.
    ///
    /// - Throws: ``SQLiteEntityCacheError/sqlite(operation:code:message:)`` when SQLite fails
    ///   (locked for too long, disk full…); the cache is then unchanged.
    public func writeEntity(_ entity: Entity<Data>, forKey key: String) throws {
        let stored = StoredEntity(
            key: key,
            content: entity.content,
            headers: try StoredHeaders.encode(entity.headers),
            charset: entity.charset,
            timestamp: entity.timestamp)
        try onQueue {
            try table.write(stored, now: Self.now(), maximumEntries: maximumEntries, maximumBytes: maximumBytes)
        }
    }

    /// Sets the timestamp of the entry for `key` (Siesta does this after a 304 Not Modified)
    /// and marks the entry as the most recently used. Does nothing when there is no entry.
    ///
    /// - Throws: ``SQLiteEntityCacheError/sqlite(operation:code:message:)`` when SQLite fails.
    public func updateEntityTimestamp(_ timestamp: TimeInterval, forKey key: String) throws {
        try onQueue {
            try table.updateTimestamp(timestamp, key: key, now: Self.now())
        }
    }

    /// Removes the entry for `key`; does nothing when there is none.
    ///
    /// - Throws: ``SQLiteEntityCacheError/sqlite(operation:code:message:)`` when SQLite fails.
    public func removeEntity(forKey key: String) throws {
        try onQueue {
            try table.remove(key: key)
        }
    }

    // MARK: Maintenance

    /// Removes every entry, for example for a "clear cache" command. The file stays.
    ///
    /// - Throws: ``SQLiteEntityCacheError/sqlite(operation:code:message:)`` when SQLite fails.
    public func removeAllEntities() throws {
        try onQueue {
            try table.removeAll()
        }
    }

    /// How many entries the file holds and how many bytes they count for (as the size bound
    /// counts them), including entries written by other processes.
    ///
    /// - Throws: ``SQLiteEntityCacheError/sqlite(operation:code:message:)`` when SQLite fails.
    public func usage() throws -> SQLiteEntityCacheUsage {
        try onQueue {
            let (entries, bytes) = try table.usage()
            return SQLiteEntityCacheUsage(entryCount: entries, byteCount: bytes)
        }
    }

    /// The keys of all entries, most recently used first: the last key is the next to be
    /// evicted. Reading the list does not count as using the entries.
    ///
    /// - Throws: ``SQLiteEntityCacheError/sqlite(operation:code:message:)`` when SQLite fails.
    public func keysByRecentUse() throws -> [String] {
        try onQueue {
            try table.keysByRecentUse()
        }
    }

    /// Runs SQLite's `PRAGMA quick_check` on the open file and returns the problems it
    /// reports; an empty array means the file is sound. The same check runs on every open.
    ///
    /// - Throws: ``SQLiteEntityCacheError/sqlite(operation:code:message:)`` when the check
    ///   itself cannot run.
    public func integrityProblems() throws -> [String] {
        try onQueue {
            try table.connection.quickCheck()
        }
    }

    // MARK: Confinement

    /// Runs `work` on ``workQueue``: directly when already there, else synchronously.
    private func onQueue<T>(_ work: () throws -> T) throws -> T {
        if DispatchQueue.getSpecific(key: queueMarker) == ObjectIdentifier(self) {
            return try SQLiteEntityCacheError.translating(work)
        }
        return try workQueue.sync { try SQLiteEntityCacheError.translating(work) }
    }

    private static func now() -> TimeInterval {
        Date().timeIntervalSinceReferenceDate
    }
}
