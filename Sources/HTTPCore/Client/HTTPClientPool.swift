import NIOConcurrencyHelpers

/// Transports shared by settings: one ``HTTPTransport`` (one client, one connection pool) per
/// distinct ``HTTPClientSettings``, created on first use and kept until ``shutdownAll()``.
package final class HTTPClientPool: Sendable {
    /// The pool of the process.
    package static let shared = HTTPClientPool()

    private let transports = NIOLockedValueBox<[HTTPClientSettings: HTTPTransport]>([:])

    /// Creates an empty pool.
    package init() {}

    /// The transport for `settings`, created if needed.
    package func transport(for settings: HTTPClientSettings) -> HTTPTransport {
        transports.withLockedValue { transports in
            if let transport = transports[settings] {
                return transport
            }
            let transport = HTTPTransport(settings: settings)
            transports[settings] = transport
            return transport
        }
    }

    /// Removes every transport from the pool and shuts each down; later requests create fresh
    /// ones.
    package func shutdownAll() async {
        let all = transports.withLockedValue { transports in
            defer { transports = [:] }
            return Array(transports.values)
        }
        for transport in all {
            await transport.shutdown()
        }
    }
}
