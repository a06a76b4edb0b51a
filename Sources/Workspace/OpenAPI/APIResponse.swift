/// One response an operation can give.
public struct APIResponse: Sendable, Equatable {
    /// The status as the description writes it: `200`, `2XX` or `default`.
    public var status: String
    /// What the response means (required by the specifications; empty when missing).
    public var description: String
    /// The media types the response body can have, in the description's order.
    public var contents: [APIMediaType]
    /// The names of the headers the response declares, in the description's order.
    public var headers: [String]
}
