import DemoAPI
import Foundation
import TestSupport
import Testing

/// Whole screens of hammock in tmux at the key points of its main uses, compared with the golden
/// files in `Tests/Goldens/EndToEnd/` with only clocks, ports, dates and timings masked. Each
/// run keeps its data fresh for an hour (`--expiration 3600`) so a slow machine does not turn
/// `isUpToDate` false halfway through.
@Suite("Golden screens of hammock in tmux", .serialized)
struct GoldenEndToEndTests {
    let folder = GoldenScreen.folder("EndToEnd")

    @Test("with no URL: the demo API's root, then ? help, at 150×45 and 80×24")
    func start() async throws {
        for (width, height) in [(150, 45), (80, 24)] {
            let session = try TmuxSession(
                arguments: ["--no-cache", "--no-history", "--expiration", "3600"],
                environment: TmuxSession.steadyClockEnvironment, width: width, height: height)
            defer { session.close() }
            // The index, then its check against the demo's own description.
            await session.waitFor("schema ✓ · getIndex")
            await session.expectScreen(matches: "start-\(width)x\(height)", in: folder)
            try session.keys("?")
            await session.expectScreen(matches: "help-\(width)x\(height)", in: folder)
        }
    }

    @Test("a POST form sent, its response, the history list")
    func postAndHistory() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.shutdown() } }
        let folder = try TemporaryFolder(prefix: "hammock-golden-history")
        let session = try TmuxSession(
            arguments: [
                // The description's checks would add Events lines in an order of their own.
                "--no-cache", "--no-openapi", "--expiration", "3600", "--history", folder.path("history.sqlite"),
                server.baseURL.absoluteString + "users",
            ], environment: TmuxSession.steadyClockEnvironment)
        defer { session.close() }
        await session.waitFor("newData(network)")
        await session.expectScreen(matches: "users", in: self.folder)
        try session.keys("p")
        await session.waitFor("request(.post")
        try session.paste("{\n  \"username\": \"zed\",\n  \"email\": \"zed@example.com\"\n}")
        try session.keys("C-s")
        await session.waitFor("onSuccess 201")
        await session.expectScreen(matches: "post-sent", in: self.folder)
        try session.keys("C-r")
        await session.expectScreen(matches: "post-response", in: self.folder)
        // One key at a time: Escape with a key right after it reads as an Alt key.
        try session.keys("Escape")
        await session.waitForAbsence(of: "back to the form")
        try session.keys("Escape")
        await session.waitForAbsence(of: "request(.post")
        // The write made the list stale, so it loaded again: GET, POST, GET.
        try session.keys("h")
        await session.waitFor("history  3 of 3")
        await session.expectScreen(matches: "history", in: self.folder)
    }

    @Test("the WebSocket console after a message went and came back")
    func webSocket() async throws {
        let server = try await SharedDemoServer.get()
        let port = try #require(server.baseURL.port)
        let session = try TmuxSession(
            arguments: ["--no-cache", "--no-history", "ws://127.0.0.1:\(port)/ws/echo"],
            environment: TmuxSession.steadyClockEnvironment)
        defer { session.close() }
        await session.waitFor("● open")
        try session.keys("i")
        try session.type("hello")
        try session.keys("Enter")
        await session.waitFor("↓ 1 received")
        await session.expectScreen(matches: "websocket", in: folder)
    }
}
