/// A collection operation that failed: the message is one sentence naming the path, such as
/// `Could not save “Create a user” in /p/.hammock/users: permission denied.`
public struct CollectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file or folder concerned.
    public var path: String
    /// The message for people.
    public var message: String

    /// Creates the error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// Same as ``message``.
    public var description: String { message }
}
