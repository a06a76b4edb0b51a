import NIOCore

/// One kept-alive TCP connection of ``HTTP1Pool`` to an origin: the channel and the handler that
/// runs one request at a time on it. Safe from any thread; the handler's work happens on the
/// channel's event loop.
final class HTTP1Connection: Sendable {
    /// Where the connection goes.
    let origin: HTTP1Origin
    /// The channel.
    let channel: any Channel
    private let handler: NIOLoopBound<HTTP1ConnectionHandler>

    /// The event loop of the channel, where every request on it runs.
    var eventLoop: any EventLoop { channel.eventLoop }

    /// Wraps a connected `channel` whose pipeline ends with `handler`; on the channel's loop.
    init(origin: HTTP1Origin, channel: any Channel, handler: HTTP1ConnectionHandler) {
        self.origin = origin
        self.channel = channel
        self.handler = NIOLoopBound(handler, eventLoop: channel.eventLoop)
    }

    /// Sends `task`'s request on this connection, which must be idle and leased to it (the
    /// task claimed it). From any thread.
    func run(_ task: HTTP1Task, reused: Bool) {
        if eventLoop.inEventLoop {
            handler.value.start(task, reused: reused)
        } else {
            eventLoop.execute { self.handler.value.start(task, reused: reused) }
        }
    }

    /// Stops `task` if it is the one running here, closing the connection. From any thread; the
    /// stop happens on a later turn of the event loop, never inside the caller.
    func cancel(_ task: HTTP1Task) {
        eventLoop.execute { self.handler.value.cancel(task) }
    }

    /// Closes the connection; a request running on it fails.
    func close() {
        channel.close(promise: nil)
    }

    /// Cancels the request running here, if any, and closes the connection.
    func shutDown() {
        eventLoop.execute { self.handler.value.shutDown() }
    }

    /// Looks at an idle connection's age after `timeout`: on the event loop.
    func scheduleIdleCheck(after timeout: TimeAmount) {
        handler.value.scheduleIdleCheck(after: timeout)
    }
}
