import DemoAPI
import Foundation
import Squid

/// A service for the demo server, written the way an application would: a scheme-less host and
/// port, plain HTTP.
struct DemoService: HttpService {
    let host: String
    var header: HttpHeader = [:]
    var sessionConfiguration: SessionConfiguration = .default
    var retrierFactory: RetrierFactory = NilRetrier.factory()
    var hook: ServiceHook = NilServiceHook()

    init(_ server: DemoServer) {
        host = "127.0.0.1:\(server.port)"
    }

    /// A service on 127.0.0.1 at `port` (a closed one, say).
    init(port: Int) {
        host = "127.0.0.1:\(port)"
    }

    var apiUrl: UrlConvertible {
        host
    }

    var usesSecureProtocol: Bool {
        false
    }
}

/// Runs `body` with a fresh demo server on an ephemeral loopback port and shuts it down after.
func withDemoServer<T>(_ body: (DemoServer) async throws -> T) async throws -> T {
    let server = try await DemoServer.start()
    do {
        let result = try await body(server)
        await server.shutdown()
        return result
    } catch {
        await server.shutdown()
        throw error
    }
}
