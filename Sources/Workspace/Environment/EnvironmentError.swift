/// An environment that cannot be listed or loaded: a broken or unreadable file, or a name
/// that does not exist. The message is one sentence naming the file and line when known.
public struct EnvironmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file or folder concerned, when there is one.
    public var path: String?
    /// The 1-based line in ``path`` when known.
    public var line: Int?
    /// The message for people.
    public var message: String

    /// Creates the error.
    public init(path: String?, line: Int?, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    /// Same as ``message``.
    public var description: String { message }
}
