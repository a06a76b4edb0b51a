/// The body an operation takes.
public struct APIRequestBody: Sendable, Equatable {
    /// True when the body must be sent.
    public var isRequired: Bool
    /// What the body is, when the description says.
    public var description: String?
    /// The media types the body can have, in the description's order.
    public var contents: [APIMediaType]
}
