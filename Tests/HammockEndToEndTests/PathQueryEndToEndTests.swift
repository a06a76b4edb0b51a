import DemoAPI
import Foundation
import TestSupport
import Testing

/// The JSONPath query pane in the hammock binary in tmux, against the demo API.
@Suite("hammock in tmux: the JSONPath query pane", .serialized)
struct PathQueryEndToEndTests {
    @Test("$ lists the matches as the expression is typed; an error points at its column; Enter opens a match")
    func queryPane() async throws {
        let server = try await SharedDemoServer.get()
        let session = try TmuxSession(arguments: [
            "--no-cache", "--no-history", server.baseURL.absoluteString + "users",
        ])
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("$")
        await session.waitFor("JSONPath over latestData")
        try session.type("[?@.id > 8")
        await session.waitFor("Invalid JSONPath at column 12")
        try session.type("].username")
        let screen = await session.waitFor("2 matches")
        #expect(screen.contains(#""$[8]['username']": "#))
        #expect(screen.contains(#""$[9]['username']": "#))
        try session.keys("Tab")
        try session.keys("Down")
        try session.keys("Down")
        try session.keys("Enter")
        await session.waitFor("─ $[9]['username'] ─")
        await session.waitForAbsence(of: "JSONPath over latestData")
    }
}
