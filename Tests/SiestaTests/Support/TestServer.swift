import DemoAPI
import Foundation
import Siesta
import TestSupport

/// Services on the one demo server of the test process.
enum TestServer {
    /// The running server.
    static func shared() async throws -> DemoServer {
        try await SharedDemoServer.get()
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
        SharedDemoServer.uniquePath(prefix)
    }
}
