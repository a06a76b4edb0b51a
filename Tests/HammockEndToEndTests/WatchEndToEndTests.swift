import DemoAPI
import Foundation
import TestSupport
import Testing

/// The watch board in the built binary, over a demo API whose live resources step every 300 ms.
@Suite("the watch board in the hammock binary", .serialized)
struct WatchBinaryEndToEndTests {
    @Test("two pinned demo resources refresh by themselves; a change is said in Events and marked in latestData")
    func pinTwoAndSeeAChange() async throws {
        let server = try await DemoServer.start(liveStep: .milliseconds(300))
        defer { Task { await server.shutdown() } }
        let folder = try TemporaryFolder(prefix: "hammock-e2e-watch")
        let session = try TmuxSession(
            arguments: [
                "--no-cache", "--no-history", "--watch-interval", "0.5", server.baseURL.absoluteString + "live/counter",
            ],
            environment: ["XDG_STATE_HOME": folder.path("state"), "XDG_CONFIG_HOME": folder.path("config")],
            directory: folder.path)
        defer { session.close() }
        await session.waitFor("newData(network)")
        // Pin the counter from the main view, then the order through the go prompt.
        try session.keys("P")
        await session.waitFor("pinned /live/counter: refreshes every 0.5s")
        try session.keys("g", "C-u")
        try session.type("/orders/7")
        try session.keys("Enter")
        await session.waitFor("GET \(server.baseURL.absoluteString)orders/7")
        try session.keys("P")
        await session.waitFor("pinned /orders/7")
        try session.keys("v")
        let board = await session.waitFor("2 pinned")
        #expect(board.contains("↻0.5s"), "\(board)")
        // The order changes on its own: the Events pane says how much, the board what.
        let changed = await session.waitFor("newData(network) /orders/7 +", timeout: 20)
        #expect(changed.contains("→"), "\(changed)")
        // The board took focus on the order, the resource being looked at; up to the counter (the
        // first row), then open it in the full view and wait for its next change.
        try session.keys("Up")
        await session.waitFor("GET \(server.baseURL.absoluteString)live/counter")
        try session.keys("Enter")
        await session.waitForAbsence(of: "2 pinned")
        var screen = ""
        await waitUntil("the changed count line to be marked", timeout: 15) {
            screen = session.capture()
            return screen.components(separatedBy: "\n").contains { $0.contains("▌") && $0.contains("\"count\"") }
        }
        #expect(screen.contains("newData(network) /live/counter +0 −0 ~2"), "Events counts the change:\n\(screen)")
        try session.keys("D")
        let diff = await session.waitFor("what changed · /live/counter")
        #expect(diff.contains("~ $.count: "), "\(diff)")
        try session.keys("Escape")
        await session.waitForAbsence(of: "what changed ·")
        try session.keys("q")
    }
}
