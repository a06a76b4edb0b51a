import CSQLite
import Foundation

/// One open SQLite connection and its reusable prepared statements.
///
/// Threading: the connection is opened with `SQLITE_OPEN_NOMUTEX` (SQLite's multi-thread mode),
/// so SQLite does not serialize calls on it; the owner must. ``SQLiteEntityCache`` does so by
/// confining the connection to its serial work queue: every call happens there, one at a time.
final class SQLiteConnection {
    /// How long a statement waits for another connection's lock before failing with
    /// `SQLITE_BUSY`, in milliseconds.
    static let busyTimeoutMilliseconds: Int32 = 5000

    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// The database file's path.
    let path: String

    /// Opens (creating if needed) the database at `path` for reading and writing.
    ///
    /// - Throws: ``SQLiteEntityCacheError/cannotOpen(path:reason:)`` when the system SQLite
    ///   library cannot be loaded, when SQLite cannot open the file, or when it could only open
    ///   it read-only.
    init(path: String) throws {
        guard csqlite_load() == 1 else {
            let reason = csqlite_load_error().map { String(cString: $0) } ?? "the SQLite library is unavailable"
            throw SQLiteEntityCacheError.cannotOpen(path: path, reason: reason)
        }
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = csqlite_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let reason = connection.map { String(cString: csqlite_errmsg($0)) } ?? String(cString: csqlite_errstr(code))
            csqlite_close_v2(connection)
            throw SQLiteEntityCacheError.cannotOpen(path: path, reason: reason)
        }
        if csqlite_db_readonly(connection, "main") == 1 {
            csqlite_close_v2(connection)
            throw SQLiteEntityCacheError.cannotOpen(path: path, reason: "the file can only be opened read-only")
        }
        csqlite_extended_result_codes(connection, 1)
        csqlite_busy_timeout(connection, Self.busyTimeoutMilliseconds)
        self.handle = connection
        self.path = path
    }

    /// Finalizes every statement and closes the connection. In WAL mode the last connection
    /// to close checkpoints the log into the database file.
    deinit {
        for statement in statements.values {
            statement.finalize()
        }
        csqlite_close_v2(handle)
    }

    /// Runs `body` with the cached prepared statement for `sql`, preparing it on first use, and
    /// resets the statement afterwards whatever happens.
    func withStatement<T>(_ sql: String, _ body: (SQLiteStatement) throws -> T) throws -> T {
        let statement: SQLiteStatement
        if let cached = statements[sql] {
            statement = cached
        } else {
            statement = try SQLiteStatement(sql: sql, connection: handle, persistent: true)
            statements[sql] = statement
        }
        defer { statement.reset() }
        return try body(statement)
    }

    /// Runs a statement that takes no parameters to its end, ignoring rows.
    func execute(_ sql: String) throws {
        try withStatement(sql) { try $0.run() }
    }

    /// Runs a statement without parameters and returns the first column of every row as text.
    func strings(_ sql: String) throws -> [String] {
        try withStatement(sql) { statement in
            var rows: [String] = []
            while try statement.step() {
                rows.append(statement.string(at: 0) ?? "")
            }
            return rows
        }
    }

    /// Runs `body` inside a `BEGIN IMMEDIATE` transaction, which takes the write lock at once
    /// (waiting up to the busy timeout) so two processes never deadlock upgrading a read. Commits
    /// when `body` returns and rolls back when it throws.
    func inWriteTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if csqlite_get_autocommit(handle) == 0 {
                try? execute("ROLLBACK")
            }
            throw error
        }
    }
}
