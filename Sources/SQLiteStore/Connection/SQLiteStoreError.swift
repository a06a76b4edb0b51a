import Foundation

/// Why an SQLite file could not be opened, or why a statement on it failed.
///
/// Each store turns these into its own public error type; ``description`` is a sentence that
/// names the file or the statement.
package enum SQLiteStoreError: Error, Equatable, Sendable {
    /// The file cannot be opened or created and nothing was moved or changed: the path is a
    /// directory, a folder on the way is a file or cannot be created, the folder is not
    /// writable, the file cannot be read or written, or SQLite refused to open it. `reason` is
    /// a clause such as `its folder /x is not writable (Permission denied)`.
    case cannotOpen(path: String, reason: String)

    /// The path names something that is not an SQLite database and was left alone: a pipe,
    /// device or socket (never opened, always), or, when the caller asked for it, a regular file
    /// that does not start with SQLite's header.
    case foreignFile(path: String, kind: SQLiteForeignFile)

    /// The file is not a usable database and had to be replaced, but moving it aside failed; it
    /// is left where it was.
    case cannotMoveAside(path: String, reason: String)

    /// A statement failed. `code` is SQLite's primary result code (5 `SQLITE_BUSY` when another
    /// process held the lock past the busy timeout, 11 `SQLITE_CORRUPT`, 26 `SQLITE_NOTADB`, …),
    /// `message` SQLite's own explanation, `operation` the statement's first words.
    case sqlite(operation: String, code: Int32, message: String)

    /// The connection was closed before the call.
    case closed(path: String)

    /// True when SQLite said the file is not a database or is damaged: the cases in which
    /// ``SQLiteFileOpener`` moves the file aside.
    package var meansDamagedFile: Bool {
        guard case .sqlite(_, let code, _) = self else { return false }
        return code == SQLiteResultCode.corrupt || code == SQLiteResultCode.notADatabase
    }
}

extension SQLiteStoreError: CustomStringConvertible {
    /// A sentence saying what failed and why.
    package var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "The SQLite file \(path) cannot be opened: \(reason)."
        case .foreignFile(let path, let kind):
            return "\(path) was left alone: \(kind.reason)."
        case .cannotMoveAside(let path, let reason):
            return "The damaged SQLite file \(path) could not be moved aside: \(reason)."
        case .sqlite(let operation, let code, let message):
            return "SQLite failed in \(operation) (code \(code)): \(message)."
        case .closed(let path):
            return "The SQLite file \(path) is already closed."
        }
    }
}
