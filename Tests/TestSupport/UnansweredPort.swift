import Foundation
import Testing

/// Ports on 127.0.0.1 for tests that need a connection attempt to go unanswered until it times
/// out.
public enum UnansweredPort {
    /// A port whose listener's queue is full: a socket listens with a backlog of 0 and never
    /// accepts, and a first connection fills its queue, so the kernel drops every later SYN and a
    /// connection attempt waits until the client gives up. Both sockets stay open for the life of
    /// the process.
    public static func make() throws -> Int {
        let listener = try LoopbackSocket(listening: 0)
        try #require(LoopbackSocket.connect(to: listener.port) != nil, "the connection that fills the listener's queue")
        return listener.port
    }
}
