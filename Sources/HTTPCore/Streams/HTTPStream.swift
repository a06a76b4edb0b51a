import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response whose body is read as it arrives rather than collected: Server-Sent Events, a
/// long-lived line of JSON values (see ``HTTPStreamDetection``).
///
/// The exchange it came from ended when the head arrived (with an empty body); the body's bytes
/// come through ``chunks`` until the server ends it, the connection drops, or ``cancel()`` stops
/// it. ``chunks`` has one reader. Safe from any thread.
package final class HTTPStream: Sendable {
    /// The response head (its body is empty).
    package let response: HTTPExchangeResponse
    /// The request as the caller made it (before default headers and cookies were added), for
    /// ``reopen(adding:completion:)``.
    package let request: URLRequest
    /// What kind of stream the head says this is; nil when it was opened with
    /// ``HTTPTransport/openStream(_:completion:)`` and the head names no stream type.
    package let kind: HTTPStreamDetection.Kind?
    /// The body's bytes as they arrive, then ``HTTPStreamChunk/end(_:)``.
    package let chunks: AsyncStream<HTTPStreamChunk>

    private let delegate: HTTPExchangeDelegate
    private let reopener:
        @Sendable (URLRequest, @escaping @Sendable (Result<HTTPStream, HTTPFailure>) -> Void) ->
            HTTPTransfer?

    init(
        response: HTTPExchangeResponse, request: URLRequest, kind: HTTPStreamDetection.Kind?,
        chunks: AsyncStream<HTTPStreamChunk>, delegate: HTTPExchangeDelegate,
        reopener:
            @escaping @Sendable (URLRequest, @escaping @Sendable (Result<HTTPStream, HTTPFailure>) -> Void) ->
            HTTPTransfer?
    ) {
        self.response = response
        self.request = request
        self.kind = kind
        self.chunks = chunks
        self.delegate = delegate
        self.reopener = reopener
    }

    /// Stops reading and closes the connection; ``chunks`` then ends with a cancellation.
    package func cancel() {
        delegate.cancel()
    }

    /// Sends the same request again as a stream (a reconnection), with `fields` set on it and any
    /// conditional header (`If-None-Match`, `If-Modified-Since`) and any earlier `Last-Event-ID`
    /// removed. Returns nil when the
    /// transport is gone; `completion` then runs with a failure too.
    @discardableResult
    package func reopen(
        adding fields: [HTTPHeaderField], completion: @escaping @Sendable (Result<HTTPStream, HTTPFailure>) -> Void
    ) -> HTTPTransfer? {
        var next = request
        next.setValue(nil, forHTTPHeaderField: "If-None-Match")
        next.setValue(nil, forHTTPHeaderField: "If-Modified-Since")
        next.setValue(nil, forHTTPHeaderField: "Last-Event-ID")
        for field in fields { next.setValue(field.value, forHTTPHeaderField: field.name) }
        return reopener(next, completion)
    }
}
