import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import HTTPCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Server-Sent Events across reconnections, against the demo API's `/events` over loopback.
@Suite("the event source: reading and reconnecting")
struct HTTPEventSourceTests {
    /// Opens `/events` with `query` as a stream.
    func open(_ server: DemoServer, _ query: String, transport: HTTPTransport) async throws -> HTTPStream {
        let url = try #require(URL(string: server.baseURL.absoluteString + "events?" + query))
        return try await withCheckedThrowingContinuation { continuation in
            transport.openStream(URLRequest(url: url)) { result in continuation.resume(with: result) }
        }
    }

    /// The updates until `done` says enough (or the source finishes), then stops the source.
    func collect(
        _ source: HTTPEventSource, until done: @escaping ([HTTPEventSource.Update]) -> Bool
    ) async -> [HTTPEventSource.Update] {
        var updates: [HTTPEventSource.Update] = []
        for await update in source.updates {
            updates.append(update)
            if done(updates) { break }
        }
        source.stop()
        return updates
    }

    static func ids(_ updates: [HTTPEventSource.Update]) -> [String] {
        updates.flatMap { update -> [String] in
            guard case .events(let events, _, _, _) = update else { return [] }
            return events.compactMap(\.id)
        }
    }

    @Test("a dropped connection is reopened after the server's retry, with Last-Event-ID; events go on from there")
    func reconnects() async throws {
        let server = try await SharedDemoServer.get()
        let transport = HTTPTransport()
        let stream = try await open(server, "drop=2&retry=300", transport: transport)
        let source = HTTPEventSource(stream: stream, reconnects: true)
        let updates = await collect(source) { Self.ids($0).count >= 4 }
        #expect(Array(Self.ids(updates).prefix(4)) == ["1", "2", "3", "4"])
        let phases = updates.filter { if case .events = $0 { return false } else { return true } }
        guard case .reconnecting(_, let reason)? = phases.first else {
            Issue.record("expected a reconnection first, got \(phases)")
            return
        }
        #expect(reason == "the server ended it")
        #expect(Array(phases.dropFirst().prefix(2)) == [.connecting, .reconnected(1)])
        await transport.shutdown()
    }

    @Test("a reconnection answered 204 No Content ends the source")
    func noContentEnds() async throws {
        let server = try await SharedDemoServer.get()
        let transport = HTTPTransport()
        let stream = try await open(server, "drop=2&retry=250&stop=2", transport: transport)
        let source = HTTPEventSource(stream: stream, reconnects: true)
        let updates = await collect(source) { _ in false }
        #expect(Self.ids(updates) == ["1", "2"])
        #expect(updates.last == .ended("the server answered 204 No Content: no more events"))
        await transport.shutdown()
    }

    @Test("a source that does not reconnect ends with its stream")
    func readOnce() async throws {
        let server = try await SharedDemoServer.get()
        let transport = HTTPTransport()
        let stream = try await open(server, "count=3", transport: transport)
        let source = HTTPEventSource(stream: stream, reconnects: false)
        let updates = await collect(source) { _ in false }
        #expect(Self.ids(updates) == ["1", "2", "3"])
        #expect(updates.last == .ended("the server ended it"))
        await transport.shutdown()
    }

    @Test("stop() ends a source waiting to reconnect; nothing more is sent")
    func stopWhileWaiting() async throws {
        let server = try await DemoServer.start()
        let transport = HTTPTransport()
        let stream = try await open(server, "drop=1&retry=60000", transport: transport)
        let source = HTTPEventSource(stream: stream, reconnects: true)
        let updates = await collect(source) { updates in
            updates.contains { if case .reconnecting = $0 { return true } else { return false } }
        }
        #expect(Self.ids(updates) == ["1"])
        #expect(server.requestCount(forPath: "/events") == 1)
        await transport.shutdown()
        await server.shutdown()
    }
}
