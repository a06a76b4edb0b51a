import Foundation
import NIOConcurrencyHelpers
import Testing

/// A server on 127.0.0.1 that accepts every connection, reads what the client sends first (a
/// request head) and then resets the connection (a TCP RST, as a crashing or refusing server
/// does), never answering.
public final class ResettingServer: Sendable {
    /// The port it listens on.
    public let port: Int
    private let listener: Int32
    private let stopped = NIOLockedValueBox(false)

    /// Starts listening on an ephemeral port; connections are served on a thread of its own.
    public init() throws {
        let socket = try LoopbackSocket(listening: 16, reusesAddress: true)
        let listener = socket.descriptor
        self.listener = listener
        port = socket.port
        let stopped = self.stopped
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if stopped.withLockedValue({ $0 }) {
                    close(connection)
                    return
                }
                Self.reset(connection)
            }
        }
    }

    /// Reads the first bytes the client sends (waiting at most 5 s), then closes with a zero
    /// linger time, which sends RST instead of FIN.
    private static func reset(_ connection: Int32) {
        var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, 5000) > 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = read(connection, &buffer, buffer.count)
        }
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        close(connection)
    }

    /// Stops accepting connections.
    public func stop() {
        let wasStopped = stopped.withLockedValue { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }
}
