import NIOCore
import NIOPosix

extension ClientBootstrap {
    /// Connects to `host` and `port`, starting from `eventLoop` (the bootstrap's own).
    ///
    /// NIO looks a name up on a queue of the event loop's own when the connect starts on that
    /// loop, and on Dispatch's global queue otherwise; there, on Linux, it waits behind every
    /// Swift task in the process, so a busy process could not even start a connection.
    func connect(host: String, port: Int, startingOn eventLoop: any EventLoop) -> EventLoopFuture<any Channel> {
        eventLoop.flatSubmit { self.connect(host: host, port: port) }
    }
}
