import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Watches every exchange of an ``HTTPTransport``: the hook point for timing, history and
/// cookies. Both methods may be called on any thread, concurrently for different exchanges.
package protocol HTTPExchangeMonitor: Sendable {
    /// Called before a request goes out; may change it (add a `Cookie` header, say).
    func prepare(_ request: inout URLRequest)
    /// Called once when an exchange ends, with a response or a failure (cancellation included).
    func exchangeFinished(_ exchange: HTTPExchange)
}

extension HTTPExchangeMonitor {
    /// Leaves the request as it is.
    package func prepare(_ request: inout URLRequest) {}
    /// Does nothing.
    package func exchangeFinished(_ exchange: HTTPExchange) {}
}
