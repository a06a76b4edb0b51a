import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A small HTTP/1.1 server on 127.0.0.1 with an ephemeral port, plain or over TLS, that answers
/// every request with `200` and a fixed text body and records each request's method and target
/// as sent (`GET /path`; `GET http://host/path` when it is asked as a proxy).
///
/// A `CONNECT host:port` request is served as a proxy would: the server connects to the target,
/// answers `200` and from then on relays bytes both ways. So it serves TLS tests (a server
/// certificate made by ``TestCertificates``, optionally requiring a client certificate) and
/// stands in for an HTTP proxy that records what went through it.
public final class LoopbackHTTPServer: Sendable {
    /// The port it listens on.
    public let port: Int
    /// The body of every response.
    public let body: String
    private let channel: any Channel
    private let requests: NIOLockedValueBox<[String]>

    /// `https://127.0.0.1:PORT` or `http://127.0.0.1:PORT`.
    public var baseURL: URL {
        URL(string: "\(isTLS ? "https" : "http")://127.0.0.1:\(port)")!
    }

    /// Whether it speaks TLS.
    public let isTLS: Bool

    /// Every request line target seen so far, as `METHOD target`, in order.
    public var requestLines: [String] {
        requests.withLockedValue { $0 }
    }

    private init(channel: any Channel, port: Int, isTLS: Bool, body: String, requests: NIOLockedValueBox<[String]>) {
        self.channel = channel
        self.port = port
        self.isTLS = isTLS
        self.body = body
        self.requests = requests
    }

    /// Starts a server.
    ///
    /// - Parameters:
    ///   - certificate: A PEM certificate file to serve TLS with; nil for plain HTTP.
    ///   - key: The PEM private key of `certificate`.
    ///   - clientCA: When given, the handshake requires a client certificate signed by this CA.
    ///   - body: What every response says.
    public static func start(
        certificate: String? = nil, key: String? = nil, clientCA: String? = nil, body: String = "hello"
    ) async throws -> LoopbackHTTPServer {
        var sslContext: NIOSSLContext?
        if let certificate, let key {
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem)))
            if let clientCA {
                configuration.certificateVerification = .noHostnameVerification
                configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(clientCA))
            }
            sslContext = try NIOSSLContext(configuration: configuration)
        }
        let requests = NIOLockedValueBox<[String]>([])
        let context = sslContext
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let context {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    }
                    let encoder = HTTPResponseEncoder()
                    let decoder = ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes))
                    let errors = HTTPServerProtocolErrorHandler()
                    try channel.pipeline.syncOperations.addHandler(encoder)
                    try channel.pipeline.syncOperations.addHandler(decoder)
                    try channel.pipeline.syncOperations.addHandler(errors)
                    try channel.pipeline.syncOperations.addHandler(
                        Responder(body: body, requests: requests, httpHandlers: [encoder, decoder, errors]))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        return LoopbackHTTPServer(channel: channel, port: port, isTLS: context != nil, body: body, requests: requests)
    }

    /// Stops listening.
    public func stop() async {
        try? await channel.close()
    }

    private final class Responder: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let body: String
        let requests: NIOLockedValueBox<[String]>
        let httpHandlers: [any RemovableChannelHandler]
        private var head: HTTPRequestHead?

        init(body: String, requests: NIOLockedValueBox<[String]>, httpHandlers: [any RemovableChannelHandler]) {
            self.body = body
            self.requests = requests
            self.httpHandlers = httpHandlers
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
                requests.withLockedValue { $0.append("\(head.method.rawValue) \(head.uri)") }
            case .body:
                break
            case .end:
                if let head, head.method == .CONNECT {
                    tunnel(context: context, to: head.uri)
                } else {
                    respond(context: context, status: .ok, body: body)
                }
            }
        }

        private func respond(context: ChannelHandlerContext, status: HTTPResponseStatus, body: String) {
            var headers = HTTPHeaders()
            headers.add(name: "content-type", value: "text/plain")
            headers.add(name: "content-length", value: "\(body.utf8.count)")
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
                promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }

        /// Connects to `target` (`host:port`), answers 200 and turns the connection into a relay.
        private func tunnel(context: ChannelHandlerContext, to target: String) {
            guard let colon = target.lastIndex(of: ":"), let port = Int(target[target.index(after: colon)...]) else {
                respond(context: context, status: .badRequest, body: "bad CONNECT target")
                return
            }
            let host = String(target[..<colon])
            let client = context.channel
            ClientBootstrap(group: context.eventLoop)
                .channelInitializer { peer in
                    peer.eventLoop.makeCompletedFuture {
                        try peer.pipeline.syncOperations.addHandler(Relay(peer: client))
                    }
                }
                .connect(host: host, port: port)
                .assumeIsolated()
                .whenComplete { result in
                    switch result {
                    case .success(let peer):
                        // The HTTP handlers go first and the answer is written as raw bytes: the
                        // response encoder would frame a 200 without a length as chunked, and
                        // its chunk terminator would then reach the client inside the tunnel.
                        let pipeline = context.pipeline.syncOperations
                        for handler in self.httpHandlers {
                            pipeline.removeHandler(handler, promise: nil)
                        }
                        try? pipeline.addHandler(Relay(peer: peer))
                        context.channel.writeAndFlush(
                            ByteBuffer(string: "HTTP/1.1 200 Connection established\r\n\r\n"), promise: nil)
                        pipeline.removeHandler(self, promise: nil)
                    case .failure:
                        self.respond(context: context, status: .badGateway, body: "cannot reach \(target)")
                    }
                }
        }
    }

    /// Writes what one connection reads to the other, and closes the other when it closes.
    private final class Relay: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer

        let peer: any Channel

        init(peer: any Channel) {
            self.peer = peer
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            peer.writeAndFlush(unwrapInboundIn(data), promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            peer.close(promise: nil)
        }
    }
}
