import Foundation

/// What an ``HTTPStream`` delivers: bytes of the body as they arrive, then its end.
package enum HTTPStreamChunk: Sendable {
    /// The next bytes of the body (already decompressed).
    case bytes(Data)
    /// The body ended: cleanly (nil) or with a failure (cancellation, a dropped connection, a
    /// read timeout). Nothing follows.
    case end(HTTPFailure?)
}
