/// A value a request captured into a variable.
public struct CapturedValue: Sendable, Hashable {
    /// The variable name.
    public var name: String
    /// The value, masked when the name or the place it came from marks a secret.
    public var shownValue: String

    /// Creates a captured value.
    public init(name: String, shownValue: String) {
        self.name = name
        self.shownValue = shownValue
    }
}
