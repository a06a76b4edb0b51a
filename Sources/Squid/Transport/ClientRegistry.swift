import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOCore

/// The process-wide set of `HTTPClient`s: one per distinct ``SessionConfiguration``, created on
/// first use on NIO's shared event loop group and kept until ``shutdownAll()``.
final class ClientRegistry: Sendable {

    /// The registry every service uses.
    static let shared = ClientRegistry()

    private let clients = NIOLockedValueBox<[SessionConfiguration: HTTPClient]>([:])

    /// The client for `configuration`, created if needed.
    func client(for configuration: SessionConfiguration) -> HTTPClient {
        clients.withLockedValue { clients in
            if let client = clients[configuration] {
                return client
            }
            let client = HTTPClient(
                eventLoopGroup: HTTPClient.defaultEventLoopGroup,
                configuration: Self.clientConfiguration(for: configuration)
            )
            clients[configuration] = client
            return client
        }
    }

    /// Removes every client from the registry and shuts each down.
    func shutdownAll() async throws {
        let all = clients.withLockedValue { clients in
            let all = Array(clients.values)
            clients = [:]
            return all
        }
        for client in all {
            try await client.shutdown()
        }
    }

    private static func clientConfiguration(for settings: SessionConfiguration) -> HTTPClient.Configuration {
        let redirects: HTTPClient.Configuration.RedirectConfiguration =
            settings.maximumRedirects > 0 ? .follow(max: settings.maximumRedirects, allowCycles: false) : .disallow
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: redirects,
            timeout: .init(connect: .milliseconds(Int64(max(settings.connectTimeout, 0.001) * 1000)), read: nil),
            decompression: .disabled
        )
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }
}
