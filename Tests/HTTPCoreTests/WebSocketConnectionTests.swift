import DemoAPI
import Foundation
import NIOWebSocket
import TestSupport
import Testing

@testable import HTTPCore

@Suite("WebSocket connections")
struct WebSocketConnectionTests {
    /// Collects a connection's events until its stream finishes or `enough` says stop.
    private func events(
        of connection: WebSocketConnection,
        until enough: ([WebSocketEvent]) -> Bool = { _ in false }
    ) async -> [WebSocketEvent] {
        var seen: [WebSocketEvent] = []
        for await event in connection.events {
            seen.append(event)
            if enough(seen) {
                break
            }
        }
        return seen
    }

    private func webSocketURL(_ server: DemoServer, _ path: String) -> URL {
        URL(string: "ws://127.0.0.1:\(server.port)/\(path)")!
    }

    private func received(_ events: [WebSocketEvent]) -> [WebSocketPayload] {
        events.compactMap { event in
            if case .received(let payload) = event {
                return payload
            }
            return nil
        }
    }

    @Test("the echo answers text and binary messages in order, as the same kind")
    func echo() async throws {
        let server = try await SharedDemoServer.get()
        let connection = WebSocketConnection(url: webSocketURL(server, "ws/echo"))
        let sent: [WebSocketPayload] = [.text("one"), .binary(Data([0, 1, 2, 255])), .text("drei ü 🎉")]
        for payload in sent {
            try await connection.send(payload)
        }
        let seen = await events(of: connection) { self.received($0).count == sent.count }
        guard case .opened = seen.first else {
            Issue.record("the first event is not opened: \(seen)")
            return
        }
        #expect(received(seen) == sent)
        connection.close()
        let rest = await events(of: connection)
        guard case .closed(let closure) = rest.last else {
            Issue.record("the connection did not close: \(rest)")
            return
        }
        #expect(closure == WebSocketClosure(code: 1000, reason: nil, initiator: .client))
    }

    @Test("the ticking feed sends count ticks as JSON, then closes with 1000")
    func ticks() async throws {
        let server = try await SharedDemoServer.get()
        let connection = WebSocketConnection(url: webSocketURL(server, "ws/ticks?count=3&interval=20"))
        let seen = await events(of: connection)
        let ticks = received(seen).compactMap { payload -> Int? in
            guard case .text(let text) = payload,
                let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            else {
                return nil
            }
            return object["tick"] as? Int
        }
        #expect(ticks == [1, 2, 3])
        guard case .closed(let closure) = seen.last else {
            Issue.record("no close: \(seen)")
            return
        }
        #expect(closure == WebSocketClosure(code: 1000, reason: "done", initiator: .peer))
    }

    @Test("a server that closes with its own code and reason is reported with both")
    func serverClose() async throws {
        let server = try await SharedDemoServer.get()
        let connection = WebSocketConnection(url: webSocketURL(server, "ws/close?code=4001&reason=go%20away"))
        let seen = await events(of: connection)
        guard case .closed(let closure) = seen.last else {
            Issue.record("no close: \(seen)")
            return
        }
        #expect(closure == WebSocketClosure(code: 4001, reason: "go away", initiator: .peer))
        #expect(closure.summary == "Closed by the server: 4001 (go away)")
    }

    @Test("a peer that never answers a ping fails the connection with a ping timeout")
    func pingTimeout() async throws {
        let server = try await DeafWebSocketServer.start()
        defer { Task { await server.stop() } }
        let connection = WebSocketConnection(
            url: server.url, settings: WebSocketSettings(pingInterval: .milliseconds(100)))
        let seen = await events(of: connection)
        guard case .failed(let failure) = seen.last else {
            Issue.record("no failure: \(seen)")
            return
        }
        #expect(failure.kind == .pingTimeout)
        #expect(failure.message.hasPrefix("No answer to a ping within 0.1 s"))
        #expect(server.receivedOpcodes.contains(.ping))
    }

    @Test("a refused connection, a route that does not upgrade and a non-WebSocket URL fail with a sentence")
    func failures() async throws {
        let port = try ClosedPort.make()
        let refused = await events(of: WebSocketConnection(url: URL(string: "ws://127.0.0.1:\(port)/")!))
        guard case .failed(let refusal) = refused.last else {
            Issue.record("no failure: \(refused)")
            return
        }
        #expect(refusal.kind == .transport(.cannotConnect))
        #expect(refusal.message.hasPrefix("Cannot connect to ws://127.0.0.1:\(port)/"))

        let server = try await SharedDemoServer.get()
        let plain = await events(of: WebSocketConnection(url: webSocketURL(server, "users")))
        guard case .failed(let refusedUpgrade) = plain.last else {
            Issue.record("no failure: \(plain)")
            return
        }
        #expect(refusedUpgrade.kind == .handshakeRefused)

        let ftp = await events(of: WebSocketConnection(url: URL(string: "ftp://example.com/")!))
        guard case .failed(let invalid) = ftp.last else {
            Issue.record("no failure: \(ftp)")
            return
        }
        #expect(invalid.kind == .invalidURL)
        await #expect(throws: WebSocketFailure.self) {
            try await WebSocketConnection(url: URL(string: "ftp://example.com/")!).send(.text("x"))
        }
    }

    @Test("cancel ends an open connection at once and later sends fail")
    func cancel() async throws {
        let server = try await SharedDemoServer.get()
        let connection = WebSocketConnection(url: webSocketURL(server, "ws/echo"))
        try await connection.send(.text("ping"))
        _ = await events(of: connection) { self.received($0).count == 1 }
        connection.cancel()
        let rest = await events(of: connection)
        guard case .closed(let closure) = rest.last else {
            Issue.record("no close: \(rest)")
            return
        }
        #expect(closure.code == WebSocketClosure.abnormalCode)
        await #expect(throws: WebSocketFailure.self) {
            try await connection.send(.text("after"))
        }
    }

    @Test("http and https URLs are taken as ws and wss")
    func schemes() {
        #expect(WebSocketConnection.webSocketURL(URL(string: "http://h:1/a?b=c")!)?.absoluteString == "ws://h:1/a?b=c")
        #expect(WebSocketConnection.webSocketURL(URL(string: "HTTPS://h/a")!)?.absoluteString == "wss://h/a")
        #expect(WebSocketConnection.webSocketURL(URL(string: "wss://h")!)?.absoluteString == "wss://h")
        #expect(WebSocketConnection.webSocketURL(URL(string: "file:///x")!) == nil)
    }
}
