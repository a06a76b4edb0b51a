import DemoAPI
import Foundation
import Siesta

/// One demo server for the whole test process, started on first use on an ephemeral port.
enum TestServer {
    private static let startup = Task { try await DemoServer.start() }

    /// The running server.
    static func shared() async throws -> DemoServer {
        try await startup.value
    }

    /// A fresh service on the shared server with short staleness suited to tests.
    @MainActor
    static func service(
        standardTransformers: [StandardTransformer] = [.json, .text],
        networking: (any NetworkingProviderConvertible)? = nil
    ) async throws -> Service {
        let server = try await shared()
        if let networking {
            return Service(baseURL: server.baseURL, standardTransformers: standardTransformers, networking: networking)
        }
        return Service(baseURL: server.baseURL, standardTransformers: standardTransformers)
    }

    /// A path no other test uses, so per-path request counts start at zero.
    static func uniquePath(_ prefix: String = "/echo") -> String {
        "\(prefix)/\(UUID().uuidString.lowercased())"
    }
}
