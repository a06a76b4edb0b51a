/// A request or response body that a HAR file does not hold, and why: its entry still gives
/// its real size, and a `comment` says that it was left out.
///
/// ```swift
/// let missing = HARLeftOutBody(size: 11_634_112, reason: "let go to save memory")
/// missing.comment   // "The body, 11634112 bytes, was left out: let go to save memory."
/// ```
public struct HARLeftOutBody: Sendable, Hashable {
    /// The body's size in bytes (after any `Content-Encoding` was undone).
    public var size: Int
    /// Why it is not in the file, a phrase that completes "was left out:" (no final period).
    public var reason: String

    /// Creates the description of a body left out.
    public init(size: Int, reason: String) {
        self.size = size
        self.reason = reason
    }

    /// The `comment` written in the body's place.
    public var comment: String { "The body, \(size) bytes, was left out: \(reason)." }
}
