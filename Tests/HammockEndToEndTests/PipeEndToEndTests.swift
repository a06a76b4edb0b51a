import DemoAPI
import Foundation
import TestSupport
import Testing

/// `|` in the hammock binary in tmux: the shown body piped to jq and to a command that does not
/// exist, and a long command stopped with Esc.
@Suite("hammock in tmux: piping the body to a command", .serialized)
struct PipeEndToEndTests {
    @Test("| jq '.[].username' shows jq's output; a missing command is named; Esc stops sleep")
    func pipeToCommands() async throws {
        let server = try await SharedDemoServer.get()
        let session = try TmuxSession(arguments: [
            "--no-cache", "--no-history", server.baseURL.absoluteString + "users",
        ])
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("|")
        await session.waitFor("pipe the body to")
        try session.type("jq -r '.[].username'")
        try session.keys("Enter")
        let screen = await session.waitFor("exit 0 ·")
        #expect(screen.contains("| jq -r '.[].username'"))
        for name in ["alovelace", "bkernighan", "cshannon"] {
            #expect(screen.contains("│ \(name) "), "jq's line \(name)")
        }
        // The layer's note ends so; Events keeps the outcome after the layer closed.
        try session.keys("Escape")
        await session.waitForAbsence(of: "· Esc closes")
        try session.keys("|")
        await session.waitFor("pipe the body to")
        try session.type("nosuchtool-hammock -x")
        try session.keys("Enter")
        await session.waitFor("the command nosuchtool-hammock was not found")
        try session.keys("Escape")
        await session.waitForAbsence(of: "· Esc closes")
        try session.keys("|")
        await session.waitFor("pipe the body to")
        try session.type("sleep 30")
        try session.keys("Enter")
        await session.waitFor("Esc stops it")
        try session.keys("Escape")
        await session.waitFor("stopped with Esc after")
        #expect(session.isRunning)
        try session.keys("Escape")
        await session.waitForAbsence(of: "· Esc closes")
    }
}
