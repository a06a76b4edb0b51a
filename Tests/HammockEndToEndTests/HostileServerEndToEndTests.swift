import DemoAPI
import Foundation
import TestSupport
import Testing

/// The binary against the demo API's misbehaving routes: cancelling a transfer that drips, and the
/// limits' sentences naming the options that raise them.
@Suite("Hostile servers in the hammock binary", .serialized)
struct HostileServerEndToEndTests {
    /// The drip's body as the document view shows it: a JSON string of 22 x's.
    private static let dripText = "\"" + String(repeating: "x", count: 22) + "\""

    @Test("c and Ctrl-C each cancel a load that drips a byte a second; the old data stays, hammock runs on")
    func cancelDrip() async throws {
        let server = try await DemoServer.start()
        let url = server.baseURL.absoluteString + "broken/drip?bytes=24&interval=1000&fast=1"
        let session = try TmuxSession(arguments: ["--no-cache", "--no-history", url])
        defer { session.close() }
        await session.waitFor(Self.dripText)
        await session.waitFor("loadRequests 0  isRequesting false")

        try session.keys("r")
        await session.waitFor("loadRequests 1  isRequesting true")
        // Cancelled mid-transfer: the server is dripping the body.
        await waitUntil("the second request to reach the server") { server.requestCount(forPath: "/broken/drip") == 2 }
        try session.keys("c")
        await session.waitFor("requestCancelled")
        let afterC = await session.waitFor("loadRequests 0  isRequesting false")
        #expect(afterC.contains(Self.dripText))

        try session.keys("r")
        await session.waitFor("loadRequests 1  isRequesting true")
        await waitUntil("the third request to reach the server") { server.requestCount(forPath: "/broken/drip") == 3 }
        try session.keys("C-c")
        await session.waitFor("cancelled the load: Ctrl-C again quits")
        let afterCtrlC = await session.waitFor("loadRequests 0  isRequesting false")
        #expect(afterCtrlC.contains(Self.dripText))
        #expect(session.isRunning)
        #expect(server.requestCount(forPath: "/broken/drip") == 3)
        await server.shutdown()
    }

    @Test("a refused port, an unknown host and a reset each say which, in latestError and the response head")
    func connectionFailures() async throws {
        let port = try ClosedPort.make()
        let resetting = try ResettingServer()
        defer { resetting.stop() }
        let session = try TmuxSession(arguments: ["--no-cache", "--no-history", "http://127.0.0.1:\(port)/items"])
        defer { session.close() }
        // latestError wraps the sentence: its start is enough.
        await session.waitFor("Could not connect to 127.0.0.1:\(port):")
        try session.keys("m")
        await session.waitFor("no response: connection refused by 127.0.0.1:\(port)")
        try session.keys("m")

        try session.keys("g")
        try session.keys("C-u")
        try session.type("http://something.invalid/items")
        try session.keys("Enter")
        await session.waitFor("Unknown host something.invalid:")
        try session.keys("m")
        await session.waitFor("no response: unknown host something.invalid")
        try session.keys("m")

        try session.keys("g")
        try session.keys("C-u")
        try session.type("http://127.0.0.1:\(resetting.port)/items")
        try session.keys("Enter")
        let screen = await session.waitFor("The server at 127.0.0.1:\(resetting.port) reset")
        #expect(!screen.contains("Could not connect to the server"))
    }

    @Test("a stalled server ends at --timeout, and the sentence names the option")
    func readTimeout() async throws {
        let server = try await SharedDemoServer.get()
        let session = try TmuxSession(
            arguments: [
                "--no-cache", "--no-history", "--timeout", "0.5", server.baseURL.absoluteString + "broken/stall",
            ])
        defer { session.close() }
        // The latestError pane wraps the sentence.
        let screen = await session.waitFor("The request timed out: nothing arrived for 0.5 s (the")
        #expect(screen.contains("Raise it with --timeout"))
    }

    @Test("a redirect chain longer than --max-redirects fails with a sentence naming the limit")
    func maximumRedirects() async throws {
        let server = try await SharedDemoServer.get()
        let session = try TmuxSession(
            arguments: [
                "--no-cache", "--no-history", "--max-redirects", "2", server.baseURL.absoluteString + "redirect/5",
            ])
        defer { session.close() }
        await session.waitFor("The server redirected more than 2 times")
    }
}
