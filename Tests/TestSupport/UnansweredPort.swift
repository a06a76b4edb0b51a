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
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        try #require(bound == 0 && listen(listener, 0) == 0, "a listener on 127.0.0.1")
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(listener, $0, &length) }
        }
        let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) }
        }
        try #require(connected == 0, "the connection that fills the listener's queue")
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
