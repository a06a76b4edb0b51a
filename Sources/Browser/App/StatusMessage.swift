/// A message in the status line until the next key press.
public struct StatusMessage: Equatable, Sendable {
    /// The text (unsanitised; views sanitise).
    public var text: String
    /// True for errors (drawn in the error colour).
    public var isError: Bool

    /// Creates a message.
    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}
