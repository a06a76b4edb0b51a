import Foundation

/// A ``StreamRequest`` whose messages are JSON both ways: messages are `Encodable`, results
/// `Decodable`.
///
/// Messages are sent as binary messages holding the JSON; messages from the peer may be text
/// or binary. Keys are converted between camel case and snake case unless
/// ``decodeSnakeCase`` is `false`.
public protocol JsonStreamRequest: StreamRequest where Message: Encodable, Result: Decodable {

    /// Whether `userId` in Swift is `user_id` in the JSON, both ways. `true` by default.
    var decodeSnakeCase: Bool { get }
}

extension JsonStreamRequest {

    /// Snake case in the JSON.
    public var decodeSnakeCase: Bool {
        true
    }

    /// The message as JSON, in a binary message.
    public func encode(_ message: Message) throws -> WireMessage {
        let encoder = JSONEncoder()
        if decodeSnakeCase {
            encoder.keyEncodingStrategy = .convertToSnakeCase
        }
        return WireMessage(streamMessage: .data(try encoder.encode(message)))
    }

    /// The result decoded from the JSON of a text or binary message.
    public func decode(_ message: WireMessage) throws -> Result {
        let decoder = JSONDecoder()
        if decodeSnakeCase {
            decoder.keyDecodingStrategy = .convertFromSnakeCase
        }
        return try decoder.decode(Result.self, from: StreamDecoding.bytes(of: message))
    }
}
