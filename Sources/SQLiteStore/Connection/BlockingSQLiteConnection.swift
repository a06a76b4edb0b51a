import Foundation
internal import Logging
internal import NIOCore
internal import NIOPosix
internal import SQLiteNIO

/// One open SQLite database file, used synchronously: every call blocks its caller until SQLite
/// is done and returns the rows.
///
/// The statements run on SQLiteNIO's shared thread pool; this type waits for each one. So:
///
/// - **Call it only from the owning store's own serial queue.** One queue per connection makes
///   the calls one at a time and keeps statements of a transaction together; the type is not
///   `Sendable` for that reason.
/// - **Never call it from an event loop** (a NIO event-loop thread): waiting there deadlocks
///   or traps. Never call it from the main actor either: a statement can wait up to the busy
///   timeout for another process's lock.
///
/// Values always go in as bind parameters (`?1`, `?2`…), never spliced into SQL text. A call
/// runs one statement: text after the first `;` is ignored.
///
/// The connection is opened for reading and writing, creating the file if it does not exist;
/// SQLite's default "retry forever" busy handler is replaced by a busy timeout, so a file
/// locked by another process fails with `SQLITE_BUSY` (code 5) after that long. Closing happens
/// in ``close()`` or, at the latest, when the object goes away; in WAL mode the last connection
/// to close checkpoints the log into the database file and removes the `-wal` file.
package final class BlockingSQLiteConnection {
    /// How long a statement waits for another connection's lock before failing, by default.
    package static let defaultBusyTimeoutMilliseconds = 5000

    /// The database file's absolute path.
    package let path: String

    /// The SQLiteNIO connection; `nil` once closed.
    private var connection: SQLiteConnection?

    /// Opens (creating if needed) the database at `path` and sets the busy timeout.
    ///
    /// The folder must exist: use ``SQLiteFileOpener`` to check the location, create folders,
    /// and deal with damaged files.
    ///
    /// - Parameters:
    ///   - path: The file's path; a relative path is taken from the current directory.
    ///   - busyTimeoutMilliseconds: How long a statement waits for another connection's lock.
    /// - Throws: ``SQLiteStoreError/cannotOpen(path:reason:)`` when SQLite cannot open the file.
    package init(path: String, busyTimeoutMilliseconds: Int = defaultBusyTimeoutMilliseconds) throws {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        self.path = absolute
        let logger = Logger(label: "SQLiteStore") { _ in SwiftLogNoOpLogHandler() }
        do {
            connection = try SQLiteConnection.open(
                storage: .file(path: absolute), threadPool: .singleton, logger: logger,
                on: MultiThreadedEventLoopGroup.singleton.next()
            ).wait()
        } catch let error as SQLiteError {
            let code = SQLiteResultCode.primary(for: error.reason)
            throw SQLiteStoreError.cannotOpen(path: absolute, reason: "SQLite cannot open it (result code \(code))")
        }
        do {
            try setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        } catch {
            try? close()
            throw error
        }
    }

    deinit {
        guard let connection else { return }
        if MultiThreadedEventLoopGroup.currentEventLoop == nil {
            try? connection.close().wait()
        } else {
            // Waiting is not allowed on an event loop; the close still happens, just later.
            _ = connection.close()
        }
    }

    /// True once ``close()`` has run.
    package var isClosed: Bool { connection == nil }

    // MARK: Statements

    /// Runs one statement with `binds` as its parameters `?1`, `?2`… and returns every row.
    ///
    /// - Throws: ``SQLiteStoreError/sqlite(operation:code:message:)`` when SQLite fails (a
    ///   syntax error, a constraint, a damaged file, a lock held past the busy timeout…);
    ///   ``SQLiteStoreError/closed(path:)`` after ``close()``.
    @discardableResult
    package func query(_ sql: String, _ binds: [SQLiteValue] = []) throws -> [SQLiteResultRow] {
        guard let connection else { throw SQLiteStoreError.closed(path: path) }
        let rows: [SQLiteRow]
        do {
            rows = try connection.query(sql, binds.map(Self.nioData)).wait()
        } catch let error as SQLiteError {
            throw SQLiteStoreError.sqlite(
                operation: Self.summary(of: sql), code: SQLiteResultCode.primary(for: error.reason),
                message: error.message)
        }
        return rows.map { row in
            let columns = row.columns
            return SQLiteResultRow(columnNames: columns.map(\.name), values: columns.map { Self.value($0.data) })
        }
    }

    /// Runs one statement for its effect, ignoring any rows (see ``query(_:_:)``).
    package func execute(_ sql: String, _ binds: [SQLiteValue] = []) throws {
        try query(sql, binds)
    }

    /// Runs one statement and returns its first column, as text, of every row (`""` for
    /// `NULL`). Handy for `PRAGMA`s.
    package func strings(_ sql: String, _ binds: [SQLiteValue] = []) throws -> [String] {
        try query(sql, binds).map { $0.string(0) ?? "" }
    }

    /// Runs `body` inside a `BEGIN IMMEDIATE` transaction, which takes the write lock at once
    /// (waiting up to the busy timeout) so two processes never deadlock upgrading a read lock.
    /// Commits when `body` returns, rolls back when it (or the commit) throws. Not reentrant:
    /// `body` must not start another transaction.
    package func inWriteTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // Fails harmlessly when SQLite already ended the transaction.
            try? execute("ROLLBACK")
            throw error
        }
    }

    // MARK: PRAGMAs

    /// Sets how long a statement waits for another connection's lock before failing with
    /// `SQLITE_BUSY`; 0 fails at once.
    package func setBusyTimeout(milliseconds: Int) throws {
        try execute("PRAGMA busy_timeout = \(max(0, milliseconds))")
    }

    /// The busy timeout in effect, in milliseconds.
    package func busyTimeoutMilliseconds() throws -> Int {
        Int(try strings("PRAGMA busy_timeout").first ?? "0") ?? 0
    }

    /// Switches the file to write-ahead logging with `synchronous = NORMAL`: a process killed
    /// mid-write loses at most that write; a power loss can also lose the last few commits.
    /// The mode is stored in the file, so it stays on for every later connection.
    ///
    /// - Throws: ``SQLiteStoreError/cannotOpen(path:reason:)`` when the journal mode does not
    ///   change (for example on a file system without shared memory); SQLite errors otherwise.
    package func enableWriteAheadLogging() throws {
        let mode = try strings("PRAGMA journal_mode = WAL")
        guard mode == ["wal"] else {
            throw SQLiteStoreError.cannotOpen(
                path: path, reason: "it cannot use write-ahead logging (journal mode stays \(mode.first ?? "?"))")
        }
        try execute("PRAGMA synchronous = NORMAL")
    }

    /// The journal mode in effect (`wal`, `delete`, …).
    package func journalMode() throws -> String {
        try strings("PRAGMA journal_mode").first ?? ""
    }

    /// Runs `PRAGMA quick_check` and returns the problems it reports; empty when the file is
    /// sound. Reads the whole file.
    ///
    /// - Throws: ``SQLiteStoreError/sqlite(operation:code:message:)`` when the check cannot
    ///   run, for example with `SQLITE_NOTADB` for a file that is not a database.
    package func quickCheck() throws -> [String] {
        let rows = try strings("PRAGMA quick_check")
        return rows == ["ok"] ? [] : rows
    }

    /// The file's `PRAGMA user_version` (0 for a new file): the stores keep their layout
    /// version there.
    package func userVersion() throws -> Int {
        Int(try strings("PRAGMA user_version").first ?? "0") ?? 0
    }

    /// Sets `PRAGMA user_version`.
    package func setUserVersion(_ version: Int) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    /// The column names of `table` in the main database; empty when there is no such table.
    package func columnNames(ofTable table: String) throws -> [String] {
        try strings("SELECT name FROM pragma_table_info(?1)", [.text(table)])
    }

    // MARK: Closing

    /// Closes the connection and waits until SQLite has released the file. In WAL mode the last
    /// connection to close checkpoints the log into the database file. Later calls do nothing;
    /// statements after it throw ``SQLiteStoreError/closed(path:)``.
    package func close() throws {
        guard let connection else { return }
        self.connection = nil
        try connection.close().wait()
    }

    // MARK: Conversion

    private static func nioData(_ value: SQLiteValue) -> SQLiteData {
        switch value {
        case .integer(let value): return .integer(SQLiteInt64(value))
        case .real(let value): return .float(value)
        case .text(let value): return .text(value)
        case .blob(let value): return .blob(ByteBuffer(bytes: value))
        case .null: return .null
        }
    }

    private static func value(_ data: SQLiteData) -> SQLiteValue {
        switch data {
        case .integer(let value): return .integer(Int64(value))
        case .float(let value): return .real(value)
        case .text(let value): return .text(value)
        case .blob(let buffer): return .blob(Data(buffer.readableBytesView))
        case .null: return .null
        }
    }

    /// The first words of a statement, enough to say which one failed.
    static func summary(of sql: String) -> String {
        sql.split(whereSeparator: \.isWhitespace).prefix(4).joined(separator: " ")
    }
}
