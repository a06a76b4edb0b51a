import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One finished exchange as an ``HTTPExchangeMonitor`` sees it: what was sent and what came of
/// it.
package struct HTTPExchange: Sendable {
    /// The request as sent (after ``HTTPExchangeMonitor/prepare(_:)``).
    package var request: URLRequest
    /// The response, or why there is none.
    package var result: Result<HTTPExchangeResponse, HTTPFailure>
    /// When it started, received its first byte and ended.
    package var timing: HTTPExchangeTiming
}
