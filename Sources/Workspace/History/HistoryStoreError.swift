import Foundation
import SQLiteStore

/// Why a ``HistoryStore`` could not be opened, or why one of its operations failed.
///
/// Every case has a ``description`` (also its `localizedDescription`): one sentence naming
/// the file and the reason, fit for the Events pane.
public enum HistoryStoreError: Error, Equatable, Sendable {
    /// The history file cannot be opened or created and nothing was moved or changed: the path
    /// is a directory or a pipe or device, a folder on the way is a file or cannot be created,
    /// the folder is not writable, the file cannot be read or written, or SQLite refused it.
    case cannotOpen(path: String, reason: String)

    /// The path names something that is not an SQLite file and it was left alone (only when
    /// the store was opened with `refusesForeignFile`, or for a pipe or device).
    case foreignFile(path: String, reason: String)

    /// The file is a sound SQLite database, but not one this version can use (a newer layout
    /// or another program's tables). It is left untouched.
    case incompatibleFile(path: String, reason: String)

    /// The file was damaged and had to be replaced, but moving it aside failed.
    case cannotMoveAside(path: String, reason: String)

    /// A limit given to the initializer is below 1.
    case invalidLimits(maximumEntries: Int, maximumBodyBytes: Int)

    /// An SQLite statement failed (`code` is SQLite's primary result code, e.g. 5 when another
    /// process held the file locked for more than 5 seconds, 13 when the disk is full).
    case sqlite(operation: String, code: Int32, message: String)

    /// A stored entry cannot be read back (its header or redirect text is not valid JSON).
    case unreadableEntry(id: Int64, reason: String)

    /// The store was closed with ``HistoryStore/close()``.
    case closed(path: String)
}

extension HistoryStoreError: CustomStringConvertible, LocalizedError {
    /// A sentence saying what failed and why.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "The history file \(path) cannot be opened: \(reason)."
        case .foreignFile(let path, let reason):
            return "The history file \(path) was left alone: \(reason)."
        case .incompatibleFile(let path, let reason):
            return "The file \(path) is a database the history cannot use: \(reason)."
        case .cannotMoveAside(let path, let reason):
            return "The damaged history file \(path) could not be moved aside: \(reason)."
        case .invalidLimits(let entries, let bytes):
            return "History limits must be at least 1 (maximumEntries \(entries), maximumBodyBytes \(bytes))."
        case .sqlite(let operation, let code, let message):
            return "The history file failed in \(operation) (SQLite code \(code)): \(message)."
        case .unreadableEntry(let id, let reason):
            return "History entry \(id) cannot be read: \(reason)."
        case .closed(let path):
            return "The history file \(path) is closed."
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}

extension HistoryStoreError {
    /// The history's error for a failure of the shared SQLite layer.
    init(_ error: SQLiteStoreError) {
        switch error {
        case .cannotOpen(let path, let reason): self = .cannotOpen(path: path, reason: reason)
        case .foreignFile(let path, let kind): self = .foreignFile(path: path, reason: kind.reason)
        case .cannotMoveAside(let path, let reason): self = .cannotMoveAside(path: path, reason: reason)
        case .sqlite(let operation, let code, let message):
            self = .sqlite(operation: operation, code: code, message: message)
        case .closed(let path): self = .closed(path: path)
        }
    }

    /// Runs `work`, turning ``SQLiteStoreError``s into history errors; others pass through.
    static func translating<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as SQLiteStoreError {
            throw HistoryStoreError(error)
        }
    }
}
