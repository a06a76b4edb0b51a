/// Auth settings that cannot be applied to a request.
public struct AuthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason, one sentence.
    public var message: String

    /// Creates the error.
    public init(message: String) {
        self.message = message
    }

    /// Same as ``message``.
    public var description: String { message }
}
