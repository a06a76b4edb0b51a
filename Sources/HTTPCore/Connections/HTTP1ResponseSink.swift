import Foundation
import NIOCore
import NIOHTTP1

/// What receives the response of a request that ``HTTP1Pool`` sends, in this order: the bytes of
/// the request sent, the final head (informational `1xx` heads are dropped), the body parts, then
/// either the end or one failure. After a failure nothing more arrives. Calls come from the
/// connection's event loop.
protocol HTTP1ResponseSink: AnyObject, Sendable {
    /// The request's body (`bytes`, possibly 0) has been written.
    func requestSent(bytes: Int)
    /// The final response head for the request to `url` sent with `method`.
    func responseHeadReceived(url: URL, method: HTTPMethod, head: HTTPResponseHead)
    /// A part of the body; returns the error to stop the exchange with (the body is over the
    /// limit, or the exchange was cancelled), or nil to go on.
    func responseBodyReceived(_ buffer: ByteBuffer) -> (any Error)?
    /// The response is complete.
    func responseEnded()
    /// The exchange failed with `error`.
    func exchangeFailed(_ error: any Error)
}
