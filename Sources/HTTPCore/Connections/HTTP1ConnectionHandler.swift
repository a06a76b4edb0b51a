import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The last handler of an ``HTTP1Connection``'s pipeline: writes one request at a time, hands the
/// response's parts to the request's sink, and keeps the time limits of the request running.
///
/// - The request's deadline (when it has one) fails it with `HTTPClientError.deadlineExceeded`.
/// - Once the request is written, a response that sends nothing for the read timeout fails with
///   `HTTPClientError.readTimeout`.
/// - The connection goes back to the pool after a response that keeps it alive (HTTP/1.1
///   without `Connection: close`, a request written whole and without `Connection: close`);
///   otherwise it closes. Any failure closes it too.
/// - A connection that closes while a request runs fails it with
///   `HTTPClientError.remoteConnectionClosed`, except when it was reused, no part of an answer
///   came and the method is safe (`GET`, `HEAD`, `OPTIONS`, `TRACE`: RFC 9110 §9.2.1): the
///   server closed a kept-alive connection as the request went out, and the request goes once
///   more on another connection. An answer that does not parse from its first byte on such a
///   connection (what a previous response left over) sends a safe request once more the same
///   way. Any other method fails: the server may have acted on it.
/// - Bytes that arrive while no request runs close the connection.
///
/// Lives on the channel's event loop; all of its state is touched only there.
final class HTTP1ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    /// The request in progress.
    private struct Running {
        let task: HTTP1Task
        /// Whether the connection had served a request before this one.
        let reused: Bool
        /// Whether any part of the response arrived.
        var answered = false
        /// Whether the request has been written to its end.
        var written = false
        /// Whether the response lets the connection be used again.
        var keepAlive = true
        var deadlineTimer: Scheduled<Void>?
        var readTimer: Scheduled<Void>?
        /// When the last byte of the response arrived (or the request was written).
        var lastRead = NIODeadline.now()

        func cancelTimers() {
            deadlineTimer?.cancel()
            readTimer?.cancel()
        }
    }

    private let pool: HTTP1Pool
    private let readTimeout: TimeAmount?
    /// The connection this handler runs, set once it exists; let go when the handler leaves the
    /// pipeline (the channel closed), which ends the cycle between the two.
    var connection: HTTP1Connection?
    private var context: ChannelHandlerContext?
    private var current: Running?
    /// The look at the connection's idle time, while one is due.
    private var idleCheck: Scheduled<Void>?

    init(pool: HTTP1Pool, readTimeout: TimeAmount?) {
        self.pool = pool
        self.readTimeout = readTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        connection = nil
        idleCheck?.cancel()
        idleCheck = nil
    }

    /// Writes `task`'s request. A connection found closed (the server closed it while it was
    /// idle, before the pool heard) sends nothing, and the task goes back to the pool.
    func start(_ task: HTTP1Task, reused: Bool) {
        guard let context, context.channel.isActive, current == nil else {
            if task.requeue() {
                pool.enqueue(task)
            } else if task.finish() {
                task.sink.exchangeFailed(
                    task.isCancelled ? HTTPClientError.cancelled : HTTPClientError.remoteConnectionClosed)
            }
            return
        }
        // Cancelled on its way here: it is not sent, and the connection serves the next one.
        guard !task.isCancelled else {
            if task.finish() { task.sink.exchangeFailed(HTTPClientError.cancelled) }
            if let connection { pool.release(connection) }
            return
        }
        var running = Running(task: task, reused: reused)
        if let deadline = task.deadline {
            running.deadlineTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
                self.fail(task, HTTPClientError.deadlineExceeded)
            }
        }
        current = running
        let request = task.request
        context.write(wrapOutboundOut(.head(request.head)), promise: nil)
        switch request.body {
        case .none:
            writeEnd(of: task, bodyBytes: 0, context: context)
        case .bytes(let body):
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            writeEnd(of: task, bodyBytes: body.readableBytes, context: context)
        case .streamed(let body):
            context.flush()
            stream(body, of: task, context: context)
        }
    }

    /// Writes the end of `task`'s request, after `bodyBytes` of body not yet counted as sent.
    private func writeEnd(of task: HTTP1Task, bodyBytes: Int, context: ChannelHandlerContext) {
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { result in
            switch result {
            case .success: self.written(task, bodyBytes: bodyBytes)
            case .failure(let error): self.fail(task, error)
            }
        }
    }

    /// Writes a streamed body chunk by chunk, each counted as sent once written, then the end; a
    /// body that cannot be read fails the request with why.
    private func stream(_ body: HTTPStreamedBody, of task: HTTP1Task, context: ChannelHandlerContext) {
        let loop = context.eventLoop
        let handler = NIOLoopBound(self, eventLoop: loop)
        let produced = body.produce(loop) { chunk in
            loop.flatSubmit { handler.value.write(chunk, of: task, on: loop) }
        }
        produced.hop(to: loop).assumeIsolated().whenComplete { result in
            guard let running = self.current, running.task === task, let context = self.context else { return }
            switch result {
            case .success: self.writeEnd(of: task, bodyBytes: 0, context: context)
            case .failure(let error): self.fail(task, error)
            }
        }
    }

    /// Writes one chunk of `task`'s body; the future completes once it is written (so the next is
    /// read only then) and fails once `task` no longer runs here.
    private func write(_ chunk: ByteBuffer, of task: HTTP1Task, on loop: any EventLoop) -> EventLoopFuture<Void> {
        guard let running = current, running.task === task, let context else {
            return loop.makeFailedFuture(ChannelError.ioOnClosedChannel)
        }
        let bytes = chunk.readableBytes
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(chunk))), promise: written)
        return written.futureResult.map { task.sink.requestSent(bytes: bytes) }
    }

    /// The request of `task` is written: the last `bodyBytes` of its body counted as sent, the
    /// read timeout started.
    private func written(_ task: HTTP1Task, bodyBytes: Int) {
        guard var running = current, running.task === task else { return }
        running.written = true
        running.lastRead = .now()
        current = running
        if bodyBytes > 0 { task.sink.requestSent(bytes: bodyBytes) }
        armReadTimer(for: task, at: .now() + (readTimeout ?? .zero))
    }

    /// Fails `task` with a read timeout at `deadline` unless bytes came since; looks again then
    /// otherwise.
    private func armReadTimer(for task: HTTP1Task, at deadline: NIODeadline) {
        guard let readTimeout, let context, var running = current, running.task === task else { return }
        running.readTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) {
            guard let running = self.current, running.task === task else { return }
            let due = running.lastRead + readTimeout
            if due <= .now() {
                self.fail(task, HTTPClientError.readTimeout)
            } else {
                self.armReadTimer(for: task, at: due)
            }
        }
        current = running
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard var running = current else {
            // Nothing was asked: what the server sends cannot belong to any request.
            context.close(promise: nil)
            return
        }
        let task = running.task
        running.answered = true
        running.lastRead = .now()
        switch unwrapInboundIn(data) {
        case .head(let head):
            running.keepAlive = head.isKeepAlive
            current = running
            task.sink.responseHeadReceived(url: task.request.url, method: task.request.head.method, head: head)
        case .body(let buffer):
            current = running
            if let error = task.sink.responseBodyReceived(buffer) {
                fail(task, error)
            }
        case .end:
            current = running
            end(task)
        }
    }

    /// Ends `task` with its complete response: the connection goes back to the pool first when it
    /// can serve another request, so that a request the sink starts at once finds it.
    private func end(_ task: HTTP1Task) {
        guard let running = current, running.task === task, let context else { return }
        current = nil
        running.cancelTimers()
        let reusable =
            running.keepAlive && running.written && !task.request.closesConnection && context.channel.isActive
        guard task.finish() else {
            context.close(promise: nil)
            return
        }
        if reusable, let connection {
            pool.release(connection)
        } else {
            context.close(promise: nil)
        }
        task.sink.responseEnded()
    }

    /// Fails `task` with `error` if it is the one running, closing the connection.
    private func fail(_ task: HTTP1Task, _ error: any Error) {
        guard let running = current, running.task === task else { return }
        current = nil
        running.cancelTimers()
        context?.close(promise: nil)
        if task.finish() {
            task.sink.exchangeFailed(error)
        }
    }

    /// Stops `task` if it runs here.
    func cancel(_ task: HTTP1Task) {
        fail(task, HTTPClientError.cancelled)
    }

    /// Cancels the request running here, if any, and closes the connection.
    func shutDown() {
        if let running = current {
            fail(running.task, HTTPClientError.cancelled)
        } else {
            context?.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let running = current else {
            context.close(promise: nil)
            return
        }
        // Bytes that do not parse before any part of the answer, on a reused connection, are
        // most likely what the previous response left over: the request goes on a fresh one.
        if error is HTTPParserError, resend(running) {
            context.close(promise: nil)
            return
        }
        fail(running.task, error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let running = current, !resend(running) {
            current = nil
            running.cancelTimers()
            if running.task.finish() {
                running.task.sink.exchangeFailed(HTTPClientError.remoteConnectionClosed)
            }
        }
        context.fireChannelInactive()
    }

    /// Puts `running`'s request back in the pool when it may go once more on another connection:
    /// this connection had served a request before, no part of an answer came, and the method
    /// is safe. Returns whether it did.
    private func resend(_ running: Running) -> Bool {
        let task = running.task
        guard running.reused, !running.answered, task.request.head.method.isSafe, task.requeue() else {
            return false
        }
        current = nil
        running.cancelTimers()
        pool.enqueue(task)
        return true
    }

    /// Asks the pool after `timeout` whether the connection has been idle that long, and closes
    /// it if so; one check at a time.
    func scheduleIdleCheck(after timeout: TimeAmount) {
        guard idleCheck == nil, let context else { return }
        idleCheck = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            self.idleCheck = nil
            guard let connection = self.connection else { return }
            if let remaining = self.pool.closeIfIdle(connection) {
                self.scheduleIdleCheck(after: remaining)
            }
        }
    }
}

extension HTTPMethod {
    /// Whether the method only asks for information, so that sending it once more changes
    /// nothing on the server (RFC 9110 §9.2.1).
    var isSafe: Bool {
        switch self {
        case .GET, .HEAD, .OPTIONS, .TRACE: true
        default: false
        }
    }
}
