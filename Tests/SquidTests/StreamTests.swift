import DemoAPI
import Foundation
@preconcurrency import OpenCombine
import Squid
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("WebSocket streams")
struct StreamTests {
    /// Written the original library's way: `decode` takes Foundation's message type.
    struct ShoutingEcho: StreamRequest {
        typealias Message = String
        typealias Result = String
        var routes: HttpRoute { ["ws", "echo"] }

        func decode(_ message: URLSessionWebSocketTask.Message) throws -> String {
            switch message {
            case .string(let text): return text.uppercased()
            case .data: throw Squid.Error.encodingFailed(message: "binary")
            @unknown default: throw Squid.Error.encodingFailed(message: "unknown")
            }
        }
    }

    /// Sends any kind of message and wants text back.
    struct RawEcho: StreamRequest {
        typealias Message = StreamMessage
        typealias Result = String
        var routes: HttpRoute { ["ws", "echo"] }

        func encode(_ message: StreamMessage) throws -> StreamMessage {
            message
        }
    }

    struct Greeting: Codable, Equatable, Sendable {
        var userName: String
        var visitCount: Int
    }

    struct GreetingEcho: JsonStreamRequest {
        typealias Message = Greeting
        typealias Result = Greeting
        var routes: HttpRoute { ["ws", "echo"] }
    }

    struct Tick: Decodable, Sendable {
        var tick: Int
        var at: String
    }

    struct Ticks: JsonStreamRequest {
        typealias Message = String
        typealias Result = Tick
        var routes: HttpRoute { ["ws", "ticks"] }
        var query: HttpQuery { ["count": 3, "interval": 20] }
    }

    /// Only receives: `Message` stays `Void`.
    struct Listener: StreamRequest {
        typealias Result = String
        var routes: HttpRoute { ["ws", "echo"] }
    }

    private func echoURL(_ server: DemoServer) -> String {
        "ws://127.0.0.1:\(server.port)/ws/echo"
    }

    @Test("AnyStreamRequest echoes three messages in order, sent by publisher, by publisher of messages and by await")
    func anyStreamEcho() async throws {
        try await withDemoServer { server in
            let stream = AnyStreamRequest(url: echoURL(server)).schedule()
            let received = Collector(stream.ignoreError().ignoreResultErrors())
            let first = Collector(stream.send("one"))
            let second = Collector(stream.send(from: Just("two")))
            _ = try await first.finish()
            _ = try await second.finish()
            try await stream.sendMessage("three")
            await waitUntil("three echoes") { received.collected.values.count == 3 }
            #expect(Set(received.collected.values) == ["one", "two", "three"])
            #expect(received.collected.values.last == "three")
            guard case .success = first.collected.values.first else {
                Issue.record("the first send failed: \(first.collected.values)")
                return
            }
            received.cancel()
        }
    }

    @Test("a request whose decode takes URLSessionWebSocketTask.Message compiles and decodes every message")
    func foundationMessageType() async throws {
        try await withDemoServer { server in
            let stream = ShoutingEcho().schedule(with: DemoService(server))
            let received = Collector(stream.ignoreError().ignoreResultErrors())
            for word in ["a", "b", "c"] {
                try await stream.sendMessage(word)
            }
            await waitUntil("three echoes") { received.collected.values.count == 3 }
            #expect(received.collected.values == ["A", "B", "C"])
            received.cancel()
        }
    }

    @Test("a message the request cannot decode is a failure element and the stream goes on")
    func decodingFailureKeepsGoing() async throws {
        try await withDemoServer { server in
            let stream = RawEcho().schedule(with: DemoService(server))
            let received = Collector(stream)
            try await stream.sendMessage(.data(Data([1, 2, 3])))
            try await stream.sendMessage(.string("after"))
            await waitUntil("two elements") { received.collected.values.count == 2 }
            let values = received.collected.values
            try #require(values.count == 2)
            guard case .failure(.decodingFailed(let error, let url)) = values.first else {
                Issue.record("the binary echo did not fail to decode: \(values)")
                return
            }
            #expect(url.absoluteString == "ws://127.0.0.1:\(server.port)/ws/echo")
            #expect("\(error)".contains("expected String, got a binary message"))
            #expect(try values[1].get() == "after")
            #expect(received.collected.completion == nil)
            received.cancel()
        }
    }

    @Test("JSON stream requests encode with snake case and decode the echo")
    func jsonStream() async throws {
        try await withDemoServer { server in
            let stream = GreetingEcho().schedule(with: DemoService(server))
            let received = Collector(stream.ignoreError().ignoreResultErrors())
            let greeting = Greeting(userName: "ada", visitCount: 3)
            try await stream.sendMessage(greeting)
            await waitUntil("the echo") { !received.collected.values.isEmpty }
            #expect(received.collected.values == [greeting])
            received.cancel()

        }
    }

    @Test("a feed that closes after three ticks gives three results, then fails with its close code and reason")
    func ticksThenClose() async throws {
        try await withDemoServer { server in
            let processed = Recorder<[String]>([])
            let service = AnyHttpService(
                at: "http://127.0.0.1:\(server.port)",
                processError: { error in processed.update { $0.append("\(error)") } })
            let stream = Ticks().schedule(with: service)
            let collected = try await Collector(stream).finish()
            #expect(collected.values.compactMap { try? $0.get().tick } == [1, 2, 3])
            guard case .closedStream(let code) = collected.error else {
                Issue.record("not closed: \(String(describing: collected.completion))")
                return
            }
            #expect(code == .normalClosure)
            #expect(code.reason == "done")
            #expect(processed.value == ["The stream was closed by the peer: 1000 normal closure (done)."])
        }
    }

    @Test("a server that closes with its own code surfaces it as closedStream with the reason")
    func serverCloseCode() async throws {
        try await withDemoServer { server in
            let stream = AnyStreamRequest(
                url: "ws://127.0.0.1:\(server.port)/ws/close", query: ["code": 4002, "reason": "go away"]
            ).schedule()
            let collected = try await Collector(stream).finish()
            guard case .closedStream(let code) = collected.error else {
                Issue.record("not closed: \(String(describing: collected.completion))")
                return
            }
            #expect(code == StreamCloseCode(rawValue: 4002))
            #expect(code.reason == "go away")
            #expect(collected.error?.description == "The stream was closed by the peer: 4002 (go away).")
        }
    }

    @Test("a peer that never answers a ping fails the stream with a sentence naming the ping")
    func unansweredPing() async throws {
        let deaf = try await DeafWebSocketServer.start()
        let service = AnyHttpService(
            at: "http://127.0.0.1:\(deaf.port)", sessionConfiguration: SessionConfiguration(streamPingInterval: 0.1))
        let collected = try await Collector(AnyStreamRequest(routes: [], service: service).schedule()).finish()
        guard case .noConnection(_, let reason) = collected.error else {
            Issue.record("no connection error: \(String(describing: collected.completion))")
            await deaf.stop()
            return
        }
        #expect(reason.hasPrefix("No answer to a ping within 0.1 s"))
        await deaf.stop()
    }

    @Test("a refused connection fails the stream and a send with noConnection")
    func refused() async throws {
        let port = try ClosedPort.make()
        let stream = AnyStreamRequest(url: "ws://127.0.0.1:\(port)/").schedule()
        let collected = try await Collector(stream).finish()
        guard case .noConnection(let url, _) = collected.error else {
            Issue.record("not refused: \(String(describing: collected.completion))")
            return
        }
        #expect(url.absoluteString == "ws://127.0.0.1:\(port)/")
        await #expect(throws: Squid.Error.self) { try await stream.sendMessage("late") }
    }

    @Test("cancelling every subscriber closes the connection; a new subscriber opens a new one")
    func cancelAndReopen() async throws {
        try await withDemoServer { server in
            let stream = AnyStreamRequest(url: echoURL(server)).schedule()
            let first = Collector(stream.ignoreError().ignoreResultErrors())
            try await stream.sendMessage("first")
            await waitUntil("the first echo") { first.collected.values == ["first"] }
            first.cancel()
            let second = Collector(stream.ignoreError().ignoreResultErrors())
            try await stream.sendMessage("second")
            await waitUntil("the second echo") { second.collected.values == ["second"] }
            #expect(first.collected.values == ["first"])
            second.cancel()
        }
    }

    @Test("cancelling the last subscriber closes the socket on the server's side")
    func cancelClosesSocket() async throws {
        let deaf = try await DeafWebSocketServer.start()
        let service = AnyHttpService(
            at: "http://127.0.0.1:\(deaf.port)", sessionConfiguration: SessionConfiguration(streamPingInterval: nil))
        let stream = AnyStreamRequest(routes: [], service: service).schedule()
        let subscriber = Collector(stream)
        try await stream.sendMessage("hello")
        await waitUntil("the server to hold the connection") { deaf.openConnections == 1 }
        subscriber.cancel()
        await waitUntil("the server to see the connection closed") { deaf.openConnections == 0 }
        #expect(subscriber.collected.completion == nil)
        await deaf.stop()
    }

    @Test("a stream that only receives refuses to send")
    func voidMessage() async throws {
        try await withDemoServer { server in
            let stream = Listener().schedule(with: DemoService(server))
            await #expect(throws: Squid.Error.self) { try await stream.sendMessage(()) }
        }
    }

    @Test("messages sent one after another without waiting reach the peer in the order they were sent")
    func sendOrder() async throws {
        try await withDemoServer { server in
            let stream = AnyStreamRequest(url: echoURL(server)).schedule()
            let received = Collector(stream.ignoreError().ignoreResultErrors())
            let sent = (1...30).map { "message \($0)" }
            let outcomes = sent.map { Collector(stream.send($0)) }
            await waitUntil("thirty echoes") { received.collected.values.count == sent.count }
            #expect(received.collected.values == sent)
            for outcome in outcomes {
                _ = try await outcome.finish()
            }
            received.cancel()
        }
    }

    @Test("the result of a send is replayed to a subscriber that comes after it was sent")
    func sendResultReplayed() async throws {
        try await withDemoServer { server in
            let stream = AnyStreamRequest(url: echoURL(server)).schedule()
            let received = Collector(stream.ignoreError().ignoreResultErrors())
            let sending = stream.send("once")
            let early = Collector(sending)
            _ = try await early.finish()
            let late = Collector(sending)
            let collected = try await late.finish()
            guard case .success = collected.values.first else {
                Issue.record("the late subscriber got no result: \(collected.values)")
                return
            }
            #expect(collected.values.count == 1)
            received.cancel()
        }
    }

    @Test("close before the connection exists closes it with that code as soon as it opens")
    func closeBeforeOpening() async throws {
        try await withDemoServer { server in
            let stream = AnyStreamRequest(url: echoURL(server)).schedule()
            stream.close(code: StreamCloseCode(rawValue: 4100, reason: "never mind"))
            let collected = try await Collector(stream).finish()
            guard case .closedStream(let code) = collected.error else {
                Issue.record("not closed: \(String(describing: collected.completion))")
                return
            }
            #expect(code == StreamCloseCode(rawValue: 4100))
            #expect(code.reason == "never mind")
            #expect(collected.error?.description == "The stream was closed: 4100 (never mind).")
        }
    }

    @Test("a ping interval that is not a positive number sends no pings instead of failing")
    func oddPingIntervals() async throws {
        try await withDemoServer { server in
            for interval in [Double.nan, 0, -5, .infinity] {
                let service = AnyHttpService(
                    at: "http://127.0.0.1:\(server.port)",
                    sessionConfiguration: SessionConfiguration(streamPingInterval: interval))
                let stream = AnyStreamRequest(routes: ["ws", "echo"], service: service).schedule()
                let received = Collector(stream.ignoreError().ignoreResultErrors())
                try await stream.sendMessage("still here")
                await waitUntil("the echo with interval \(interval)") { received.collected.values == ["still here"] }
                received.cancel()
            }
        }
    }

    @Test("a close asked for after every subscriber left does not close the next connection")
    func staleClose() async throws {
        try await withDemoServer { server in
            let stream = AnyStreamRequest(url: echoURL(server)).schedule()
            let first = Collector(stream.ignoreError().ignoreResultErrors())
            try await stream.sendMessage("first")
            await waitUntil("the first echo") { first.collected.values == ["first"] }
            first.cancel()
            stream.close(code: StreamCloseCode(rawValue: 4100))
            let second = Collector(stream.ignoreError().ignoreResultErrors())
            try await stream.sendMessage("second")
            await waitUntil("the second echo") { second.collected.values == ["second"] }
            second.cancel()
        }
    }

    @Test("messages waiting for a connection fail with cancelled when the last subscriber leaves")
    func pendingSendFailsOnLeave() async throws {
        let gate = HeaderGate()
        let stream = AnyStreamRequest(routes: [], service: GatedHeaderService(gate: gate)).schedule()
        let subscriber = Collector(stream)
        let outcomes = ["waiting", "behind it", "last"].map { Collector(stream.send($0)) }
        await waitUntilAsync("the stream to ask for its header") { await gate.isWaiting }
        subscriber.cancel()
        for outcome in outcomes {
            let collected = try await outcome.finish()
            guard case .failure(.cancelled) = collected.values.first else {
                Issue.record("a queued send did not fail with cancelled: \(collected.values)")
                return
            }
        }
        await gate.open()
    }
}

/// Holds a service's header back until the test opens it.
private actor HeaderGate {
    private var waiter: CheckedContinuation<Void, Never>?
    private var isOpen = false

    /// Whether a request is waiting at the gate.
    var isWaiting: Bool {
        waiter != nil
    }

    /// Waits until ``open()``.
    func pass() async {
        if isOpen {
            return
        }
        await withCheckedContinuation { waiter = $0 }
    }

    /// Lets every waiting and later request through.
    func open() {
        isOpen = true
        waiter?.resume()
        waiter = nil
    }
}

/// A service on a closed port whose header comes only when its gate opens.
private struct GatedHeaderService: HttpService {
    let gate: HeaderGate

    var apiUrl: UrlConvertible {
        "ws://127.0.0.1:9"
    }

    var asyncHeader: HttpHeader {
        get async throws {
            await gate.pass()
            return [:]
        }
    }
}
