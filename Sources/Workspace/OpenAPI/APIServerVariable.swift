/// A variable in a server URL template (`{region}` in `https://{region}.example.com`).
public struct APIServerVariable: Sendable, Equatable {
    /// The name between the braces.
    public var name: String
    /// The value used when no other is given.
    public var defaultValue: String
    /// The values allowed, when the description limits them (empty when any value will do).
    public var enumValues: [String]
    /// What the variable is for, when the description says.
    public var description: String?

    /// A variable `name` with its default value, allowed values and description.
    public init(name: String, defaultValue: String, enumValues: [String] = [], description: String? = nil) {
        self.name = name
        self.defaultValue = defaultValue
        self.enumValues = enumValues
        self.description = description
    }
}
