import Foundation
import Siesta
import SiestaSQLite
import TestSupport
import Testing

@Suite("A writer killed mid-way")
struct KillDuringWriteTests {
    /// Writes 64 KB entries to the cache table in a loop, each in its own transaction, and
    /// prints each key once its transaction has committed. Runs until killed.
    private static let writer = """
        import json, sqlite3, sys, time
        db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
        assert db.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal"
        db.execute("PRAGMA synchronous=NORMAL")
        headers = json.dumps({"content-type": "application/octet-stream"})
        i = 0
        while True:
            key = "http://127.0.0.1/child/%d" % i
            content = bytes([i % 251]) * 65536
            now = time.time() - 978307200
            db.execute("BEGIN IMMEDIATE")
            db.execute(
                "INSERT OR REPLACE INTO entities (key, timestamp, last_access, size, charset, headers, content) "
                "VALUES (?, ?, ?, ?, NULL, ?, ?)",
                (key, now, now, len(content) + len(key) + len(headers), headers, content))
            db.execute("COMMIT")
            sys.stdout.write(key + "\\n")
            sys.stdout.flush()
            i += 1
        """

    /// Writes small entries to `cache` until the other writer has committed `count` of its own
    /// (or 20 s pass); returns the keys written.
    private static func writeUntilChildCommitted(_ count: Int, to cache: SQLiteEntityCache) throws -> [String] {
        var keys: [String] = []
        let deadline = Date().addingTimeInterval(20)
        while try cache.usage().entryCount - keys.count < count, Date() < deadline {
            let key = "http://127.0.0.1/parent/\(keys.count)"
            try cache.writeEntity(
                Entity<Data>(content: Data(repeating: 0xEE, count: 4096), headers: ["content-type": "text/plain"]),
                forKey: key)
            keys.append(key)
            usleep(2000)
        }
        return keys
    }

    @Test("entries committed before a SIGKILL stay readable and the file passes quick_check")
    func killedWriter() async throws {
        let directory = try TemporaryFolder(prefix: "SiestaSQLiteTests")
        defer { directory.remove() }
        let file = directory.file("cache.sqlite")
        let limit = 1 << 30
        let parent = try SQLiteEntityCache(fileURL: file, maximumEntries: 100_000, maximumBytes: limit)

        let child = try PythonProcess(script: Self.writer, arguments: [file.path])
        // Write from this process too while the child writes, so both contend for the lock. The
        // writes block while they wait for it, so they run on a thread of their own rather than
        // on one of the few threads every other test shares.
        let parentKeys = try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try Self.writeUntilChildCommitted(60, to: parent) })
            }
        }
        child.send(SIGKILL)
        let result = child.finish()
        #expect(result.reason == .uncaughtSignal)
        #expect(result.status == SIGKILL)
        #expect(result.errors.isEmpty)

        let childKeys = result.output.split(separator: "\n").map(String.init)
        #expect(childKeys.count >= 60)

        let reopened = try SQLiteEntityCache(fileURL: file, maximumEntries: 100_000, maximumBytes: limit)
        #expect(reopened.recoveryNote == nil)
        #expect(try reopened.integrityProblems().isEmpty)
        for (index, key) in childKeys.enumerated() {
            let entity = try #require(try reopened.readEntity(forKey: key), "child entry \(index) lost")
            #expect(entity.content == Data(repeating: UInt8(index % 251), count: 65536))
            #expect(entity.contentType == "application/octet-stream")
        }
        for key in parentKeys {
            #expect(try reopened.readEntity(forKey: key)?.content == Data(repeating: 0xEE, count: 4096))
        }
        // The child may have committed one more entry than it managed to report, no more.
        let stored = try reopened.usage().entryCount
        #expect(stored >= childKeys.count + parentKeys.count)
        #expect(stored <= childKeys.count + parentKeys.count + 1)
    }
}
