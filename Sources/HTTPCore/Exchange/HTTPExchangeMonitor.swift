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
    /// True when this monitor takes streams (see ``streamOpened(_:)``): the transport then asks
    /// ``HTTPStreamDetection`` about every final response head, and a request's timeout covers
    /// only the wait for the head of a response that turns out to be a stream.
    var takesStreams: Bool { get }
    /// Receives a response that ``HTTPStreamDetection`` says is a stream, once its head arrived;
    /// the exchange itself ends at once with the head and an empty body (``exchangeFinished(_:)``
    /// is called first). Called only when ``takesStreams`` is true.
    func streamOpened(_ stream: HTTPStream)
    /// True when this monitor reads bodies as they arrive (see ``bodyReader(for:)``).
    var readsBodies: Bool { get }
    /// A reader for the body of `response` (a final response head, with an empty body), or nil.
    /// Called only when ``readsBodies`` is true, on the connection's thread.
    func bodyReader(for response: HTTPExchangeResponse) -> (any HTTPBodyReader)?
}

extension HTTPExchangeMonitor {
    /// Leaves the request as it is.
    package func prepare(_ request: inout URLRequest) {}
    /// Does nothing.
    package func exchangeFinished(_ exchange: HTTPExchange) {}
    /// False: every body is read to its end.
    package var takesStreams: Bool { false }
    /// Cancels the stream (never called unless ``takesStreams`` is true).
    package func streamOpened(_ stream: HTTPStream) { stream.cancel() }
    /// False: bodies are only collected.
    package var readsBodies: Bool { false }
    /// None.
    package func bodyReader(for response: HTTPExchangeResponse) -> (any HTTPBodyReader)? { nil }
}
