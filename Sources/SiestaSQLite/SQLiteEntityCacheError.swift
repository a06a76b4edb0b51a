import Foundation
import SQLiteStore

/// Why a ``SQLiteEntityCache`` could not be opened, or why one of its operations failed.
///
/// Siesta logs errors thrown by a cache's reading and writing methods (under the `cache` log
/// category) and treats them as a cache miss, so a failing cache never fails a request. Errors
/// thrown by ``SQLiteEntityCache/init(fileURL:maximumEntries:maximumBytes:)`` are for the app
/// to handle, for example by running without a persistent cache.
///
/// Every case has a readable ``description`` (also its `localizedDescription`) that names the
/// file or operation involved. Paths and cache keys appear as they are: keys are URLs, so do not
/// show these messages to other users if your URLs carry secrets.
public enum SQLiteEntityCacheError: Error, Equatable, Sendable {
    /// The cache file cannot be opened or created, and nothing was moved or changed: the path
    /// is a directory or a pipe, device or socket, a parent folder cannot be created or is not
    /// writable, the file cannot be read or written (permissions, a read-only file system), or
    /// SQLite refused to open it.
    case cannotOpen(path: String, reason: String)

    /// The file is a readable SQLite database, but not one this version can use (for example
    /// it was written by a newer version with another table layout). It is left untouched.
    case incompatibleFile(path: String, reason: String)

    /// The file is not a usable database and had to be replaced, but moving it aside failed;
    /// it is left where it was and no cache was opened.
    case cannotMoveAside(path: String, reason: String)

    /// The size limits given to the initializer are not positive.
    case invalidLimits(maximumEntries: Int, maximumBytes: Int)

    /// An SQLite call failed while the cache was in use. `code` is SQLite's primary result
    /// code (for example 5, `SQLITE_BUSY`, when another process held the file locked for
    /// longer than the busy timeout), `message` SQLite's own explanation.
    case sqlite(operation: String, code: Int32, message: String)

    /// A stored entry exists but cannot be turned back into an entity (its headers are not
    /// valid JSON). Remove it with ``SQLiteEntityCache/removeEntity(forKey:)`` or let the next
    /// write of the same key replace it.
    case unreadableEntry(key: String, reason: String)
}

extension SQLiteEntityCacheError: CustomStringConvertible, LocalizedError {
    /// A sentence saying what failed and why.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "The entity cache at \(path) cannot be opened: \(reason)."
        case .incompatibleFile(let path, let reason):
            return "The file at \(path) is a database this entity cache cannot use: \(reason)."
        case .cannotMoveAside(let path, let reason):
            return "The damaged entity cache at \(path) could not be moved aside: \(reason)."
        case .invalidLimits(let entries, let bytes):
            return "Entity cache limits must be positive (maximumEntries \(entries), maximumBytes \(bytes))."
        case .sqlite(let operation, let code, let message):
            return "SQLite failed in \(operation) (code \(code)): \(message)."
        case .unreadableEntry(let key, let reason):
            return "The cached entry for \(key) cannot be read: \(reason)."
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension SQLiteEntityCacheError {
    /// The cache's error for a failure of the shared SQLite layer.
    init(_ error: SQLiteStoreError) {
        switch error {
        case .cannotOpen(let path, let reason):
            self = .cannotOpen(path: path, reason: reason)
        case .foreignFile(let path, let kind):
            self = .cannotOpen(path: path, reason: kind.reason)
        case .cannotMoveAside(let path, let reason):
            self = .cannotMoveAside(path: path, reason: reason)
        case .sqlite(let operation, let code, let message):
            self = .sqlite(operation: operation, code: code, message: message)
        case .closed(let path):
            self = .cannotOpen(path: path, reason: "the connection is closed")
        }
    }

    /// Runs `work`, turning ``SQLiteStoreError``s into cache errors; other errors pass through.
    static func translating<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as SQLiteStoreError {
            throw SQLiteEntityCacheError(error)
        }
    }
}
