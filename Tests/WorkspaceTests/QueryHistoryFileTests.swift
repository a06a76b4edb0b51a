import Foundation
import TestSupport
import Testing
import Workspace

/// The JSONPath expressions kept across runs, per API origin, in a small JSON file.
@Suite("query history file")
struct QueryHistoryFileTests {
    static let local = "http://localhost:8080"
    static let other = "https://api.example.com:443"

    @Test("expressions come back by origin, oldest first, a repeat moved to the newest")
    func rememberAndLoad() async throws {
        let folder = try TemporaryFolder()
        let url = URL(fileURLWithPath: folder.path("state/history.queries.json"))
        let file = QueryHistoryFile(fileURL: url)
        #expect(try await file.load().isEmpty, "no file yet: nothing kept, no error")
        try await file.remember("$..id", origin: Self.local)
        try await file.remember("$[0]", origin: Self.local)
        try await file.remember("$.items", origin: Self.other)
        try await file.remember("$..id", origin: Self.local)
        // Another process's instance reads what was written.
        let again = try await QueryHistoryFile(fileURL: url).load()
        #expect(again == [Self.local: ["$[0]", "$..id"], Self.other: ["$.items"]])
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(#""format" : "hammock query history""#), "\(text)")
    }

    @Test("at most 100 per origin and 200 origins, the least recently used going first")
    func limits() async throws {
        let folder = try TemporaryFolder()
        let file = QueryHistoryFile(fileURL: URL(fileURLWithPath: folder.path("q.json")))
        for index in 0..<105 { try await file.remember("$[\(index)]", origin: Self.local) }
        for index in 0..<200 { try await file.remember("$", origin: "http://host\(index):80") }
        let kept = try await file.load()
        #expect(kept.count == 200)
        #expect(kept[Self.local] == nil, "the first origin was used least recently")
        #expect(kept["http://host0:80"] == ["$"])
        try await file.remember("$[1]", origin: Self.local)
        let local = try await file.load()[Self.local]
        #expect(local == ["$[1]"])
        let perOrigin = QueryHistoryFile(fileURL: URL(fileURLWithPath: folder.path("p.json")))
        for index in 0..<105 { try await perOrigin.remember("$[\(index)]", origin: Self.local) }
        let lines = try await perOrigin.load()[Self.local] ?? []
        #expect(lines.count == 100 && lines.first == "$[5]" && lines.last == "$[104]")
    }

    @Test("a damaged or foreign file is named, left as it was, and never written over")
    func damagedFile() async throws {
        let folder = try TemporaryFolder()
        for contents in [
            #"{"format": "hammock query history", "version": 1, "origins": [{"origin": 3}]}"#, "not json",
            #"{"format":"other","version":1,"origins":[]}"#,
        ] {
            let path = folder.path("damaged.json")
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
            let file = QueryHistoryFile(fileURL: URL(fileURLWithPath: path))
            await #expect(throws: QueryHistoryFileError.self) { try await file.load() }
            do {
                try await file.remember("$..id", origin: Self.local)
                Issue.record("a damaged file was written over")
            } catch {
                #expect(error.description.hasPrefix("query history \(path) is left as it was and not used: "))
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == contents)
        }
    }

    @Test("the file sits beside the history file")
    func location() {
        let url = QueryHistoryFile.fileURL(besideHistory: URL(fileURLWithPath: "/state/hammock/history.sqlite"))
        #expect(url.path == "/state/hammock/history.queries.json")
    }
}
