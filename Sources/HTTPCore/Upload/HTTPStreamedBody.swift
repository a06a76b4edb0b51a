import NIOCore

/// A request body produced a chunk at a time, for either engine: ``produce`` writes the chunks
/// through the function it is given, each only once the one before was taken, and its future ends
/// when the last was (or fails with why the body could not be read).
struct HTTPStreamedBody: Sendable {
    /// Writes one chunk; its future completes once the connection took it.
    typealias Write = @Sendable (ByteBuffer) -> EventLoopFuture<Void>

    /// The number of bytes, when known (sent with `Content-Length`; otherwise chunked).
    let length: Int64?
    /// Produces the body on `eventLoop` through `write`.
    let produce: @Sendable (_ eventLoop: any EventLoop, _ write: @escaping Write) -> EventLoopFuture<Void>
}
