import Foundation
import Siesta
import SiestaSQLite
import TestSupport
import Testing

@Suite("Least-recently-used eviction")
struct EvictionTests {
    private static func key(_ name: String) -> String { "http://127.0.0.1/items/\(name)" }

    private static func entity(_ fill: UInt8, bytes: Int = 1000) -> Entity<Data> {
        Entity<Data>(
            content: Data(repeating: fill, count: bytes), headers: ["content-type": "application/octet-stream"])
    }

    @Test("the entry bound holds and the least recently read or written entry goes first")
    func entryBound() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let cache = try SQLiteEntityCache(fileURL: directory.file("cache.sqlite"), maximumEntries: 3)
        try cache.writeEntity(Self.entity(1), forKey: Self.key("a"))
        try cache.writeEntity(Self.entity(2), forKey: Self.key("b"))
        try cache.writeEntity(Self.entity(3), forKey: Self.key("c"))
        #expect(try cache.keysByRecentUse() == ["c", "b", "a"].map(Self.key))

        _ = try cache.readEntity(forKey: Self.key("a"))
        #expect(try cache.keysByRecentUse() == ["a", "c", "b"].map(Self.key))
        try cache.writeEntity(Self.entity(4), forKey: Self.key("d"))

        #expect(try cache.keysByRecentUse() == ["d", "a", "c"].map(Self.key))
        #expect(try cache.readEntity(forKey: Self.key("b")) == nil)
        #expect(try cache.readEntity(forKey: Self.key("a"))?.content == Data(repeating: 1, count: 1000))

        try cache.updateEntityTimestamp(42, forKey: Self.key("c"))
        try cache.writeEntity(Self.entity(5), forKey: Self.key("e"))
        #expect(try cache.keysByRecentUse() == ["e", "c", "a"].map(Self.key))
        #expect(try cache.usage().entryCount == 3)
    }

    @Test("the byte bound holds after every write and evicts the least recently used")
    func byteBound() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        // Each entry counts 1000 content bytes plus its key and header text (about 80 bytes):
        // three fit in 3500 bytes, four do not.
        let cache = try SQLiteEntityCache(fileURL: directory.file("cache.sqlite"), maximumBytes: 3500)
        for name in ["a", "b", "c"] {
            try cache.writeEntity(Self.entity(1), forKey: Self.key(name))
            #expect(try cache.usage().byteCount <= 3500)
        }
        #expect(try cache.usage().entryCount == 3)
        let perEntry = try cache.usage().byteCount / 3
        #expect(perEntry > 1000 && perEntry < 1166)

        _ = try cache.readEntity(forKey: Self.key("a"))
        try cache.writeEntity(Self.entity(2), forKey: Self.key("d"))
        #expect(try cache.keysByRecentUse() == ["d", "a", "c"].map(Self.key))
        #expect(try cache.usage().byteCount <= 3500)

        // A larger entry pushes out as many older ones as it needs.
        try cache.writeEntity(Self.entity(3, bytes: 2200), forKey: Self.key("big"))
        #expect(try cache.keysByRecentUse() == ["big", "d"].map(Self.key))
        #expect(try cache.usage().byteCount <= 3500)
    }

    @Test("an entity bigger than the byte bound is not kept, and its key's older entry is gone")
    func oversizedEntity() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let cache = try SQLiteEntityCache(fileURL: directory.file("cache.sqlite"), maximumBytes: 3500)
        try cache.writeEntity(Self.entity(1), forKey: Self.key("a"))
        try cache.writeEntity(Self.entity(1), forKey: Self.key("b"))

        try cache.writeEntity(Self.entity(9, bytes: 5000), forKey: Self.key("a"))

        #expect(try cache.readEntity(forKey: Self.key("a")) == nil)
        #expect(try cache.keysByRecentUse() == [Self.key("b")])
    }

    @Test("entries written by another process count toward the bounds")
    func otherProcessEntries() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let file = directory.file("cache.sqlite")
        let cache = try SQLiteEntityCache(fileURL: file, maximumEntries: 5)
        _ = try PythonProcess.run(
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], timeout=5)
            for i in range(10):
                content = bytes([i]) * 100
                db.execute(
                    "INSERT INTO entities (key, timestamp, last_access, size, charset, headers, content) "
                    "VALUES (?, ?, ?, ?, NULL, '{}', ?)",
                    ("http://127.0.0.1/other/%d" % i, 1.0, 1.0 + i, 100, content))
            db.commit()
            """,
            arguments: [file.path])
        #expect(try cache.usage().entryCount == 10)

        try cache.writeEntity(Self.entity(1), forKey: Self.key("mine"))

        #expect(try cache.usage().entryCount == 5)
        #expect(
            try cache.keysByRecentUse() == [Self.key("mine")]
                + (6...9).reversed().map { "http://127.0.0.1/other/\($0)" })
    }
}
