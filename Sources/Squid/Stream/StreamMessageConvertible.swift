import Foundation

/// A type a WebSocket message can be expressed in: ``StreamMessage`` itself, and Foundation's
/// `URLSessionWebSocketTask.Message`, so that stream requests written against either compile.
///
/// A ``StreamRequest`` picks its message type from the signature of its `encode`/`decode`
/// (``StreamRequest/WireMessage``); requests that implement neither use ``StreamMessage``.
public protocol StreamMessageConvertible: Sendable {
    /// Creates the value for `streamMessage`.
    init(streamMessage: StreamMessage)

    /// The value as a ``StreamMessage``, or nil for a kind Squid does not know.
    var streamMessage: StreamMessage? { get }
}
