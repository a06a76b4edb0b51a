import Foundation

/// Why a multipart part written in curl's `-F` syntax cannot be sent, as a sentence naming the
/// part or line at fault (``message``).
public struct MultipartSpecError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The explanation, one or two plain sentences.
    public let message: String

    /// Creates an error with its message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The message, for `localizedDescription`.
    public var errorDescription: String? { message }
}
