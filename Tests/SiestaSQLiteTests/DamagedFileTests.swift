import Foundation
import Siesta
import SiestaSQLite
import TestSupport
import Testing

@Suite("Damaged and unusable cache files")
struct DamagedFileTests {
    private static let sqliteMagic = Data("SQLite format 3\u{0}".utf8)

    private static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Checks that `cache` works: a write can be read back.
    private static func expectWorking(_ cache: SQLiteEntityCache) throws {
        let entity = Entity<Data>(content: Data("fresh".utf8), headers: ["content-type": "text/plain"])
        try cache.writeEntity(entity, forKey: "http://127.0.0.1/fresh")
        #expect(try cache.readEntity(forKey: "http://127.0.0.1/fresh")?.content == Data("fresh".utf8))
        #expect(try cache.integrityProblems().isEmpty)
    }

    @Test("a file of random bytes is moved aside intact and a fresh database takes its place")
    func garbageFile() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let file = directory.file("cache.sqlite")
        let garbage = Self.randomBytes(64 * 1024)
        try garbage.write(to: file)

        let cache = try SQLiteEntityCache(fileURL: file)

        let moved = try #require(cache.movedAsideFileURL)
        #expect(moved.lastPathComponent.hasPrefix("cache.sqlite.corrupt-"))
        #expect(moved.deletingLastPathComponent().standardizedFileURL == directory.url.standardizedFileURL)
        #expect(try Data(contentsOf: moved) == garbage)
        let note = try #require(cache.recoveryNote)
        #expect(note.contains(moved.path))
        #expect(note.contains("not a usable database"))
        #expect(try Data(contentsOf: file).prefix(16) == Self.sqliteMagic)
        #expect(try cache.usage().entryCount == 0)
        try Self.expectWorking(cache)
    }

    @Test("a short text file is moved aside too")
    func textFile() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let file = directory.file("cache.sqlite")
        try Data("not a database\n".utf8).write(to: file)

        let cache = try SQLiteEntityCache(fileURL: file)

        let moved = try #require(cache.movedAsideFileURL)
        #expect(try Data(contentsOf: moved) == Data("not a database\n".utf8))
        try Self.expectWorking(cache)
    }

    @Test("a database with overwritten pages fails quick_check and is moved aside")
    func damagedPages() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let file = directory.file("cache.sqlite")
        do {
            let cache = try SQLiteEntityCache(fileURL: file)
            for index in 0..<200 {
                let entity = Entity<Data>(
                    content: Data(repeating: 7, count: 2000), headers: ["content-type": "text/plain"])
                try cache.writeEntity(entity, forKey: "http://127.0.0.1/item/\(index)")
            }
        }
        // The last connection closed: the log is checkpointed into the main file.
        #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
        var bytes = try Data(contentsOf: file)
        #expect(bytes.count > 40_000)
        bytes.replaceSubrange(4096..<bytes.count, with: Data(repeating: 0xA5, count: bytes.count - 4096))
        try bytes.write(to: file)

        let cache = try SQLiteEntityCache(fileURL: file)

        let moved = try #require(cache.movedAsideFileURL)
        #expect(try Data(contentsOf: moved) == bytes)
        #expect(cache.recoveryNote != nil)
        #expect(try cache.readEntity(forKey: "http://127.0.0.1/item/1") == nil)
        try Self.expectWorking(cache)
    }

    @Test("a second recovery in the same second does not overwrite the first moved file")
    func repeatedRecovery() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let file = directory.file("cache.sqlite")
        let first = Self.randomBytes(8192)
        let second = Self.randomBytes(8192)

        try first.write(to: file)
        let firstMoved = try #require(try SQLiteEntityCache(fileURL: file).movedAsideFileURL)
        try FileManager.default.removeItem(at: file)
        try second.write(to: file)
        let secondMoved = try #require(try SQLiteEntityCache(fileURL: file).movedAsideFileURL)

        #expect(firstMoved != secondMoved)
        #expect(try Data(contentsOf: firstMoved) == first)
        #expect(try Data(contentsOf: secondMoved) == second)
    }

    @Test("a directory at the path is an error and is left alone")
    func directoryPath() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let path = directory.file("cache.sqlite")
        try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: path.appendingPathComponent("inside.txt"))

        let error = #expect(throws: SQLiteEntityCacheError.self) { try SQLiteEntityCache(fileURL: path) }
        guard case .cannotOpen(let reportedPath, let reason) = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(reportedPath == path.standardizedFileURL.path)
        #expect(reason == "it is a directory")
        #expect(error?.description.contains("cannot be opened: it is a directory") == true)
        #expect(try directory.fileNames() == ["cache.sqlite"])
        #expect(try Data(contentsOf: path.appendingPathComponent("inside.txt")) == Data("keep".utf8))
    }

    @Test("a path whose folder is a regular file is an error and the file is left alone")
    func folderIsAFile() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let notAFolder = directory.file("plain")
        try Data("keep".utf8).write(to: notAFolder)

        let error = #expect(throws: SQLiteEntityCacheError.self) {
            try SQLiteEntityCache(fileURL: notAFolder.appendingPathComponent("cache.sqlite"))
        }
        guard case .cannotOpen = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(try Data(contentsOf: notAFolder) == Data("keep".utf8))
        #expect(try directory.fileNames() == ["plain"])
    }

    @Test("missing folders are created")
    func createsFolders() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("a/b/cache.sqlite")
        let cache = try SQLiteEntityCache(fileURL: file)
        try Self.expectWorking(cache)
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test("a sound database of a newer format is an error and is not moved or changed")
    func newerFormat() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let file = directory.file("cache.sqlite")
        _ = try PythonProcess.run(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("CREATE TABLE entities (key TEXT PRIMARY KEY, something_else BLOB)")
            db.execute("INSERT INTO entities VALUES ('k', x'0102')")
            db.execute("PRAGMA user_version = 7")
            db.commit()
            db.close()
            """,
            arguments: [file.path])
        let before = try Data(contentsOf: file)

        let error = #expect(throws: SQLiteEntityCacheError.self) { try SQLiteEntityCache(fileURL: file) }
        guard case .incompatibleFile(_, let reason) = error else {
            Issue.record("expected incompatibleFile, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("7"))
        #expect(try Data(contentsOf: file) == before)
        #expect(try directory.fileNames().allSatisfy { !$0.contains("corrupt") })
    }

    @Test("a database with another entities table is an error and is not moved")
    func foreignTable() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let file = directory.file("cache.sqlite")
        _ = try PythonProcess.run(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("CREATE TABLE entities (id INTEGER PRIMARY KEY, name TEXT)")
            db.execute("INSERT INTO entities VALUES (1, 'precious')")
            db.commit()
            db.close()
            """,
            arguments: [file.path])

        let error = #expect(throws: SQLiteEntityCacheError.self) { try SQLiteEntityCache(fileURL: file) }
        guard case .incompatibleFile = error else {
            Issue.record("expected incompatibleFile, got \(String(describing: error))")
            return
        }
        let rows = try PythonProcess.run(
            "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT name FROM entities').fetchall())",
            arguments: [file.path])
        #expect(rows.trimmingCharacters(in: .whitespacesAndNewlines) == "[('precious',)]")
    }
}
