/// A request made from an API description's operation, as ``CollectionSync`` writes it into a
/// collection.
public struct GeneratedRequest: Sendable, Hashable {
    /// What identifies the operation from one version of the description to the next: its
    /// `operationId`, else `METHOD /path/template`.
    public var key: String
    /// The group (folder) it goes in when first written: its first tag, as a file name; empty
    /// for the top level.
    public var group: String
    /// Its name when first written (the operation's summary, else its key).
    public var name: String
    /// The request.
    public var definition: RequestDefinition

    /// Creates a generated request.
    public init(key: String, group: String, name: String, definition: RequestDefinition) {
        self.key = key
        self.group = group
        self.name = name
        self.definition = definition
    }
}
