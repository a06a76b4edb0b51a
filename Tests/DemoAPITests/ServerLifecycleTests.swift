import AsyncHTTPClient
import DemoAPI
import Foundation
import NIOCore
import NIOPosix
import TestSupport
import Testing

@Suite("server lifecycle")
struct ServerLifecycleTests {
    @Test("start on port 0 reports the chosen port in port and baseURL, and accepts at once")
    func ephemeralPort() async throws {
        let server = try await DemoServer.start()
        #expect(server.port > 0)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)/")
        let channel = try await Self.connect(port: server.port)
        try await channel.close()
        await server.shutdown()
    }

    @Test("shutdown closes the port, cuts off a request in flight, and a second call is harmless")
    func shutdown() async throws {
        let server = try await DemoServer.start()
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let url = server.baseURL.appending(path: "slow").absoluteString + "?delay=20000"
        let clock = ContinuousClock()
        let started = clock.now
        let inFlight = Task {
            try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(30)).body.collect(upTo: 1024)
        }
        await waitUntil("the slow request to arrive") { server.requestCount(forPath: "/slow") == 1 }
        await server.shutdown()
        await server.shutdown()
        let outcome = await inFlight.result
        #expect(throws: (any Error).self) { try outcome.get() }
        // The route answers after 20 s; a cut-off request fails well before that, even on a
        // loaded machine.
        #expect(clock.now - started < .seconds(12))
        // The port may already belong to another test's server, so judge by this server's own
        // count: a request after shutdown never reaches it.
        let probe = server.baseURL.appending(path: "counter").absoluteString
        _ = try? await client.execute(HTTPClientRequest(url: probe), timeout: .seconds(2))
        #expect(server.requestCount(forPath: "/counter") == 0)
        try await client.shutdown()
    }

    @Test("starting on a port already in use throws")
    func portInUse() async throws {
        let server = try await DemoServer.start()
        await #expect(throws: (any Error).self) {
            let second = try await DemoServer.start(host: "127.0.0.1", port: server.port)
            await second.shutdown()
        }
        await server.shutdown()
    }

    /// Opens a bare TCP connection to 127.0.0.1 on `port`.
    private static func connect(port: Int) async throws -> any Channel {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get()
    }
}
