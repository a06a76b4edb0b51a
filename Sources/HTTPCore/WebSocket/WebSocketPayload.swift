import Foundation

/// One whole WebSocket message: text or binary, as it travelled on the wire.
package enum WebSocketPayload: Sendable, Hashable {
    /// A text message (the protocol requires UTF-8).
    case text(String)
    /// A binary message.
    case binary(Data)

    /// The number of bytes the message occupies on the wire (its UTF-8 length for text).
    package var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }
}
