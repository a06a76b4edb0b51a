import NIOCore
import NIOPosix

extension ClientBootstrap {
    /// Connects `bootstrap` to `host` and `port`, starting from `eventLoop` (the bootstrap's own).
    ///
    /// NIO looks a name up on a queue of the event loop's own when the connect starts on that
    /// loop, and on Dispatch's global queue otherwise; there, on Linux, it waits behind every
    /// Swift task in the process, so a busy process could not even start a connection. The
    /// bootstrap is handed to the loop, so the caller must not use it afterwards.
    static func connect(
        _ bootstrap: sending ClientBootstrap, host: String, port: Int, startingOn eventLoop: any EventLoop
    ) -> EventLoopFuture<any Channel> {
        let box = NIOLoopBoundBox.makeBoxSendingValue(bootstrap, eventLoop: eventLoop)
        return eventLoop.flatSubmit { box.value.connect(host: host, port: port) }
    }
}
