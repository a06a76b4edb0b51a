import Foundation
import TestSupport
import Testing
import Workspace

@Suite("History secrets are masked before they reach the file")
struct HistorySecretMaskingTests {
    private static let bearer = "eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LWJlYXJlci10b2tlbg.Q9fPz3Wk"
    private static let queryToken = "qtok-7d41f0c2a9"
    private static let cookie = "sess-58ab19e0ffd2"
    private static let apiKey = "key-0c1d2e3f4a5b"
    private static let secrets = [bearer, queryToken, cookie, apiKey]

    /// The bytes of the database and its `-wal` and `-shm` files, whichever exist.
    private static func fileBytes(_ path: String) throws -> Data {
        var bytes = Data()
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: path + suffix)))
        }
        return bytes
    }

    private static func expectNoSecret(in bytes: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in secrets {
            #expect(
                bytes.range(of: Data(secret.utf8)) == nil, "\(secret) reached the file", sourceLocation: sourceLocation)
        }
    }

    @Test("a bearer token, a token query parameter, cookies and an API key never reach the file")
    func secretsNeverOnDisk() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("history.sqlite")
        let store = try await HistoryStore(fileURL: URL(fileURLWithPath: path))
        let entry = try await store.record(
            Exchange(
                method: "GET",
                url: "https://api.example.com/me?access_token=\(Self.queryToken)&page=1",
                requestHeaders: [
                    HeaderField(name: "Authorization", value: "Bearer \(Self.bearer)"),
                    HeaderField(name: "Cookie", value: "session=\(Self.cookie); theme=dark"),
                    HeaderField(name: "X-API-Key", value: Self.apiKey),
                    HeaderField(name: "Accept", value: "application/json"),
                ],
                statusCode: 302,
                responseHeaders: [
                    HeaderField(name: "Set-Cookie", value: "session=\(Self.cookie); Path=/; HttpOnly"),
                    HeaderField(name: "Location", value: "/next?token=\(Self.queryToken)"),
                ],
                redirects: [
                    RedirectHop(url: "https://api.example.com/old?api_key=\(Self.apiKey)", statusCode: 301)
                ],
                finalURL: "https://api.example.com/final?token=\(Self.queryToken)",
                errorMessage: "retried with Bearer \(Self.bearer)"))

        #expect(entry.url == "https://api.example.com/me?access_token=••••••&page=1")
        #expect(
            entry.requestHeaders.map(\.value) == [
                "Bearer ••••••", "session=••••••; theme=••••••", "••••••", "application/json",
            ])
        #expect(entry.responseHeaders.map(\.value) == ["session=••••••; Path=/; HttpOnly", "/next?token=••••••"])
        #expect(entry.redirects.first?.url == "https://api.example.com/old?api_key=••••••")
        #expect(entry.finalURL == "https://api.example.com/final?token=••••••")
        #expect(entry.errorMessage == "retried with Bearer ••••••")
        #expect(try await store.entry(id: entry.id) == entry)

        // While open: the database, its write-ahead log and shared memory.
        Self.expectNoSecret(in: try Self.fileBytes(path))
        #expect(try Self.fileBytes(path).range(of: Data("api.example.com/me".utf8)) != nil)

        // After close, with the log checkpointed into the file.
        await store.close()
        let closed = try Self.fileBytes(path)
        Self.expectNoSecret(in: closed)
        #expect(closed.range(of: Data("api.example.com/me".utf8)) != nil)
    }

    @Test("filtering by a secret value finds nothing, since only the mask was stored")
    func filterSeesOnlyMasks() async throws {
        let folder = try TemporaryFolder()
        let store = try await HistoryStore(fileURL: URL(fileURLWithPath: folder.path("history.sqlite")))
        try await store.record(
            Exchange(method: "GET", url: "https://api.example.com/x?token=\(Self.queryToken)", statusCode: 200))
        #expect(try await store.entries(matching: Self.queryToken).isEmpty)
        #expect(try await store.entries(matching: "token=••••••").count == 1)
    }
}
