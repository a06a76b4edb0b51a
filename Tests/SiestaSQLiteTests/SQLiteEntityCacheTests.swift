import Foundation
import Siesta
import SiestaSQLite
import TestSupport
import Testing

@Suite("Storing and reading entities")
struct SQLiteEntityCacheTests {
    private static let key = "http://127.0.0.1:8080/users/1"

    /// Every byte value, so nothing is lost to text handling.
    private static let binaryContent = Data((0..<4096).map { UInt8($0 % 256) })

    private static func sampleEntity() -> Entity<Data> {
        Entity<Data>(
            content: binaryContent,
            charset: "utf-8",
            headers: [
                "Content-Type": "application/json; charset=utf-8",
                "ETag": "\"abc123\"",
                "X-Unicode": "café ✓",
                "X-Escapes": "quote \" backslash \\ nul \u{0} end",
            ],
            timestamp: 765_432_109.123_456)
    }

    @Test("write then read returns the same content, headers, charset and timestamp")
    func roundTrip() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let cache = try SQLiteEntityCache(fileURL: directory.file("cache.sqlite"))
        let written = Self.sampleEntity()
        try cache.writeEntity(written, forKey: Self.key)

        let read = try #require(try cache.readEntity(forKey: Self.key))
        #expect(read.content == Self.binaryContent)
        #expect(read.headers == written.headers)
        #expect(read.headers["x-escapes"] == "quote \" backslash \\ nul \u{0} end")
        #expect(read.charset == "utf-8")
        #expect(read.timestamp == 765_432_109.123_456)
        #expect(read.contentType == "application/json; charset=utf-8")
        #expect(read.etag == "\"abc123\"")
        #expect(cache.recoveryNote == nil)
        #expect(cache.movedAsideFileURL == nil)
    }

    @Test("a new cache object on the same file reads what an earlier one wrote")
    func persistsAcrossInstances() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let file = directory.file("cache.sqlite")
        do {
            let first = try SQLiteEntityCache(fileURL: file)
            try first.writeEntity(Self.sampleEntity(), forKey: Self.key)
        }
        let second = try SQLiteEntityCache(fileURL: file)
        let read = try #require(try second.readEntity(forKey: Self.key))
        #expect(read.content == Self.binaryContent)
        #expect(read.timestamp == 765_432_109.123_456)
        #expect(second.recoveryNote == nil)
    }

    @Test("empty content and a missing charset round-trip as empty data and nil")
    func emptyContentAndNoCharset() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let cache = try SQLiteEntityCache(fileURL: directory.file("cache.sqlite"))
        var entity = Entity<Data>(
            content: Data(), headers: ["Content-Type": "text/plain; charset=latin1"], timestamp: 5)
        entity.charset = nil
        try cache.writeEntity(entity, forKey: Self.key)

        let read = try #require(try cache.readEntity(forKey: Self.key))
        #expect(read.content.isEmpty)
        #expect(read.charset == nil)
        #expect(read.headers == ["content-type": "text/plain; charset=latin1"])
        #expect(read.timestamp == 5)
    }

    @Test("a key never written reads as nil")
    func missingKey() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let cache = try SQLiteEntityCache(fileURL: directory.file("cache.sqlite"))
        #expect(try cache.readEntity(forKey: Self.key) == nil)
        #expect(try cache.usage() == SQLiteEntityCacheUsage(entryCount: 0, byteCount: 0))
    }

    @Test("writing a key again replaces its entry")
    func replaces() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let cache = try SQLiteEntityCache(fileURL: directory.file("cache.sqlite"))
        try cache.writeEntity(Self.sampleEntity(), forKey: Self.key)
        try cache.writeEntity(
            Entity<Data>(content: Data("second".utf8), headers: ["content-type": "text/plain"], timestamp: 9),
            forKey: Self.key)

        let read = try #require(try cache.readEntity(forKey: Self.key))
        #expect(read.content == Data("second".utf8))
        #expect(read.headers == ["content-type": "text/plain"])
        #expect(read.timestamp == 9)
        #expect(try cache.usage().entryCount == 1)
    }

    @Test("updateEntityTimestamp changes only the timestamp, and only of an existing entry")
    func updateTimestamp() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let cache = try SQLiteEntityCache(fileURL: directory.file("cache.sqlite"))
        try cache.writeEntity(Self.sampleEntity(), forKey: Self.key)
        try cache.updateEntityTimestamp(800_000_000.5, forKey: Self.key)
        try cache.updateEntityTimestamp(1, forKey: "http://127.0.0.1/never-written")

        let read = try #require(try cache.readEntity(forKey: Self.key))
        #expect(read.timestamp == 800_000_000.5)
        #expect(read.content == Self.binaryContent)
        #expect(read.headers == Self.sampleEntity().headers)
        #expect(try cache.readEntity(forKey: "http://127.0.0.1/never-written") == nil)
    }

    @Test("removeEntity removes that entry only; removing a missing key is no error")
    func remove() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let cache = try SQLiteEntityCache(fileURL: directory.file("cache.sqlite"))
        try cache.writeEntity(Self.sampleEntity(), forKey: Self.key)
        try cache.writeEntity(Self.sampleEntity(), forKey: Self.key + "/posts")

        try cache.removeEntity(forKey: Self.key)
        try cache.removeEntity(forKey: "http://127.0.0.1/never-written")

        #expect(try cache.readEntity(forKey: Self.key) == nil)
        #expect(try cache.readEntity(forKey: Self.key + "/posts") != nil)
        #expect(try cache.usage().entryCount == 1)

        try cache.removeAllEntities()
        #expect(try cache.usage() == SQLiteEntityCacheUsage(entryCount: 0, byteCount: 0))
    }

    @Test("Set-Cookie and credential headers are not stored")
    func dropsCookies() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let file = directory.file("cache.sqlite")
        let cache = try SQLiteEntityCache(fileURL: file)
        let entity = Entity<Data>(
            content: Data("{}".utf8),
            headers: [
                "Content-Type": "application/json",
                "Set-Cookie": "session=SECRET-COOKIE-VALUE",
                "Authorization": "Bearer SECRET-TOKEN-VALUE",
                "Cache-Control": "max-age=60",
            ])
        try cache.writeEntity(entity, forKey: Self.key)

        let read = try #require(try cache.readEntity(forKey: Self.key))
        #expect(read.headers == ["content-type": "application/json", "cache-control": "max-age=60"])

        let fileText =
            try Data(contentsOf: file) + ((try? Data(contentsOf: URL(fileURLWithPath: file.path + "-wal"))) ?? Data())
        #expect(fileText.range(of: Data("SECRET-COOKIE-VALUE".utf8)) == nil)
        #expect(fileText.range(of: Data("SECRET-TOKEN-VALUE".utf8)) == nil)
        #expect(fileText.range(of: Data("max-age=60".utf8)) != nil)
    }

    @Test("the file is in WAL mode")
    func walMode() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let file = directory.file("cache.sqlite")
        let cache = try SQLiteEntityCache(fileURL: file)
        try cache.writeEntity(Self.sampleEntity(), forKey: Self.key)
        let mode = try PythonProcess.run(
            "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('PRAGMA journal_mode').fetchone()[0])",
            arguments: [file.path])
        #expect(mode.trimmingCharacters(in: .whitespacesAndNewlines) == "wal")
        #expect(FileManager.default.fileExists(atPath: file.path + "-wal"))
        #expect(try cache.integrityProblems().isEmpty)
    }

    @Test("limits below 1 are rejected")
    func invalidLimits() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        #expect(throws: SQLiteEntityCacheError.invalidLimits(maximumEntries: 0, maximumBytes: 10)) {
            try SQLiteEntityCache(fileURL: directory.file("a.sqlite"), maximumEntries: 0, maximumBytes: 10)
        }
        #expect(throws: SQLiteEntityCacheError.invalidLimits(maximumEntries: 10, maximumBytes: -1)) {
            try SQLiteEntityCache(fileURL: directory.file("a.sqlite"), maximumEntries: 10, maximumBytes: -1)
        }
        #expect(try directory.fileNames().isEmpty)
    }

    @Test("calls from many threads at once are serialized safely")
    func concurrentCalls() async throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let cache = try SQLiteEntityCache(fileURL: directory.file("cache.sqlite"))
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    let key = "http://127.0.0.1/item/\(index % 10)"
                    let entity = Entity<Data>(content: Data(repeating: UInt8(index), count: 100), headers: [:])
                    try? cache.writeEntity(entity, forKey: key)
                    _ = try? cache.readEntity(forKey: key)
                }
            }
        }
        #expect(try cache.usage().entryCount == 10)
        #expect(try cache.integrityProblems().isEmpty)
    }
}

@MainActor
@Suite("Cache keys")
struct CacheKeyTests {
    @Test("the key is the resource's absolute URL string")
    func urlKey() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let cache = try SQLiteEntityCache(fileURL: directory.file("cache.sqlite"))
        let service = Service(baseURL: "http://127.0.0.1:9/api")
        let resource = service.resource("/users/1").withParam("page", "2")
        #expect(cache.key(for: resource) == resource.url.absoluteString)
        #expect(cache.key(for: resource) == "http://127.0.0.1:9/api/users/1?page=2")
    }

    @Test("a URL with a password is not cached")
    func passwordURL() throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let cache = try SQLiteEntityCache(fileURL: directory.file("cache.sqlite"))
        let service = Service(baseURL: "http://user:secret@127.0.0.1:9/")
        #expect(cache.key(for: service.resource("/users/1")) == nil)
    }
}
