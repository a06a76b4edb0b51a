import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A WebSocket server on 127.0.0.1 that accepts every upgrade and then ignores whatever it
/// receives: it never answers a ping, never echoes and never closes. It stands in for a peer
/// that has stopped responding, so clients' ping timeouts can be tested.
public final class DeafWebSocketServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let channel: any Channel
    private let frames: NIOLockedValueBox<[WebSocketOpcode]>
    private let open: NIOLockedValueBox<Int>

    /// `ws://127.0.0.1:PORT/`.
    public var url: URL {
        URL(string: "ws://127.0.0.1:\(port)/")!
    }

    /// The number of upgraded connections open right now.
    public var openConnections: Int {
        open.withLockedValue { $0 }
    }

    /// The opcodes of the frames received so far, in order (pings included).
    public var receivedOpcodes: [WebSocketOpcode] {
        frames.withLockedValue { $0 }
    }

    private init(
        channel: any Channel, port: Int, frames: NIOLockedValueBox<[WebSocketOpcode]>, open: NIOLockedValueBox<Int>
    ) {
        self.channel = channel
        self.port = port
        self.frames = frames
        self.open = open
    }

    /// Starts a server on a free port.
    public static func start() async throws -> DeafWebSocketServer {
        let frames = NIOLockedValueBox<[WebSocketOpcode]>([])
        let open = NIOLockedValueBox(0)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                let upgrader = NIOWebSocketServerUpgrader(
                    shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
                    upgradePipelineHandler: { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(Listener(frames: frames, open: open))
                        }
                    })
                return channel.pipeline.configureHTTPServerPipeline(
                    withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return DeafWebSocketServer(channel: channel, port: channel.localAddress?.port ?? 0, frames: frames, open: open)
    }

    /// Stops listening.
    public func stop() async {
        try? await channel.close()
    }

    private final class Listener: ChannelInboundHandler {
        typealias InboundIn = WebSocketFrame

        let frames: NIOLockedValueBox<[WebSocketOpcode]>
        let open: NIOLockedValueBox<Int>

        init(frames: NIOLockedValueBox<[WebSocketOpcode]>, open: NIOLockedValueBox<Int>) {
            self.frames = frames
            self.open = open
        }

        func handlerAdded(context: ChannelHandlerContext) {
            open.withLockedValue { $0 += 1 }
        }

        func channelInactive(context: ChannelHandlerContext) {
            open.withLockedValue { $0 -= 1 }
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            frames.withLockedValue { $0.append(frame.opcode) }
        }
    }
}
