import Foundation
import SQLiteStore
import TestSupport
import Testing

@Suite("Statements, binds and transactions on a blocking connection")
struct BlockingSQLiteConnectionTests {
    /// A connection to a new file with a table of one column of each kind.
    private static func openTable(in folder: TemporaryFolder) throws -> BlockingSQLiteConnection {
        let connection = try BlockingSQLiteConnection(path: folder.path("values.sqlite"))
        try connection.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, number, real, text, bytes)")
        return connection
    }

    @Test("integers, reals, text, blobs and NULL come back as they were bound")
    func bindsRoundTrip() throws {
        let folder = try TemporaryFolder()
        let connection = try Self.openTable(in: folder)
        let everyByte = Data((0..<512).map { UInt8($0 % 256) })
        let text = "café ✓ 🧪 \"quoted\" 'single'"
        let rows: [[SQLiteValue]] = [
            [.integer(Int64.max), .real(-0.125), .text(text), .blob(everyByte)],
            [.integer(Int64.min), .real(1e300), .text(""), .blob(Data())],
            [.null, .null, .null, .null],
        ]
        for values in rows {
            try connection.execute("INSERT INTO items (number, real, text, bytes) VALUES (?1, ?2, ?3, ?4)", values)
        }

        let read = try connection.query("SELECT number, real, text, bytes FROM items ORDER BY id")
        #expect(read.map(\.values) == rows)
        #expect(read[0].columnNames == ["number", "real", "text", "bytes"])
        #expect(read[0]["text"] == .text(text))
        #expect(read[0].data(3) == everyByte)
        #expect(read[0].int64(0) == Int64.max)
        #expect(read[2].string(2) == nil)
        #expect(read[2].data(3) == nil)
    }

    @Test("an empty blob is stored as a zero-length blob, not as NULL")
    func emptyBlobIsNotNull() throws {
        let folder = try TemporaryFolder()
        let connection = try Self.openTable(in: folder)
        try connection.execute("INSERT INTO items (bytes) VALUES (?1)", [.blob(Data())])
        let types = try connection.strings("SELECT typeof(bytes) || ':' || length(bytes) FROM items")
        #expect(types == ["blob:0"])
    }

    @Test("INSERT … RETURNING gives the new row's id")
    func returning() throws {
        let folder = try TemporaryFolder()
        let connection = try Self.openTable(in: folder)
        let first = try connection.query("INSERT INTO items (number) VALUES (?1) RETURNING id", [.integer(7)])
        let second = try connection.query("INSERT INTO items (number) VALUES (?1) RETURNING id", [.integer(8)])
        #expect(first.first?.int64(0) == 1)
        #expect(second.first?.int64(0) == 2)
    }

    @Test("a transaction commits when its body returns and rolls back when it throws")
    func transactions() throws {
        struct Stop: Error {}
        let folder = try TemporaryFolder()
        let connection = try Self.openTable(in: folder)
        try connection.inWriteTransaction {
            try connection.execute("INSERT INTO items (number) VALUES (1)")
        }
        #expect(throws: Stop.self) {
            try connection.inWriteTransaction {
                try connection.execute("INSERT INTO items (number) VALUES (2)")
                throw Stop()
            }
        }
        #expect(try connection.strings("SELECT number FROM items") == ["1"])
        // The connection is usable again: no transaction was left open.
        try connection.inWriteTransaction {
            try connection.execute("INSERT INTO items (number) VALUES (3)")
        }
        #expect(try connection.strings("SELECT number FROM items ORDER BY number") == ["1", "3"])
    }

    @Test("a failing statement throws an SQLite error naming the statement, with SQLite's code and message")
    func sqlError() throws {
        let folder = try TemporaryFolder()
        let connection = try Self.openTable(in: folder)
        let error = #expect(throws: SQLiteStoreError.self) {
            try connection.execute("INSERT INTO missing_table VALUES (1)")
        }
        guard case .sqlite(let operation, let code, let message) = error else {
            Issue.record("expected an SQLite error, got \(String(describing: error))")
            return
        }
        #expect(operation == "INSERT INTO missing_table VALUES")
        #expect(code == 1)
        #expect(message.contains("no such table"))
        #expect(error?.description.hasPrefix("SQLite failed in INSERT INTO missing_table VALUES (code 1): ") == true)
    }

    @Test("a file locked by another connection fails with SQLITE_BUSY after the busy timeout")
    func busyTimeout() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("locked.sqlite")
        let holder = try BlockingSQLiteConnection(path: path)
        try holder.execute("CREATE TABLE t (x)")
        let waiter = try BlockingSQLiteConnection(path: path, busyTimeoutMilliseconds: 200)
        #expect(try waiter.busyTimeoutMilliseconds() == 200)
        #expect(try holder.busyTimeoutMilliseconds() == BlockingSQLiteConnection.defaultBusyTimeoutMilliseconds)

        try holder.execute("BEGIN IMMEDIATE")
        let started = ContinuousClock.now
        let error = #expect(throws: SQLiteStoreError.self) { try waiter.execute("BEGIN IMMEDIATE") }
        let waited = ContinuousClock.now - started
        guard case .sqlite(_, let code, _) = error else {
            Issue.record("expected SQLITE_BUSY, got \(String(describing: error))")
            return
        }
        #expect(code == 5)
        #expect(waited >= .milliseconds(150))
        #expect(waited < .seconds(4))
        try holder.execute("COMMIT")
        try waiter.execute("BEGIN IMMEDIATE")
        try waiter.execute("COMMIT")
    }

    @Test("after close, statements throw and the WAL file is checkpointed away")
    func close() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("closing.sqlite")
        let connection = try BlockingSQLiteConnection(path: path)
        try connection.enableWriteAheadLogging()
        #expect(try connection.journalMode() == "wal")
        try connection.execute("CREATE TABLE t (x)")
        try connection.execute("INSERT INTO t VALUES (1)")
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))

        try connection.close()
        #expect(connection.isClosed)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(throws: SQLiteStoreError.closed(path: path)) { try connection.execute("SELECT 1") }
        try connection.close()

        let reopened = try BlockingSQLiteConnection(path: path)
        #expect(try reopened.strings("SELECT x FROM t") == ["1"])
        #expect(try reopened.journalMode() == "wal")
    }

    @Test("user_version and table columns are read and written through their PRAGMAs")
    func pragmas() throws {
        let folder = try TemporaryFolder()
        let connection = try Self.openTable(in: folder)
        #expect(try connection.userVersion() == 0)
        try connection.setUserVersion(3)
        #expect(try connection.userVersion() == 3)
        #expect(try connection.columnNames(ofTable: "items") == ["id", "number", "real", "text", "bytes"])
        #expect(try connection.columnNames(ofTable: "nothing").isEmpty)
        #expect(try connection.quickCheck().isEmpty)
    }
}
