import Foundation
import Testing

/// Ports on 127.0.0.1 for tests that need a connection to be refused.
public enum ClosedPort {
    /// A port nothing listens on: an ephemeral port, bound and never listened on, so unlike a
    /// fixed low port it is unused on any machine. The socket stays bound for the life of the
    /// process, so no server started later (by another test running at the same time) can take
    /// the port and answer; connecting to it is refused.
    public static func make() throws -> Int {
        try LoopbackSocket().port
    }
}
