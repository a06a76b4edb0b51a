import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import NIOHTTP1
import TestSupport
import Testing

@testable import HTTPCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport's own HTTP/1.1 connections, against a server that answers byte for byte as
/// each test scripts it. Where AsyncHTTPClient is the reference, the same requests go through a
/// transport that sends plain HTTP through it (one that retries failed connection attempts), and
/// the two must agree.
@Suite("plain HTTP over the transport's own connections")
struct HTTP1PoolTests {
    /// A transport that sends `http` requests over its own connections.
    func poolTransport(readTimeout: TimeInterval? = 60) -> HTTPTransport {
        HTTPTransport(settings: HTTPClientSettings(readTimeout: readTimeout, maximumRedirects: 0))
    }

    /// A transport that sends every request through AsyncHTTPClient.
    func clientTransport(readTimeout: TimeInterval? = 60) -> HTTPTransport {
        HTTPTransport(
            settings: HTTPClientSettings(readTimeout: readTimeout, maximumRedirects: 0, retriesFailedConnections: true))
    }

    func request(
        _ url: URL, method: String = "GET", headers: [(String, String)] = [], body: Data? = nil,
        timeout: TimeInterval = 10
    ) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = timeout == 10 ? TestTime.scaled(timeout) : timeout
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    func outcome(of request: URLRequest, on transport: HTTPTransport) async -> Result<HTTPExchangeResponse, HTTPFailure>
    {
        do {
            return .success(try await transport.send(request))
        } catch {
            return .failure(error)
        }
    }

    func text(_ result: Result<HTTPExchangeResponse, HTTPFailure>) -> String? {
        guard case .success(let response) = result else { return nil }
        return String(decoding: response.body, as: UTF8.self)
    }

    func kind(_ result: Result<HTTPExchangeResponse, HTTPFailure>) -> HTTPFailure.Kind? {
        guard case .failure(let failure) = result else { return nil }
        return failure.kind
    }

    @Test("every kind of request leaves byte for byte as AsyncHTTPClient sends it")
    func framingMatchesAsyncHTTPClient() async throws {
        let server = try await ScriptedHTTPServer.start()
        defer { Task { await server.stop() } }
        let base = server.baseURL.absoluteString
        let requests = [
            request(URL(string: "\(base)/a/b%2Fc;p=1?q=%20x&y=%E2%9C%93&z=a+b")!),
            request(URL(string: base)!),
            request(URL(string: "\(base)/empty-query?")!),
            request(URL(string: "\(base)/fragment#part")!),
            request(
                URL(string: "\(base)/headers")!,
                headers: [("X-B", "2"), ("x-a", "1"), ("Accept", "application/json"), ("X-Name", "café")]),
            request(URL(string: "\(base)/own-host")!, headers: [("Host", "example.test")]),
            request(
                URL(string: "\(base)/post")!, method: "POST", headers: [("Content-Type", "application/json")],
                body: Data(#"{"a": 1.10}"#.utf8)),
            request(URL(string: "\(base)/post-empty")!, method: "POST"),
            request(URL(string: "\(base)/put-empty")!, method: "PUT", body: Data()),
            request(URL(string: "\(base)/patch")!, method: "PATCH", body: Data("x=1".utf8)),
            request(URL(string: "\(base)/delete")!, method: "DELETE"),
            request(URL(string: "\(base)/options")!, method: "OPTIONS"),
            request(URL(string: "\(base)/head")!, method: "HEAD"),
            request(
                URL(string: "\(base)/wrong-length")!, method: "POST", headers: [("Content-Length", "99")],
                body: Data("abc".utf8)),
            request(URL(string: "\(base)/close")!, headers: [("Connection", "close")]),
        ]
        let folder = try TemporaryFolder(prefix: "hammock-pool")
        let file = try folder.write("body.txt", String(repeating: "0123456789", count: 30_000))
        var upload = request(URL(string: "\(base)/upload")!, method: "PUT", headers: [("Content-Type", "text/plain")])
        upload.httpBodyStream = HTTPUploadStream(try HTTPUploadBody.file(atPath: file))
        var chunked = request(URL(string: "\(base)/chunked")!, method: "POST")
        chunked.httpBodyStream = InputStream(data: Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) }))
        var chunkedAgain = chunked
        chunkedAgain.httpBodyStream = InputStream(data: Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) }))
        let streamed = [(upload, upload), (chunked, chunkedAgain)]
        let client = clientTransport()
        let pool = poolTransport()
        for (first, second) in requests.map({ ($0, $0) }) + streamed {
            let request = first
            let count = server.requests.count
            let viaClient = await outcome(of: first, on: client)
            #expect(text(viaClient) == (request.httpMethod == "HEAD" ? "" : "ok"), "\(request.url!): \(viaClient)")
            #expect(text(await outcome(of: second, on: pool)) == (request.httpMethod == "HEAD" ? "" : "ok"))
            let sent = server.requests.dropFirst(count).map(\.text)
            try #require(sent.count == 2, "both requests for \(request.url!) reached the server")
            #expect(sent[0] == sent[1], "\(request.httpMethod ?? "") \(request.url!)")
        }
        await client.shutdown()
        await pool.shutdown()
    }

    @Test(
        "header names and values that could split a request are refused before anything is sent, as by AsyncHTTPClient")
    func refusedHeaders() async throws {
        let server = try await ScriptedHTTPServer.start()
        defer { Task { await server.stop() } }
        let url = server.baseURL.appendingPathComponent("bad")
        let bad = [
            HTTPPlainRequest(url: url, headerFields: [HTTPHeaderField(name: "X-Bad", value: "a\r\nInjected: yes")]),
            HTTPPlainRequest(url: url, headerFields: [HTTPHeaderField(name: "X Bad", value: "a")]),
            HTTPPlainRequest(url: url, headerFields: [HTTPHeaderField(name: "X-Nul", value: "a\u{0}b")]),
        ]
        let client = clientTransport()
        let pool = poolTransport()
        for request in bad {
            let reference = kind(await outcome(of: request, on: client))
            #expect(reference == .protocolViolation, "\(request.headerFields)")
            #expect(kind(await outcome(of: request, on: pool)) == reference, "\(request.headerFields)")
        }
        var trace = self.request(url, method: "TRACE", body: Data("body".utf8))
        trace.httpMethod = "TRACE"
        let reference = kind(await outcome(of: trace, on: client))
        #expect(reference == .protocolViolation)
        #expect(kind(await outcome(of: trace, on: pool)) == reference)
        #expect(server.requests.isEmpty)
        await client.shutdown()
        await pool.shutdown()
    }

    func outcome(of request: HTTPPlainRequest, on transport: HTTPTransport) async -> Result<
        HTTPExchangeResponse, HTTPFailure
    > {
        await withCheckedContinuation { continuation in
            _ = transport.start(request) { continuation.resume(returning: $0) }
        }
    }

    @Test("several lines of one name leave as lines of their own, in the order added, through both engines")
    func repeatedHeaderLines() async throws {
        let server = try await ScriptedHTTPServer.start()
        defer { Task { await server.stop() } }
        var request = request(
            URL(string: "\(server.baseURL.absoluteString)/lines")!, method: "PUT", body: Data("x".utf8))
        HTTPHeaderLines.add("1", named: "X-A", to: &request)
        HTTPHeaderLines.add("b", named: "X-B", to: &request)
        HTTPHeaderLines.add("2", named: "x-a", to: &request)
        #expect(
            HTTPHeaderLines.fields(of: request).filter { $0.name.lowercased().hasPrefix("x-") }.map(\.value)
                == ["1", "2", "b"])
        let client = clientTransport()
        let pool = poolTransport()
        #expect(text(await outcome(of: request, on: client)) == "ok")
        #expect(text(await outcome(of: request, on: pool)) == "ok")
        let sent = server.requests.map(\.text)
        try #require(sent.count == 2)
        #expect(sent[0] == sent[1])
        #expect(sent[0].contains("\r\nX-A: 1\r\nX-A: 2\r\nX-B: b\r\n"), "\(sent[0])")
        #expect(!sent[0].contains("\u{1F}"))
        HTTPHeaderLines.set(["only"], named: "X-A", in: &request)
        #expect(HTTPHeaderLines.fields(of: request).filter { $0.name.lowercased() == "x-a" }.map(\.value) == ["only"])
        await client.shutdown()
        await pool.shutdown()
    }

    @Test("requests one after another share one connection")
    func reuse() async throws {
        let server = try await ScriptedHTTPServer.start()
        defer { Task { await server.stop() } }
        let transport = poolTransport()
        for index in 0..<5 {
            let result = await outcome(of: request(server.baseURL.appendingPathComponent("n/\(index)")), on: transport)
            #expect(text(result) == "ok")
        }
        #expect(server.connectionsOpened == 1)
        #expect(server.requests.map(\.index) == [0, 1, 2, 3, 4])
        await transport.shutdown()
    }

    @Test("many requests at once open at most eight connections to one origin, and all are answered")
    func connectionLimit() async throws {
        let server = try await ScriptedHTTPServer.start { .ok("r\($0.line)") }
        defer { Task { await server.stop() } }
        let transport = poolTransport()
        let bodies = await withTaskGroup(of: String?.self) { group in
            for index in 0..<40 {
                group.addTask {
                    self.text(
                        await self.outcome(
                            of: self.request(server.baseURL.appendingPathComponent("c/\(index)")), on: transport))
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(bodies.compactMap { $0 }.count == 40)
        #expect(Set(bodies.compactMap { $0 }).count == 40, "each request got its own answer")
        #expect(server.connectionsOpened <= 8)
        #expect(server.requests.count == 40)
        await transport.shutdown()
    }

    @Test("a kept-alive connection the server closes as a GET arrives: the GET goes again on a new connection")
    func staleConnectionResendsSafe() async throws {
        let server = try await ScriptedHTTPServer.start { request in
            request.connection == 0 && request.index == 1 ? .close : .ok("from \(request.connection)")
        }
        defer { Task { await server.stop() } }
        let transport = poolTransport()
        #expect(
            text(await outcome(of: request(server.baseURL.appendingPathComponent("one")), on: transport)) == "from 0")
        #expect(
            text(await outcome(of: request(server.baseURL.appendingPathComponent("two")), on: transport)) == "from 1")
        #expect(
            server.requests.map { "\($0.connection).\($0.index) \($0.line)" } == [
                "0.0 GET /one HTTP/1.1", "0.1 GET /two HTTP/1.1", "1.0 GET /two HTTP/1.1",
            ])
        await transport.shutdown()
    }

    @Test("a POST or PUT on a kept-alive connection that closes unanswered is not sent again, and fails as closed")
    func staleConnectionFailsUnsafe() async throws {
        for method in ["POST", "PUT", "DELETE"] {
            let server = try await ScriptedHTTPServer.start { request in
                request.connection == 0 && request.index == 1 ? .close : .ok()
            }
            let transport = poolTransport()
            let url = server.baseURL.appendingPathComponent("orders")
            #expect(text(await outcome(of: request(url, method: method, body: Data("1".utf8)), on: transport)) == "ok")
            let second = await outcome(of: request(url, method: method, body: Data("2".utf8)), on: transport)
            #expect(kind(second) == .connectionClosed, "\(method)")
            #expect(server.requests.count == 2, "\(method) sent once")
            await transport.shutdown()
            await server.stop()
        }
    }

    @Test("a connection is not used again after Connection: close, an HTTP/1.0 answer, or a response nobody asked for")
    func connectionsNotReused() async throws {
        let closing = Array(
            ScriptedHTTPServer.Reply.response(status: "200 OK", headers: ["Connection: close"], body: "ok"))
        let old = Array("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)
        let unasked =
            ScriptedHTTPServer.Reply.response(status: "200 OK", body: "ok")
            + ScriptedHTTPServer.Reply.response(status: "200 OK", body: "unasked")
        for first in [closing, old, unasked] {
            let server = try await ScriptedHTTPServer.start { request in
                request.connection == 0 ? .send(first) : .ok("fresh")
            }
            let transport = poolTransport()
            #expect(text(await outcome(of: request(server.baseURL.appendingPathComponent("a")), on: transport)) == "ok")
            #expect(
                text(await outcome(of: request(server.baseURL.appendingPathComponent("b")), on: transport)) == "fresh")
            #expect(server.requests.map(\.connection) == [0, 1])
            await transport.shutdown()
            await server.stop()
        }
    }

    @Test(
        "part of a response nobody asked for, left after a complete one: a GET after it goes again on a new connection")
    func partialUnaskedResponse() async throws {
        let server = try await ScriptedHTTPServer.start { request in
            request.connection == 0 && request.index == 0
                ? .send(
                    ScriptedHTTPServer.Reply.response(status: "200 OK", body: "ok") + Array("HTTP/1.1 200 OK\r\n".utf8))
                : .ok("fresh")
        }
        defer { Task { await server.stop() } }
        let transport = poolTransport()
        #expect(text(await outcome(of: request(server.baseURL.appendingPathComponent("a")), on: transport)) == "ok")
        #expect(text(await outcome(of: request(server.baseURL.appendingPathComponent("b")), on: transport)) == "fresh")
        #expect(server.requests.map(\.connection) == [0, 0, 1])
        await transport.shutdown()
    }

    @Test("bodies framed by chunks or by the end of the connection arrive whole; 1xx heads are skipped")
    func bodyFraming() async throws {
        let chunked = Array(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n".utf8)
        let untilClose = Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nhello world".utf8)
        let informational = Array(
            ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello world").utf8)
        let replies: [ScriptedHTTPServer.Reply] = [.send(chunked), .sendAndClose(untilClose), .send(informational)]
        for reply in replies {
            let server = try await ScriptedHTTPServer.start { _ in reply }
            let transport = poolTransport()
            let result = await outcome(of: request(server.baseURL.appendingPathComponent("body")), on: transport)
            #expect(text(result) == "hello world")
            if case .success(let response) = result { #expect(response.statusCode == 200) }
            await transport.shutdown()
            await server.stop()
        }
    }

    @Test("an answer that comes before the upload is taken ends the exchange with it, and the connection is not reused")
    func earlyAnswerToUpload() async throws {
        let server = try await ScriptedHTTPServer.start(answersEarly: true) { request in
            .send(ScriptedHTTPServer.Reply.response(status: "413 Content Too Large", body: "too large"))
        }
        defer { Task { await server.stop() } }
        let folder = try TemporaryFolder(prefix: "hammock-pool")
        let file = try folder.write("big.bin", String(repeating: "x", count: 8_000_000))
        let transport = poolTransport()
        for _ in 0..<2 {
            var upload = request(server.baseURL.appendingPathComponent("upload"), method: "PUT")
            upload.httpBodyStream = HTTPUploadStream(try HTTPUploadBody.file(atPath: file))
            let result = await outcome(of: upload, on: transport)
            #expect(text(result) == "too large")
            if case .success(let response) = result { #expect(response.statusCode == 413) }
        }
        #expect(server.requests.map(\.connection) == [0, 1])
        await transport.shutdown()
    }

    @Test("the answer to HEAD has no body even with a Content-Length, and the connection serves the next request")
    func headResponse() async throws {
        let server = try await ScriptedHTTPServer.start { request in
            request.line.hasPrefix("HEAD")
                ? .send(Array("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n".utf8)) : .ok("after")
        }
        defer { Task { await server.stop() } }
        let transport = poolTransport()
        let head = await outcome(of: request(server.baseURL, method: "HEAD"), on: transport)
        #expect(text(head) == "")
        #expect(text(await outcome(of: request(server.baseURL), on: transport)) == "after")
        #expect(server.connectionsOpened == 1)
        await transport.shutdown()
    }

    @Test("broken answers fail the same way as through AsyncHTTPClient")
    func failuresMatchAsyncHTTPClient() async throws {
        let replies: [(String, ScriptedHTTPServer.Reply)] = [
            ("a body cut short", .sendAndClose(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc".utf8))),
            ("not HTTP", .send(Array("HELLO THERE\r\n\r\n".utf8))),
            ("closed unanswered", .close),
            ("a bad chunk", .send(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n".utf8))),
        ]
        for (name, reply) in replies {
            let server = try await ScriptedHTTPServer.start { _ in reply }
            let client = clientTransport()
            let pool = poolTransport()
            let url = server.baseURL.appendingPathComponent("broken")
            let reference = await outcome(of: request(url), on: client)
            let own = await outcome(of: request(url), on: pool)
            #expect(kind(reference) != nil, "\(name): a failure")
            #expect(kind(own) == kind(reference), "\(name)")
            if case .failure(let expected) = reference, case .failure(let failure) = own {
                #expect(failure.headReceived == expected.headReceived, "\(name)")
            }
            await client.shutdown()
            await pool.shutdown()
            await server.stop()
        }
    }

    /// A valid response of one of a few shapes, then broken by `generator`: cut short, bytes
    /// changed, bytes added, or parts repeated.
    static func brokenResponse(using generator: inout SeededRandom) -> [UInt8] {
        let body = String(repeating: "0123456789", count: Int.random(in: 0...40, using: &generator))
        var bytes: [UInt8]
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            bytes = ScriptedHTTPServer.Reply.response(status: "200 OK", body: body)
        case 1:
            let characters = Array(body)
            let chunks = stride(from: 0, to: characters.count, by: 7).map {
                String(characters[$0..<min($0 + 7, characters.count)])
            }
            let framed = chunks.map { String($0.utf8.count, radix: 16) + "\r\n" + $0 + "\r\n" }.joined() + "0\r\n\r\n"
            bytes = Array(("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + framed).utf8)
        case 2:
            bytes = Array(
                ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: \(body.utf8.count)"
                    + "\r\nConnection: keep-alive\r\n\r\n" + body).utf8)
        default:
            bytes = Array(("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n" + body).utf8)
        }
        for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty {
            let place = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes = Array(bytes[..<place])
            case 1: bytes[place] = UInt8.random(in: 0...255, using: &generator)
            case 2:
                bytes.insert(
                    contentsOf: (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                        UInt8.random(in: 0...255, using: &generator)
                    }, at: place)
            default: bytes.insert(contentsOf: bytes[place...].prefix(20), at: place)
            }
        }
        return bytes
    }

    @Test("broken, cut and garbled answers each end their request promptly, once, without a crash", arguments: 0..<4)
    func brokenAnswers(seed: Int) async throws {
        var generator = SeededRandom(seed: UInt64(seed) &* 7919 &+ 17)
        let replies = (0..<30).map { _ in Self.brokenResponse(using: &generator) }
        // Each request asks for its case by path: /case/N.
        let server = try await ScriptedHTTPServer.start { request in
            let number = request.line.split(separator: " ").dropFirst().first?.split(separator: "/").last
            return .sendAndClose(replies[Int(number ?? "0").map { $0 % replies.count } ?? 0])
        }
        defer { Task { await server.stop() } }
        let transport = poolTransport(readTimeout: 5)
        for (index, reply) in replies.enumerated() {
            let result = await outcome(
                of: request(server.baseURL.appendingPathComponent("case/\(index)")), on: transport)
            // The server closes after every answer: a client that waited for more would time out.
            #expect(kind(result) != .timedOut, "seed \(seed), case \(index): \(String(decoding: reply, as: UTF8.self))")
        }
        await transport.shutdown()
    }

    @Test("a server that stops sending fails the request with the read timeout named")
    func readTimeout() async throws {
        let server = try await ScriptedHTTPServer.start { _ in .hold }
        defer { Task { await server.stop() } }
        let transport = poolTransport(readTimeout: 0.3)
        let result = await outcome(of: request(server.baseURL.appendingPathComponent("slow")), on: transport)
        guard case .failure(let failure) = result else {
            Issue.record("expected a timeout, got \(result)")
            return
        }
        #expect(failure.kind == .timedOut)
        #expect(String(describing: failure.underlying).contains("0.3"))
        await waitUntil("the connection closed", timeout: 5) { server.connectionsClosed == 1 }
        await transport.shutdown()
    }

    @Test("the request's own timeout ends it, with the limit named")
    func requestTimeout() async throws {
        let server = try await ScriptedHTTPServer.start { _ in .hold }
        defer { Task { await server.stop() } }
        let transport = poolTransport()
        let result = await outcome(of: request(server.baseURL, timeout: 0.3), on: transport)
        guard case .failure(let failure) = result else {
            Issue.record("expected a timeout, got \(result)")
            return
        }
        #expect(failure.kind == .timedOut)
        #expect(String(describing: failure.underlying).contains("0.3"))
        await transport.shutdown()
    }

    @Test("cancelling a request in flight closes its connection, and later requests get a new one")
    func cancelInFlight() async throws {
        let server = try await ScriptedHTTPServer.start { request in request.connection == 0 ? .hold : .ok("new") }
        defer { Task { await server.stop() } }
        let transport = poolTransport()
        let ended = NIOLockedValueBox<HTTPFailure.Kind?>(nil)
        let transfer = transport.start(request(server.baseURL.appendingPathComponent("held"))) { result in
            if case .failure(let failure) = result { ended.withLockedValue { $0 = failure.kind } }
        }
        await waitUntil("the request arrived", timeout: 5) { server.requests.count == 1 }
        transfer.cancel()
        await waitUntil("the request ended", timeout: 5) { ended.withLockedValue { $0 } != nil }
        #expect(ended.withLockedValue { $0 } == .cancelled)
        await waitUntil("the connection closed", timeout: 5) { server.connectionsClosed == 1 }
        #expect(text(await outcome(of: request(server.baseURL), on: transport)) == "new")
        await transport.shutdown()
    }

    @Test("shutting down cancels a request in flight, and requests after it fail at once")
    func shutdown() async throws {
        let server = try await ScriptedHTTPServer.start { _ in .hold }
        defer { Task { await server.stop() } }
        let transport = poolTransport()
        let ended = NIOLockedValueBox<HTTPFailure.Kind?>(nil)
        _ = transport.start(request(server.baseURL)) { result in
            if case .failure(let failure) = result { ended.withLockedValue { $0 = failure.kind } }
        }
        await waitUntil("the request arrived", timeout: 5) { server.requests.count == 1 }
        await transport.shutdown()
        await waitUntil("the request ended", timeout: 5) { ended.withLockedValue { $0 } != nil }
        #expect(ended.withLockedValue { $0 } == .cancelled)
        #expect(kind(await outcome(of: request(server.baseURL), on: transport)) == .cannotConnect)
        #expect(server.requests.count == 1)
    }

    @Test("an idle connection closes after the idle timeout")
    func idleTimeout() async throws {
        let server = try await ScriptedHTTPServer.start()
        defer { Task { await server.stop() } }
        let pool = HTTP1Pool(
            configuration: HTTP1Pool.Configuration(
                connectTimeout: .seconds(5), readTimeout: nil, decompressionLimit: nil, idleTimeout: .milliseconds(200))
        )
        let sink = RecordingSink()
        _ = pool.execute(
            try HTTP1Request(url: server.baseURL, host: "127.0.0.1", method: .GET, headers: HTTPHeaders(), body: .none),
            sink: sink,
            deadline: nil)
        await waitUntil("the response ended", timeout: 5) { sink.outcome != nil }
        #expect(sink.outcome == "ended ok")
        await waitUntil("the idle connection closed", timeout: 5) { server.connectionsClosed == 1 }
        pool.shutdown()
    }

    @Test("a request waiting for a connection ends at its deadline and never reaches the server")
    func deadlineWhileWaiting() async throws {
        let server = try await ScriptedHTTPServer.start { _ in .hold }
        defer { Task { await server.stop() } }
        var configuration = HTTP1Pool.Configuration(
            connectTimeout: .seconds(5), readTimeout: nil, decompressionLimit: nil)
        configuration.maximumConnectionsPerOrigin = 1
        let pool = HTTP1Pool(configuration: configuration)
        let first = RecordingSink()
        let waiting = RecordingSink()
        let request = try HTTP1Request(
            url: server.baseURL, host: "127.0.0.1", method: .GET, headers: HTTPHeaders(), body: .none)
        _ = pool.execute(request, sink: first, deadline: nil)
        await waitUntil("the first request arrived", timeout: 5) { server.requests.count == 1 }
        _ = pool.execute(request, sink: waiting, deadline: .now() + .milliseconds(200))
        await waitUntil("the waiting request ended", timeout: 5) { waiting.outcome != nil }
        #expect(waiting.failure as? HTTPClientError == .deadlineExceeded)
        #expect(server.requests.count == 1)
        #expect(first.outcome == nil)
        pool.shutdown()
        await waitUntil("the first request was cancelled", timeout: 5) { first.outcome != nil }
        #expect(first.failure as? HTTPClientError == .cancelled)
    }

    @Test("an exchange refused before it starts (the transport is shut down) keeps nothing alive")
    func nothingKeptAfterRefusal() async throws {
        let transport = poolTransport()
        await transport.shutdown()
        weak var delegate: HTTPExchangeDelegate?
        let failed = NIOLockedValueBox(false)
        do {
            let transfer = transport.start(request(URL(string: "http://127.0.0.1:9/refused")!)) { result in
                if case .failure = result { failed.withLockedValue { $0 = true } }
            }
            delegate = transfer.delegate
        }
        #expect(failed.withLockedValue { $0 })
        #expect(delegate == nil)
    }

    @Test("a request cancelled on its way to a connection is not sent, and the connection serves the next")
    func cancelledOnTheWay() throws {
        let pool = HTTP1Pool(
            configuration: HTTP1Pool.Configuration(
                connectTimeout: .seconds(1), readTimeout: nil, decompressionLimit: nil))
        let channel = EmbeddedChannel()
        let handler = HTTP1ConnectionHandler(pool: pool, readTimeout: nil)
        try channel.pipeline.syncOperations.addHandler(handler)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        let origin = HTTP1Origin(host: "127.0.0.1", port: 80)
        let connection = HTTP1Connection(origin: origin, channel: channel, handler: handler)
        handler.connection = connection
        let sink = RecordingSink()
        let url = URL(string: "http://127.0.0.1/a")!
        let task = HTTP1Task(
            request: try HTTP1Request(url: url, host: "127.0.0.1", method: .GET, headers: HTTPHeaders(), body: .none),
            sink: sink, deadline: nil, pool: pool)
        // Give it this connection, then cancel it before the connection starts it, as a cancel
        // from another thread may.
        #expect(task.claim(for: connection))
        task.cancel()
        #expect(!task.requeue())
        handler.start(task, reused: true)
        #expect(sink.failure as? HTTPClientError == .cancelled)
        #expect(try channel.readOutbound(as: IOData.self) == nil, "nothing was written")
        pool.shutdown()
    }
}

/// A sink that records how the response ended.
private final class RecordingSink: HTTP1ResponseSink {
    private struct State {
        var status: UInt?
        var outcome: String?
        var failure: (any Error)?
    }

    private let state = NIOLockedValueBox(State())

    /// `ended ok` after a 200, `ended` and the status after another one, `failed` after a
    /// failure; nil while the request runs.
    var outcome: String? { state.withLockedValue { $0.outcome } }
    /// The error the request failed with.
    var failure: (any Error)? { state.withLockedValue { $0.failure } }

    func requestSent(bytes: Int) {}

    func responseHeadReceived(url: URL, method: HTTPMethod, head: HTTPResponseHead) {
        state.withLockedValue { $0.status = head.status.code }
    }

    func responseBodyReceived(_ buffer: ByteBuffer) -> (any Error)? { nil }

    func responseEnded() {
        state.withLockedValue { $0.outcome = $0.status == 200 ? "ended ok" : "ended \($0.status ?? 0)" }
    }

    func exchangeFailed(_ error: any Error) {
        state.withLockedValue { state in
            state.outcome = "failed"
            state.failure = error
        }
    }
}
