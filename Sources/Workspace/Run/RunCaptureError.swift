/// Why a capture found nothing to take, as a sentence without a final period.
public struct RunCaptureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was missing.
    public var reason: String

    /// Creates an error.
    public init(reason: String) {
        self.reason = reason
    }

    /// Same as ``reason``.
    public var description: String { reason }
}
