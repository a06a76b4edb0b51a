import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS

/// One diagnostic TLS handshake with a server, verifying nothing: does the server speak TLS, and
/// which certificate does it present? Used only after a failure, to say what failed.
enum HTTPTLSProbe {
    /// What the handshake found.
    enum Outcome: Sendable {
        /// The handshake completed; the server's leaf certificate, if it sent one.
        case tls(NIOSSLCertificate?)
        /// No TLS: the connection failed, closed, timed out, or the handshake failed.
        case notTLS
    }

    /// Connects to `host:port` and attempts a handshake (sending `host` as the server name when it
    /// is not an address), giving up after `timeout`. `completion` runs once, on any thread.
    static func run(
        host: String, port: Int, timeout: TimeAmount = .seconds(3),
        completion: @escaping @Sendable (Outcome) -> Void
    ) {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        guard let context = try? NIOSSLContext(configuration: configuration) else {
            completion(.notTLS)
            return
        }
        let isAddress = HTTPHost.isIPAddress(host)
        let finished = NIOLockedValueBox(false)
        let finish: @Sendable (Outcome) -> Void = { outcome in
            let first = finished.withLockedValue { finished in
                defer { finished = true }
                return !finished
            }
            if first { completion(outcome) }
        }
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : host)
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHandler(Watcher(finish: finish, tlsHandler: handler))
                }
            }
        ClientBootstrap.connect(bootstrap, host: host, port: port, startingOn: eventLoop)
            .whenComplete { result in
                switch result {
                case .success(let channel):
                    channel.eventLoop.scheduleTask(in: timeout) {
                        finish(.notTLS)
                        channel.close(promise: nil)
                    }
                case .failure:
                    finish(.notTLS)
                }
            }
    }

    /// Reports the handshake's outcome and closes the connection. Lives on the channel's event
    /// loop.
    private final class Watcher: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer

        let finish: @Sendable (Outcome) -> Void
        let tlsHandler: NIOSSLClientHandler

        init(finish: @escaping @Sendable (Outcome) -> Void, tlsHandler: NIOSSLClientHandler) {
            self.finish = finish
            self.tlsHandler = tlsHandler
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case .handshakeCompleted = event as? TLSUserEvent {
                finish(.tls(tlsHandler.peerCertificate))
                context.close(promise: nil)
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            finish(.notTLS)
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            finish(.notTLS)
        }
    }
}
