import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// A server connection handler that closes the connection when a protocol error reaches the
/// end of its pipeline, when the server stops, and once the handler it wraps has returned.
///
/// The WebSocket-capable HTTP/1.1 handler leaves a connection open when its opening bytes are
/// not HTTP (a TLS handshake sent to the plain port, say), so the client would wait for its own
/// timeout. Closing it at once gives such a client the quick "does not speak TLS" or "malformed
/// response" the plain HTTP/1.1 handler gives.
struct ClosingChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    /// The handler doing the work.
    let inner: Inner

    /// Sets the connection up as `inner` does, then adds the handlers that answer a first request
    /// that is not HTTP with a bare `400` and close the connection.
    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let rejecter = RawRejecter()
            try channel.pipeline.syncOperations.addHandler(rejecter, position: .first)
            try channel.pipeline.syncOperations.addHandler(RejectOnFirstError(rejecter: rejecter))
            return value
        }
    }

    /// Runs `inner`, then closes the connection if it is still open. Cancelled (when the server
    /// stops), it closes the connection at once: the WebSocket-capable handler waits for the
    /// first request head before it starts, and that wait does not end by itself on a
    /// connection that sent no request, or half of one.
    func handle(value: Inner.Value, logger: Logger) async {
        let channel = value.channel
        await withTaskCancellationHandler {
            await inner.handle(value: value, logger: logger)
        } onCancel: {
            channel.close(promise: nil)
        }
        try? await channel.close()
    }
}

/// Sits at the head of the pipeline so that what it writes goes to the socket as is.
private final class RawRejecter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Writes a bare `400 Bad Request` and closes the connection.
    func reject() {
        guard let context else {
            return
        }
        let response = "HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n"
        context.writeAndFlush(NIOAny(ByteBuffer(string: response)), promise: nil)
        context.close(promise: nil)
    }
}

/// At the tail of the pipeline: an error before the first request got through means the
/// opening bytes were not HTTP, and the ``RawRejecter`` answers them. Once a request has got
/// through, both handlers step aside.
private final class RejectOnFirstError: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let rejecter: RawRejecter

    init(rejecter: RawRejecter) {
        self.rejecter = rejecter
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(rejecter, promise: nil)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.fireErrorCaught(error)
        rejecter.reject()
    }
}
