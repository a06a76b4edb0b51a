import Foundation
import TestSupport
import Testing

@Suite("hammock in tmux: the WebSocket console", .serialized)
struct WebSocketEndToEndTests {
    @Test("ws:// on the command line opens the console; a text line and a JSON object come back")
    func echo() async throws {
        // A server process of its own: the opening handshake must be answered within hammock's
        // ten seconds, whatever the tests running beside this one do with this process's threads.
        let server = try DemoServerProcess()
        let port = server.port
        let session = try TmuxSession(arguments: ["--no-cache", "ws://127.0.0.1:\(port)/ws/echo"])
        defer { session.close() }
        await session.waitFor("● open")
        try session.keys("i")
        await session.waitFor("send: ")
        try session.type("hello")
        try session.keys("Enter")
        await session.waitFor("↓ text · 5 B")
        try session.keys("Tab")
        await session.waitFor("send JSON: ")
        try session.type(#"{"n": 1.50, "ok": true}"#)
        try session.keys("Enter")
        let screen = await session.waitFor("↓ JSON · 23 B")
        #expect(screen.contains("↑ 2 sent · ↓ 2 received"))
        #expect(screen.components(separatedBy: "  hello").count - 1 == 2, "sent and echoed")
        #expect(screen.components(separatedBy: #"    "n": 1.50,"#).count - 1 == 2, "pretty-printed, number as sent")
        try session.type("{nope")
        try session.keys("Enter")
        await session.waitFor("not sent: Invalid JSON")
        try session.keys("Escape")
        // The next key only once the line is closed: Esc and a key at once read as an Alt key.
        await session.waitForAbsence(of: "send JSON: ")
        try session.keys("c")
        await session.waitFor("● Closed: 1000 normal closure")
        try session.keys("q")
        await session.waitForAbsence(of: "WebSocket ws://")
        server.stop()
    }
}
