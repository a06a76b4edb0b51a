import CSQLite
import Foundation

/// A prepared SQLite statement with typed binding and column access.
///
/// Values always go in through bind parameters (`?1`, `?2`…), never by building SQL text.
/// A statement belongs to one ``SQLiteConnection`` and shares its confinement: it is used only
/// on the queue that owns the connection.
final class SQLiteStatement {
    /// The raw statement handle; finalized by ``finalize()``.
    private var handle: OpaquePointer?
    private let connection: OpaquePointer
    /// The SQL text, for error messages.
    let sql: String

    /// Tells SQLite to copy bound bytes at once, so the Swift buffer may go away after binding.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Prepares `sql` on `connection`; `persistent` hints that the statement is reused.
    init(sql: String, connection: OpaquePointer, persistent: Bool) throws {
        self.sql = sql
        self.connection = connection
        var statement: OpaquePointer?
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        let code = csqlite_prepare_v3(connection, sql, -1, flags, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            csqlite_finalize(statement)
            throw SQLiteEntityCacheError(
                code: code, connection: connection, operation: "prepare \(Self.summary(of: sql))")
        }
        handle = statement
    }

    deinit {
        finalize()
    }

    /// Releases the statement; later use is a programming error.
    func finalize() {
        if let handle {
            csqlite_finalize(handle)
        }
        handle = nil
    }

    /// Resets the statement so it can run again and clears its bindings.
    func reset() {
        guard let handle else { return }
        csqlite_reset(handle)
        csqlite_clear_bindings(handle)
    }

    // MARK: Binding (1-based indexes)

    /// Binds text; embedded NUL characters are kept because the byte count is explicit.
    func bind(_ value: String?, at index: Int32) throws {
        guard let value else {
            try check(csqlite_bind_null(handle, index), "bind")
            return
        }
        let count = Int32(value.utf8.count)
        let code = value.withCString { csqlite_bind_text(handle, index, $0, count, Self.transient) }
        try check(code, "bind")
    }

    /// Binds a blob; empty data is bound as a zero-length blob, not as NULL.
    func bind(_ value: Data, at index: Int32) throws {
        guard !value.isEmpty else {
            try check(csqlite_bind_zeroblob(handle, index, 0), "bind")
            return
        }
        let code = value.withUnsafeBytes { buffer in
            csqlite_bind_blob64(handle, index, buffer.baseAddress, sqlite3_uint64(buffer.count), Self.transient)
        }
        try check(code, "bind")
    }

    /// Binds a floating-point number.
    func bind(_ value: Double, at index: Int32) throws {
        try check(csqlite_bind_double(handle, index, value), "bind")
    }

    /// Binds an integer.
    func bind(_ value: Int, at index: Int32) throws {
        try check(csqlite_bind_int64(handle, index, sqlite3_int64(value)), "bind")
    }

    // MARK: Stepping

    /// Advances to the next row: `true` when a row is available, `false` when the statement
    /// is done.
    func step() throws -> Bool {
        let code = csqlite_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            throw SQLiteEntityCacheError(code: code, connection: connection, operation: Self.summary(of: sql))
        }
    }

    /// Runs the statement to its end, ignoring any rows.
    func run() throws {
        while try step() {}
    }

    // MARK: Columns (0-based indexes, valid after `step()` returned `true`)

    /// The column as text; `nil` for SQL NULL.
    func string(at column: Int32) -> String? {
        guard csqlite_column_type(handle, column) != SQLITE_NULL,
            let text = csqlite_column_text(handle, column)
        else { return nil }
        let count = Int(csqlite_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column as bytes; empty for a zero-length blob or SQL NULL.
    func data(at column: Int32) -> Data {
        guard let bytes = csqlite_column_blob(handle, column) else { return Data() }
        let count = Int(csqlite_column_bytes(handle, column))
        return Data(bytes: bytes, count: count)
    }

    /// The column as a floating-point number (0 for NULL).
    func double(at column: Int32) -> Double {
        csqlite_column_double(handle, column)
    }

    /// The column as an integer (0 for NULL).
    func int(at column: Int32) -> Int {
        Int(csqlite_column_int64(handle, column))
    }

    private func check(_ code: Int32, _ what: String) throws {
        guard code == SQLITE_OK else {
            throw SQLiteEntityCacheError(
                code: code, connection: connection, operation: "\(what) \(Self.summary(of: sql))")
        }
    }

    /// The first words of a statement, enough to say which one failed.
    static func summary(of sql: String) -> String {
        let words = sql.split(whereSeparator: \.isWhitespace).prefix(4)
        return words.joined(separator: " ")
    }
}
