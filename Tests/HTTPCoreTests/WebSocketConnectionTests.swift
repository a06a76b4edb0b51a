import DemoAPI
import Foundation
import NIOCore
import NIOPosix
import NIOSSL
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
        // The ping was sent before the connection failed; the server may read it a little later.
        await waitUntil("the server reads the ping") { server.receivedOpcodes.contains(.ping) }
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
        #expect(
            refusedUpgrade.message.contains("(the server answered 400 Bad Request instead of 101 Switching Protocols)"))

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

    @Test("a close frame that arrives with the server's end of the connection is never lost, even under load")
    func closeWithEndOfConnection() async throws {
        let server = try await SharedDemoServer.get()
        let url = webSocketURL(server, "ws/close?code=4001&reason=go%20away")
        let closures = await withTaskGroup(of: WebSocketEvent?.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    await self.events(of: WebSocketConnection(url: url, settings: WebSocketSettings(pingInterval: nil)))
                        .last
                }
            }
            var all: [WebSocketEvent?] = []
            for await last in group {
                all.append(last)
            }
            return all
        }
        let peerCloses = closures.filter { last in
            if case .closed(let closure) = last { return closure.code == 4001 && closure.initiator == .peer }
            return false
        }
        #expect(
            peerCloses.count == 40,
            "\(closures.filter { !peerCloses.map(String.init(describing:)).contains(String(describing: $0)) })")
    }

    @Test("close gives up waiting for a peer that never answers it and closes the socket")
    func closeWithoutAnswer() async throws {
        let server = try await DeafWebSocketServer.start()
        defer { Task { await server.stop() } }
        let connection = WebSocketConnection(
            url: server.url, settings: WebSocketSettings(pingInterval: nil, closingTimeout: .milliseconds(200)))
        _ = await events(of: connection) { $0.count == 1 }
        connection.close(code: 4100, reason: "done here")
        let rest = await events(of: connection)
        guard case .closed(let closure) = rest.last else {
            Issue.record("no close: \(rest)")
            return
        }
        #expect(closure == WebSocketClosure(code: 4100, reason: "done here", initiator: .client))
        // The frame was sent before the socket closed; the server may read it a little later.
        await waitUntil("the server reads the close frame") { server.receivedOpcodes.contains(.connectionClose) }
        await waitUntil("the server sees the socket close") { server.openConnections == 0 }
    }

    @Test("a close asked for while connecting also gives up on a peer that never answers it")
    func closeWhileConnectingWithoutAnswer() async throws {
        let server = try await DeafWebSocketServer.start()
        defer { Task { await server.stop() } }
        let connection = WebSocketConnection(
            url: server.url, settings: WebSocketSettings(pingInterval: nil, closingTimeout: .milliseconds(200)))
        connection.close(code: 4101)
        let seen = await events(of: connection)
        guard case .closed(let closure) = seen.last else {
            Issue.record("no close: \(seen)")
            return
        }
        #expect(closure == WebSocketClosure(code: 4101, reason: nil, initiator: .client))
        #expect(server.receivedOpcodes.contains(.connectionClose))
    }

    @Test("header fields the handshake sends itself are not sent twice; the rest go as given")
    func handshakeFields() async throws {
        let server = try await SharedDemoServer.get()
        let settings = WebSocketSettings(
            headers: [
                (name: "Host", value: "elsewhere"), (name: "Sec-WebSocket-Key", value: "x"),
                (name: "Origin", value: "https://app.example"), (name: "X-Token", value: "abc"),
                (name: "Bad Name", value: "v"), (name: "X-Split", value: "a\r\nInjected: yes"),
            ])
        let connection = WebSocketConnection(url: webSocketURL(server, "ws/echo"), settings: settings)
        try await connection.send(.text("through"))
        let seen = await events(of: connection) { self.received($0).count == 1 }
        #expect(received(seen) == [.text("through")])
        connection.cancel()
    }

    @Test("a server that accepts the connection but never answers the opening request times out")
    func openingTimeout() async throws {
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { $0.eventLoop.makeSucceededVoidFuture() }
            .bind(host: "127.0.0.1", port: 0).get()
        defer { silent.close(promise: nil) }
        let port = silent.localAddress?.port ?? 0
        let connection = WebSocketConnection(
            url: URL(string: "ws://127.0.0.1:\(port)/")!,
            settings: WebSocketSettings(openingTimeout: .milliseconds(300)))
        let seen = await events(of: connection)
        guard case .failed(let failure) = seen.last else {
            Issue.record("no failure: \(seen)")
            return
        }
        #expect(failure.kind == .transport(.timedOut))
        #expect(
            failure.message == "Cannot connect to ws://127.0.0.1:\(port)/: no answer to the opening handshake in time")
    }

    @Test("cancel stops an opening handshake that has no answer")
    func cancelWhileOpening() async throws {
        let silent = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { $0.eventLoop.makeSucceededVoidFuture() }
            .bind(host: "127.0.0.1", port: 0).get()
        defer { silent.close(promise: nil) }
        let connection = WebSocketConnection(url: URL(string: "ws://127.0.0.1:\(silent.localAddress?.port ?? 0)/")!)
        connection.cancel()
        let seen = await events(of: connection)
        guard case .closed(let closure) = seen.last else {
            Issue.record("no close: \(seen)")
            return
        }
        #expect(closure.reason == "cancelled")
    }

    @Test("wss to an address verifies the certificate and speaks TLS (the server here answers plain HTTP inside it)")
    func secureToAddress() async throws {
        let servers = try await TLSFixture.servers()
        let roots = try NIOSSLCertificate.fromPEMFile(servers.certificates.caCertificate)
        let url = URL(string: "wss://127.0.0.1:\(servers.trusted.port)/socket")!
        let trusted = await events(
            of: WebSocketConnection(
                url: url, settings: WebSocketSettings(tls: HTTPTLSSettings(additionalTrustRoots: roots))))
        guard case .failed(let refusal) = trusted.last else {
            Issue.record("no failure: \(trusted)")
            return
        }
        #expect(refusal.kind == .handshakeRefused)
        #expect(refusal.message.contains("the server answered 200 OK"))
        #expect(servers.trusted.requestLines.contains("GET /socket"))

        let untrusted = await events(of: WebSocketConnection(url: url))
        guard case .failed(let failure) = untrusted.last else {
            Issue.record("no failure: \(untrusted)")
            return
        }
        #expect(failure.kind == .transport(.tls(.untrusted)))
        #expect(failure.message.contains("is not trusted"))
    }

    @Test("only codes a close frame may carry are sent; others go as 1000")
    func sendableCodes() {
        #expect(WebSocketClosure.isSendable(1000))
        #expect(WebSocketClosure.isSendable(4999))
        #expect(!WebSocketClosure.isSendable(1005))
        #expect(!WebSocketClosure.isSendable(1006))
        #expect(!WebSocketClosure.isSendable(70000))
        #expect(!WebSocketClosure.isSendable(-1))
    }

    @Test("the demo close route answers a code that may not be sent with 1008 instead of failing")
    func demoRouteInvalidCode() async throws {
        let server = try await SharedDemoServer.get()
        let seen = await events(of: WebSocketConnection(url: webSocketURL(server, "ws/close?code=70000")))
        guard case .closed(let closure) = seen.last else {
            Issue.record("no close: \(seen)")
            return
        }
        #expect(closure == WebSocketClosure(code: 1008, reason: "close code 70000 may not be sent", initiator: .peer))
    }
}
