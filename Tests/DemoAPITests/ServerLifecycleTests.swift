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
        let shutdownStarted = clock.now
        await server.shutdown()
        await server.shutdown()
        let outcome = await inFlight.result
        #expect(throws: (any Error).self) { try outcome.get() }
        // The route answers after 20 s; a cut-off request fails before that, even on a loaded
        // machine where both shutdown calls wait out their patience.
        #expect(clock.now - shutdownStarted < .seconds(18))
        #expect(clock.now - started < .seconds(20), "the route's own 20 s never ran out")
        // The port may already belong to another test's server, so judge by this server's own
        // count: a request after shutdown never reaches it.
        let probe = server.baseURL.appending(path: "counter").absoluteString
        _ = try? await client.execute(HTTPClientRequest(url: probe), timeout: .seconds(2))
        #expect(server.requestCount(forPath: "/counter") == 0)
        try await client.shutdown()
    }

    @Test(
        "shutdown ends connections whose clients stopped reading or sending",
        arguments: [
            "GET /broken/endless HTTP/1.1\r\nHost: demo\r\n\r\n",
            "GET /broken/stall HTTP/1.1\r\nHost: demo\r\n\r\n",
            "GET /events HTTP/1.1\r\nHost: demo\r\nAccept: text/event-stream\r\n\r\n",
            "GET /live/ndjson HTTP/1.1\r\nHost: demo\r\n\r\n",
            "GET /large?count=100000 HTTP/1.1\r\nHost: demo\r\n\r\n",
            "POST /echo HTTP/1.1\r\nHost: demo\r\nContent-Length: 100000\r\n\r\n{\"half\": ",
            "GET /counter HTTP/1.1\r\nHost: demo\r\nX-Half",
            "",
            "GET /counter HTTP/1.1\r\nHost: demo\r\n\r\n",
        ])
    func shutdownWithStuckClients(request: String) async throws {
        let server = try await DemoServer.start(liveStep: .milliseconds(20))
        let path = request.split(separator: " ").dropFirst().first.map { String($0.split(separator: "?")[0]) } ?? ""
        // Bare connections that send the request and never read the answer; a few, so that a
        // body too large for the socket buffers is stuck mid-write in at least one of them.
        var channels: [any Channel] = []
        for _ in 0..<3 {
            let channel = try await Self.connect(port: server.port, reading: false)
            if !request.isEmpty { try await channel.writeAndFlush(ByteBuffer(string: request)) }
            channels.append(channel)
        }
        if request.hasSuffix("\r\n\r\n") || request.hasPrefix("POST") {
            await waitUntil("the requests to arrive") { server.requestCount(forPath: path) == 3 }
        }
        #expect(await server.shutdown(patience: .seconds(10)), "the server stopped")
        for channel in channels { try? await channel.close() }
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

    /// Opens a bare TCP connection to 127.0.0.1 on `port`; with `reading` false it never reads
    /// what the server sends, so the server's writes back up once the socket buffers are full.
    private static func connect(port: Int, reading: Bool = true) async throws -> any Channel {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.autoRead, value: reading)
            .connect(host: "127.0.0.1", port: port).get()
    }
}
