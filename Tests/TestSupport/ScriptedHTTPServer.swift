import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A server on 127.0.0.1 (ephemeral port) that speaks HTTP/1.1 byte for byte as a test scripts
/// it: it records every request exactly as it arrived, with the connection it came on, and
/// answers each with what ``script`` returns, which may be a broken or partial response, a close
/// without an answer, or silence.
///
/// A request ends at its blank line, after its `Content-Length` body or its last chunk. Connections are numbered from 0 in the order they
/// are accepted; requests on a connection from 0. A connection that opens with a TLS handshake
/// is closed at once, as a plain HTTP server's would fail it.
public final class ScriptedHTTPServer: Sendable {
    /// One request as it arrived.
    public struct Request: Sendable {
        /// The connection it came on, from 0.
        public let connection: Int
        /// Its place on that connection, from 0.
        public let index: Int
        /// Every byte of it, head and body.
        public let bytes: [UInt8]

        /// The bytes as text (the requests under test are ASCII).
        public var text: String { String(decoding: bytes, as: UTF8.self) }
        /// The request line, e.g. `GET /a HTTP/1.1`.
        public var line: String { text.components(separatedBy: "\r\n").first ?? "" }
    }

    /// What the server does with a request.
    public enum Reply: Sendable {
        /// Writes these bytes and goes on reading the connection.
        case send([UInt8])
        /// Writes these bytes, then closes the connection.
        case sendAndClose([UInt8])
        /// Closes the connection without answering.
        case close
        /// Answers nothing and keeps the connection open.
        case hold

        /// `200 OK` with `body`, its `Content-Length` and any `headers` (`Name: value` lines).
        public static func ok(_ body: String = "ok", headers: [String] = []) -> Reply {
            .send(response(status: "200 OK", headers: headers, body: body))
        }

        /// `200 OK` with the body `ok`, or its head alone for a `HEAD` request (the default
        /// script).
        public static func okOrHead(_ request: Request) -> Reply {
            let response = Self.response(status: "200 OK", body: "ok")
            return request.line.hasPrefix("HEAD ") ? .send(Array(response.dropLast(2))) : .send(response)
        }

        /// The bytes of an HTTP/1.1 response with a `Content-Length` body.
        public static func response(status: String, headers: [String] = [], body: String) -> [UInt8] {
            let lines = ["HTTP/1.1 \(status)", "Content-Length: \(body.utf8.count)"] + headers
            return Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
        }
    }

    private struct State {
        var requests: [Request] = []
        var opened = 0
        var closed = 0
        var channels: [any Channel] = []
    }

    /// The port it listens on.
    public let port: Int
    private let channel: any Channel
    private let state: NIOLockedValueBox<State>
    /// The server's own thread, apart from the clients' event loops under test and from every
    /// other server's: a server that takes long over one connection (a large upload read in a
    /// debug build) holds up nobody else's answers.
    private let group: MultiThreadedEventLoopGroup

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Every request so far, in the order they arrived.
    public var requests: [Request] { state.withLockedValue { $0.requests } }
    /// Connections accepted so far.
    public var connectionsOpened: Int { state.withLockedValue { $0.opened } }
    /// Connections that have closed so far (either side).
    public var connectionsClosed: Int { state.withLockedValue { $0.closed } }

    private init(channel: any Channel, port: Int, state: NIOLockedValueBox<State>, group: MultiThreadedEventLoopGroup) {
        self.channel = channel
        self.group = group
        self.port = port
        self.state = state
    }

    /// Starts a server that answers each request with `script(request)`; with `answersEarly`, as
    /// soon as its head has arrived, reading nothing more on that connection (a server that
    /// refuses an upload without reading it).
    public static func start(
        answersEarly: Bool = false, _ script: @escaping @Sendable (Request) -> Reply = Reply.okOrHead
    ) async throws -> ScriptedHTTPServer {
        let state = NIOLockedValueBox(State())
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let number = state.withLockedValue { state in
                        defer { state.opened += 1 }
                        state.channels.append(channel)
                        return state.opened
                    }
                    try channel.pipeline.syncOperations.addHandler(
                        Connection(number: number, state: state, answersEarly: answersEarly, script: script))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return ScriptedHTTPServer(channel: channel, port: channel.localAddress?.port ?? 0, state: state, group: group)
    }

    /// Stops listening, closes every connection and ends the server's thread.
    public func stop() async {
        let channels = state.withLockedValue { $0.channels }
        for channel in channels { try? await channel.close() }
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    private final class Connection: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let number: Int
        let state: NIOLockedValueBox<State>
        let answersEarly: Bool
        let script: @Sendable (Request) -> Reply
        private var pending: [UInt8] = []
        private var served = 0
        private var stoppedReading = false

        init(
            number: Int, state: NIOLockedValueBox<State>, answersEarly: Bool,
            script: @escaping @Sendable (Request) -> Reply
        ) {
            self.number = number
            self.state = state
            self.answersEarly = answersEarly
            self.script = script
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !stoppedReading else { return }
            pending += unwrapInboundIn(data).readableBytesView
            // A TLS handshake (a client checking whether TLS is spoken here) is refused at once.
            if served == 0, pending.first == 0x16 {
                context.close(promise: nil)
                return
            }
            if answersEarly, let headEnd = Self.firstIndex(of: "\r\n\r\n", in: pending, from: 0) {
                // Only the head counts; the connection reads nothing more.
                stoppedReading = true
                context.channel.setOption(.autoRead, value: false).whenComplete { _ in }
                pending = Array(pending[..<(headEnd + 4)])
            }
            while let length = answersEarly ? pending.count : Self.requestLength(in: pending), length > 0 {
                let request = Request(connection: number, index: served, bytes: Array(pending[..<length]))
                pending.removeFirst(length)
                served += 1
                state.withLockedValue { $0.requests.append(request) }
                switch script(request) {
                case .send(let bytes):
                    context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes)), promise: nil)
                case .sendAndClose(let bytes):
                    context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: bytes))).assumeIsolated().whenComplete {
                        _ in context.close(promise: nil)
                    }
                    return
                case .close:
                    context.close(promise: nil)
                    return
                case .hold:
                    break
                }
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            state.withLockedValue { $0.closed += 1 }
            context.fireChannelInactive()
        }

        /// The length of the first complete request in `bytes`, if one has arrived: its head,
        /// then a `Content-Length` body or chunks up to the last one.
        private static func requestLength(in bytes: [UInt8]) -> Int? {
            guard let headEnd = firstIndex(of: "\r\n\r\n", in: bytes, from: 0) else { return nil }
            let lines = String(decoding: bytes[..<headEnd], as: UTF8.self).lowercased().components(separatedBy: "\r\n")
            let bodyStart = headEnd + 4
            if lines.contains(where: { $0.hasPrefix("transfer-encoding:") && $0.hasSuffix("chunked") }) {
                var position = bodyStart
                while let lineEnd = firstIndex(of: "\r\n", in: bytes, from: position) {
                    let sizeText = String(decoding: bytes[position..<lineEnd], as: UTF8.self)
                    guard let size = Int(sizeText, radix: 16) else { return nil }
                    let next = lineEnd + 2 + size + 2
                    if size == 0 { return bytes.count >= next ? next : nil }
                    position = next
                }
                return nil
            }
            let length =
                lines.first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            let total = bodyStart + length
            return bytes.count >= total ? total : nil
        }

        /// Where `text` first occurs in `bytes` at or after `start`.
        private static func firstIndex(of text: String, in bytes: [UInt8], from start: Int) -> Int? {
            let pattern = Array(text.utf8)
            guard bytes.count >= start + pattern.count else { return nil }
            return bytes.withUnsafeBufferPointer { buffer -> Int? in
                var index = start
                let last = buffer.count - pattern.count
                while index <= last {
                    if buffer[index] == pattern[0] {
                        var matched = 1
                        while matched < pattern.count, buffer[index + matched] == pattern[matched] { matched += 1 }
                        if matched == pattern.count { return index }
                    }
                    index += 1
                }
                return nil
            }
        }
    }
}
