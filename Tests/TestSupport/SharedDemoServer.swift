import DemoAPI
import Foundation

/// One demo server for the whole test process, started on 127.0.0.1 with an ephemeral port on
/// first use. Tests that need a server of their own call `DemoServer.start()` instead.
public enum SharedDemoServer {
    private static let startup = Task { try await DemoServer.start() }

    /// The running server.
    public static func get() async throws -> DemoServer {
        try await startup.value
    }

    /// A path no other test uses, so per-path request counts start at zero.
    public static func uniquePath(_ prefix: String = "/echo") -> String {
        "\(prefix)/\(UUID().uuidString.lowercased())"
    }
}
