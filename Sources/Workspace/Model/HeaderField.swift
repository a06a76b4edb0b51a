/// One header field of a request or response, name and value as written: the one header type of
/// requests a person writes (``RequestDefinition``) and of recorded exchanges (``Exchange``,
/// ``RedirectHop``). Repeated names are kept as separate fields, in order.
public struct HeaderField: Sendable, Hashable, Codable {
    /// The name as written (case kept).
    public var name: String
    /// The value as written.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
