/// A form that cannot be sent, with a sentence saying why.
public struct FormError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The sentence shown to the user.
    public var message: String

    /// Creates an error.
    public init(message: String) { self.message = message }

    /// Same as `message`.
    public var description: String { message }
}
