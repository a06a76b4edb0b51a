import Foundation

/// One WebSocket message as Squid hands it to ``StreamRequest/decode(_:)`` and takes it from
/// ``StreamRequest/encode(_:)``: text or binary, with the case names of the original library's
/// `URLSessionWebSocketTask.Message`.
public enum StreamMessage: Sendable, Hashable, StreamMessageConvertible {
    /// A text message.
    case string(String)
    /// A binary message.
    case data(Data)

    /// The message itself.
    public init(streamMessage: StreamMessage) {
        self = streamMessage
    }

    /// The message itself.
    public var streamMessage: StreamMessage? {
        self
    }
}
