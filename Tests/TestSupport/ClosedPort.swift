import Foundation
import Testing

/// Ports on 127.0.0.1 for tests that need a connection to be refused.
public enum ClosedPort {
    /// A port nothing listens on: an ephemeral port, bound and never listened on, so unlike a
    /// fixed low port it is unused on any machine. The socket stays bound for the life of the
    /// process, so no server started later (by another test running at the same time) can take
    /// the port and answer; connecting to it is refused.
    public static func make() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else {
            close(descriptor)
            try #require(bound == 0)
            return 0
        }
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
