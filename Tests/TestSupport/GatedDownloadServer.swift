import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 server on 127.0.0.1 whose one response body goes out only when the test says:
/// it answers the first request with its head (`200`, with `Content-Length: length` or, when
/// the length is not announced, chunked) at once, and then each ``send(_:)`` writes that many
/// more bytes of the body.
///
/// Tests of progress use it to see a value between two chunks however slowly a loaded machine
/// runs, with no timing in the test.
public final class GatedDownloadServer: Sendable {
    /// The port it listens on.
    public let port: Int
    /// The whole body's length, announced in `Content-Length`.
    public let length: Int
    private let channel: any Channel
    private let state: NIOLockedValueBox<State>

    private struct State {
        var connection: (any Channel)?
        var sent = 0
        var waiting: [CheckedContinuation<any Channel, Never>] = []
    }

    /// `http://127.0.0.1:PORT/download`.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)/download")! }

    private init(channel: any Channel, port: Int, length: Int, state: NIOLockedValueBox<State>) {
        self.channel = channel
        self.port = port
        self.length = length
        self.state = state
    }

    /// Starts a server whose body is `length` bytes long, announced in `Content-Length` unless
    /// `announcesLength` is false.
    public static func start(length: Int, announcesLength: Bool = true) async throws -> GatedDownloadServer {
        let state = NIOLockedValueBox(State())
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(HTTPResponseEncoder())
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder()))
                    try channel.pipeline.syncOperations.addHandler(
                        Responder(length: length, announcesLength: announcesLength, state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return GatedDownloadServer(
            channel: channel, port: channel.localAddress?.port ?? 0, length: length, state: state)
    }

    /// Writes the next `count` bytes of the body (fewer if fewer are left), once a request has
    /// arrived; after the last byte the response is complete.
    public func send(_ count: Int) async {
        let connection = await withCheckedContinuation { (continuation: CheckedContinuation<any Channel, Never>) in
            let ready = state.withLockedValue { state -> (any Channel)? in
                if let connection = state.connection { return connection }
                state.waiting.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
        let (bytes, isLast) = state.withLockedValue { state -> (Int, Bool) in
            let bytes = min(count, length - state.sent)
            state.sent += bytes
            return (bytes, state.sent == length)
        }
        let body = ByteBuffer(repeating: UInt8(ascii: "x"), count: bytes)
        try? await connection.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(body)))
        if isLast { try? await connection.writeAndFlush(HTTPServerResponsePart.end(nil)) }
    }

    /// Stops listening and closes the connection.
    public func stop() async {
        let connection = state.withLockedValue { $0.connection }
        try? await connection?.close()
        try? await channel.close()
    }

    private final class Responder: ChannelInboundHandler, Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let length: Int
        let announcesLength: Bool
        let state: NIOLockedValueBox<State>

        init(length: Int, announcesLength: Bool, state: NIOLockedValueBox<State>) {
            self.length = length
            self.announcesLength = announcesLength
            self.state = state
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            // The response starts once the whole request has come; its head and body parts pass.
            if case .end = unwrapInboundIn(data) { respond(context: context) }
        }

        private func respond(context: ChannelHandlerContext) {
            var headers = HTTPHeaders()
            headers.add(name: "content-type", value: "application/octet-stream")
            if announcesLength { headers.add(name: "content-length", value: "\(length)") }
            context.writeAndFlush(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))),
                promise: nil)
            let channel = context.channel
            let waiting = state.withLockedValue { state -> [CheckedContinuation<any Channel, Never>] in
                state.connection = channel
                defer { state.waiting.removeAll() }
                return state.waiting
            }
            for continuation in waiting { continuation.resume(returning: channel) }
        }
    }
}
