import Foundation
import TestSupport
import Testing
import Workspace

@Suite("History size bound: least recently used entries go first")
struct HistoryEvictionTests {
    private static func open(
        _ folder: TemporaryFolder, maximumBodyBytes: Int = HistoryStore.defaultMaximumBodyBytes,
        maximumEntries: Int = HistoryStore.defaultMaximumEntries
    ) async throws -> HistoryStore {
        try await HistoryStore(
            fileURL: URL(fileURLWithPath: folder.path("history.sqlite")), maximumBodyBytes: maximumBodyBytes,
            maximumEntries: maximumEntries)
    }

    private static func record(_ name: String, bodyBytes: Int = 0) -> Exchange {
        Exchange(
            method: "GET", url: "http://127.0.0.1/\(name)", statusCode: 200,
            body: bodyBytes > 0 ? Data(repeating: 0x61, count: bodyBytes) : nil)
    }

    @Test("beyond the entry limit the least recently used entry is removed")
    func byCount() async throws {
        let folder = try TemporaryFolder()
        let store = try await Self.open(folder, maximumEntries: 3)
        var ids: [Int64] = []
        for name in ["a", "b", "c", "d"] {
            ids.append(try await store.record(Self.record(name, bodyBytes: 10)).id)
        }
        #expect(try await store.count == 3)
        #expect(try await store.entries().map(\.id) == [ids[3], ids[2], ids[1]])
        #expect(try await store.body(of: ids[0]) == nil)
        #expect(try await store.storedBodyBytes == 30)
    }

    @Test("beyond the byte limit least recently used entries are removed until the bodies fit")
    func byBytes() async throws {
        let folder = try TemporaryFolder()
        let store = try await Self.open(folder, maximumBodyBytes: 1000)
        let first = try await store.record(Self.record("first", bodyBytes: 400))
        let second = try await store.record(Self.record("second", bodyBytes: 400))
        #expect(try await store.storedBodyBytes == 800)

        let third = try await store.record(Self.record("third", bodyBytes: 400))

        #expect(try await store.entries().map(\.id) == [third.id, second.id])
        #expect(try await store.storedBodyBytes == 800)
        #expect(try await store.entry(id: first.id) == nil)
        #expect(try await store.body(of: first.id) == nil)
        #expect(try await store.body(of: second.id)?.count == 400)
    }

    @Test("markUsed protects an entry: the next least recently used one goes instead")
    func markUsedProtects() async throws {
        let folder = try TemporaryFolder()
        let store = try await Self.open(folder, maximumEntries: 3)
        let first = try await store.record(Self.record("first"))
        let second = try await store.record(Self.record("second"))
        let third = try await store.record(Self.record("third"))

        try await store.markUsed(id: first.id)
        let marked = try #require(try await store.entry(id: first.id))
        #expect(marked.lastUsed > third.lastUsed)
        let fourth = try await store.record(Self.record("fourth"))

        #expect(Set(try await store.entries().map(\.id)) == [first.id, third.id, fourth.id])
        #expect(try await store.entry(id: second.id) == nil)
        try await store.markUsed(id: second.id)
        #expect(try await store.count == 3)
    }

    @Test("markUsed also protects against the byte limit")
    func markUsedProtectsBytes() async throws {
        let folder = try TemporaryFolder()
        let store = try await Self.open(folder, maximumBodyBytes: 1000)
        let first = try await store.record(Self.record("first", bodyBytes: 300))
        let second = try await store.record(Self.record("second", bodyBytes: 300))
        try await store.markUsed(id: first.id)
        let third = try await store.record(Self.record("third", bodyBytes: 600))

        #expect(Set(try await store.entries().map(\.id)) == [first.id, third.id])
        #expect(try await store.entry(id: second.id) == nil)
        #expect(try await store.storedBodyBytes == 900)
    }

    @Test("a body bigger than the limit is dropped, the entry is kept, and other entries stay")
    func oversizeBody() async throws {
        let folder = try TemporaryFolder()
        let store = try await Self.open(folder, maximumBodyBytes: 1000)
        let small = try await store.record(Self.record("small", bodyBytes: 900))
        let big = try await store.record(Self.record("big", bodyBytes: 5000))

        #expect(big.bodyDropped)
        #expect(!big.hasStoredBody)
        #expect(big.bodySize == 5000)
        #expect(try await store.body(of: big.id) == nil)
        #expect(try await store.entry(id: big.id)?.bodyDropped == true)
        #expect(try await store.entries().map(\.id) == [big.id, small.id])
        #expect(try await store.body(of: small.id)?.count == 900)
        #expect(try await store.storedBodyBytes == 900)
    }

    @Test("a request body bigger than the limit is dropped and flagged; the response body still fits")
    func oversizeRequestBody() async throws {
        let folder = try TemporaryFolder()
        let store = try await Self.open(folder, maximumBodyBytes: 1000)
        let upload = try await store.record(
            Exchange(
                method: "PUT", url: "http://127.0.0.1/upload", requestBody: Data(repeating: 1, count: 2000),
                statusCode: 200, body: Data("ok".utf8)))

        #expect(upload.requestBodyDropped)
        #expect(upload.requestBody == nil)
        #expect(!upload.bodyDropped)
        #expect(try await store.body(of: upload.id) == Data("ok".utf8))
        #expect(try await store.storedBodyBytes == 2)
    }

    @Test("limits below 1 are refused")
    func invalidLimits() async throws {
        let folder = try TemporaryFolder()
        await #expect(throws: HistoryStoreError.invalidLimits(maximumEntries: 0, maximumBodyBytes: 10)) {
            _ = try await Self.open(folder, maximumBodyBytes: 10, maximumEntries: 0)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("history.sqlite")))
    }
}
