import Foundation

/// The errors the default stream decoders throw, in one place.
enum StreamDecoding {
    /// A message of the wrong kind for the result type.
    static func mismatch(expected: Any.Type, got message: some StreamMessageConvertible) -> DecodingError {
        let kind: String
        switch message.streamMessage {
        case .string: kind = "a text message"
        case .data: kind = "a binary message"
        case nil: kind = "a message of unknown kind"
        }
        return DecodingError.typeMismatch(
            expected,
            DecodingError.Context(codingPath: [], debugDescription: "expected \(expected), got \(kind)"))
    }

    /// The bytes of a message of either kind (text as UTF-8).
    static func bytes(of message: some StreamMessageConvertible) throws -> Data {
        switch message.streamMessage {
        case .string(let text): return Data(text.utf8)
        case .data(let data): return data
        case nil: throw mismatch(expected: Data.self, got: message)
        }
    }
}
