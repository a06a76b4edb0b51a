import Foundation
import TestSupport
import Testing
import Workspace

@Suite("Recording and reading history entries")
struct HistoryRecordingTests {
    /// Every byte value, so nothing is lost to text handling.
    private static let binaryBody = Data((0..<5000).map { UInt8($0 % 256) })

    private static func fullRecord() -> Exchange {
        Exchange(
            date: Date(timeIntervalSince1970: 1_760_000_000.25),
            method: "POST",
            url: "https://api.example.com/users?page=2",
            requestHeaders: [
                HeaderField(name: "Content-Type", value: "application/json"),
                HeaderField(name: "X-Trace", value: "a"),
                HeaderField(name: "X-Trace", value: "b"),
            ],
            requestBody: Data(#"{"name":"Zoë"}"#.utf8),
            statusCode: 201,
            reasonPhrase: "Created",
            httpVersion: "HTTP/1.1",
            responseHeaders: [
                HeaderField(name: "Content-Type", value: "application/octet-stream"),
                HeaderField(name: "X-Escapes", value: "quote \" backslash \\ nul \u{0} end"),
            ],
            redirects: [
                RedirectHop(url: "http://api.example.com/users?page=2", statusCode: 301),
                RedirectHop(url: "https://api.example.com/v2/users?page=2", statusCode: 308),
            ],
            finalURL: "https://api.example.com/v3/users?page=2",
            timeToFirstByte: 0.0125,
            totalTime: 0.5,
            wireSize: 1234,
            body: binaryBody)
    }

    @Test("a full entry with its body comes back field for field, without the body in the listing")
    func roundTrip() async throws {
        let folder = try TemporaryFolder()
        let store = try await HistoryStore(fileURL: URL(fileURLWithPath: folder.path("history.sqlite")))
        let before = Date()
        let recorded = try await store.record(Self.fullRecord())

        let read = try #require(try await store.entry(id: recorded.id))
        #expect(read == recorded)
        #expect(read.id > 0)
        #expect(read.date == Date(timeIntervalSince1970: 1_760_000_000.25))
        #expect(read.method == "POST")
        #expect(read.url == "https://api.example.com/users?page=2")
        #expect(read.requestHeaders == Self.fullRecord().requestHeaders)
        #expect(read.requestBody == Data(#"{"name":"Zoë"}"#.utf8))
        #expect(read.statusCode == 201)
        #expect(read.reasonPhrase == "Created")
        #expect(read.statusText == "201 Created")
        #expect(read.httpVersion == "HTTP/1.1")
        #expect(read.responseHeaders == Self.fullRecord().responseHeaders)
        #expect(read.redirects == Self.fullRecord().redirects)
        #expect(read.finalURL == "https://api.example.com/v3/users?page=2")
        #expect(read.timeToFirstByte == 0.0125)
        #expect(read.totalTime == 0.5)
        #expect(read.wireSize == 1234)
        #expect(read.bodySize == Self.binaryBody.count)
        #expect(read.contentType == "application/octet-stream")
        #expect(read.errorMessage == nil)
        #expect(read.lastUsed >= before.addingTimeInterval(-1))
        #expect(read.hasStoredBody)
        #expect(!read.bodyDropped)
        #expect(!read.requestBodyDropped)
        #expect(try await store.body(of: recorded.id) == Self.binaryBody)
        #expect(try await store.entries() == [recorded])
        #expect(try await store.count == 1)
        #expect(try await store.storedBodyBytes == Self.binaryBody.count + 15)

        let definition = read.requestDefinition
        #expect(definition.method == "POST")
        #expect(definition.body == #"{"name":"Zoë"}"#)
        #expect(definition.bodyKind == .json)
        #expect(definition.headers.count == 3)
    }

    @Test("a failure without a response keeps its error message and has no body")
    func failure() async throws {
        let folder = try TemporaryFolder()
        let store = try await HistoryStore(fileURL: URL(fileURLWithPath: folder.path("history.sqlite")))
        let recorded = try await store.record(
            Exchange(
                method: "GET", url: "http://127.0.0.1:9/nothing", totalTime: 0.003,
                errorMessage: "Connection refused by 127.0.0.1:9"))

        let read = try #require(try await store.entry(id: recorded.id))
        #expect(read.statusCode == nil)
        #expect(read.statusText == "Connection refused by 127.0.0.1:9")
        #expect(read.responseHeaders.isEmpty)
        #expect(read.contentType == nil)
        #expect(read.bodySize == 0)
        #expect(!read.hasStoredBody)
        #expect(try await store.body(of: recorded.id) == nil)
    }

    @Test("an empty body is kept as empty bytes, not as no body")
    func emptyBody() async throws {
        let folder = try TemporaryFolder()
        let store = try await HistoryStore(fileURL: URL(fileURLWithPath: folder.path("history.sqlite")))
        let recorded = try await store.record(
            Exchange(method: "DELETE", url: "http://127.0.0.1/items/1", statusCode: 204, body: Data()))
        #expect(recorded.hasStoredBody)
        #expect(try await store.body(of: recorded.id) == Data())
    }

    @Test("the filter matches method, URL and status text ignoring case; empty lists all, newest first")
    func filter() async throws {
        let folder = try TemporaryFolder()
        let store = try await HistoryStore(fileURL: URL(fileURLWithPath: folder.path("history.sqlite")))
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        let get = try await store.record(
            Exchange(
                date: base, method: "GET", url: "http://127.0.0.1/Users/1", statusCode: 200, reasonPhrase: "OK"))
        let post = try await store.record(
            Exchange(
                date: base.addingTimeInterval(1), method: "POST", url: "http://127.0.0.1/orders", statusCode: 404,
                reasonPhrase: "Not Found"))
        let failed = try await store.record(
            Exchange(
                date: base.addingTimeInterval(2), method: "GET", url: "http://127.0.0.1/Ünïcode",
                errorMessage: "Timed out after 5 s"))

        #expect(try await store.entries(matching: "").map(\.id) == [failed.id, post.id, get.id])
        #expect(try await store.entries(matching: "post").map(\.id) == [post.id])
        #expect(try await store.entries(matching: "get").map(\.id) == [failed.id, get.id])
        #expect(try await store.entries(matching: "/USERS/").map(\.id) == [get.id])
        #expect(try await store.entries(matching: "not found").map(\.id) == [post.id])
        #expect(try await store.entries(matching: "404").map(\.id) == [post.id])
        #expect(try await store.entries(matching: "timed OUT").map(\.id) == [failed.id])
        #expect(try await store.entries(matching: "üNÏ").map(\.id) == [failed.id])
        #expect(try await store.entries(matching: "%").isEmpty)
        #expect(try await store.entries(matching: "nothing like it").isEmpty)
        #expect(try await store.entries(matching: "", limit: 2).map(\.id) == [failed.id, post.id])
        #expect(try await store.entries(matching: "", limit: 0).isEmpty)
    }

    @Test("delete removes one entry and its body; clear removes all")
    func deleteAndClear() async throws {
        let folder = try TemporaryFolder()
        let store = try await HistoryStore(fileURL: URL(fileURLWithPath: folder.path("history.sqlite")))
        let first = try await store.record(
            Exchange(method: "GET", url: "http://127.0.0.1/a", body: Data("a".utf8)))
        let second = try await store.record(
            Exchange(method: "GET", url: "http://127.0.0.1/b", body: Data("b".utf8)))

        try await store.delete(id: first.id)
        #expect(try await store.entry(id: first.id) == nil)
        #expect(try await store.body(of: first.id) == nil)
        #expect(try await store.entries().map(\.id) == [second.id])
        #expect(try await store.count == 1)
        #expect(try await store.storedBodyBytes == 1)
        try await store.delete(id: 999)
        #expect(try await store.count == 1)

        try await store.clear()
        #expect(try await store.count == 0)
        #expect(try await store.storedBodyBytes == 0)
        #expect(try await store.body(of: second.id) == nil)
        let third = try await store.record(Exchange(method: "GET", url: "http://127.0.0.1/c"))
        #expect(third.id > second.id)
    }

    @Test("a store reopened after close has the entries and bodies; a closed store refuses calls")
    func reopen() async throws {
        let folder = try TemporaryFolder()
        let url = URL(fileURLWithPath: folder.path("history.sqlite"))
        let store = try await HistoryStore(fileURL: url)
        let recorded = try await store.record(Self.fullRecord())
        await store.close()
        await store.close()
        await #expect(throws: HistoryStoreError.closed(path: url.path)) { try await store.count }
        #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))

        let reopened = try await HistoryStore(fileURL: url)
        #expect(reopened.recoveryNote == nil)
        #expect(try await reopened.entries() == [recorded])
        #expect(try await reopened.body(of: recorded.id) == Self.binaryBody)
    }
}
