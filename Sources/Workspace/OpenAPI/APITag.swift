/// A tag the description declares at its top level, to group operations.
public struct APITag: Sendable, Equatable {
    /// The tag's name, as operations list it in ``APIOperation/tags``.
    public var name: String
    /// What the tag stands for, when the description says.
    public var description: String?

    /// A tag named `name`.
    public init(name: String, description: String? = nil) {
        self.name = name
        self.description = description
    }
}
