import Foundation
import Testing

/// A TCP socket bound to an ephemeral port on 127.0.0.1: the one place the test servers that
/// work below NIO (a closed port, an unanswered port, a resetting server) get their socket.
public struct LoopbackSocket {
    /// The socket's descriptor.
    public let descriptor: Int32
    /// The port it is bound to.
    public let port: Int

    /// Binds a new socket (with `SO_REUSEADDR` when `reusesAddress`), listening with `backlog`
    /// when given; records an issue and throws when the system refuses.
    public init(listening backlog: Int32? = nil, reusesAddress: Bool = false) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if reusesAddress {
            var reuse: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = Self.address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        let listening = backlog.map { listen(descriptor, $0) == 0 } ?? true
        guard bound == 0, listening else {
            close(descriptor)
            try #require(bound == 0 && listening, "a socket on 127.0.0.1")
            throw CancellationError()
        }
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// `127.0.0.1:port` as a socket address.
    public static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    /// Connects a new socket to `port` on 127.0.0.1; the new socket's descriptor, or nil.
    public static func connect(to port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = address(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
