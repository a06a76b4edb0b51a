import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionWebSocketTask.Message: StreamMessageConvertible {
    /// The Foundation message with the same kind and content.
    public init(streamMessage: StreamMessage) {
        switch streamMessage {
        case .string(let text): self = .string(text)
        case .data(let data): self = .data(data)
        }
    }

    /// The message as a ``StreamMessage``.
    public var streamMessage: StreamMessage? {
        switch self {
        case .string(let text): .string(text)
        case .data(let data): .data(data)
        @unknown default: nil
        }
    }
}
