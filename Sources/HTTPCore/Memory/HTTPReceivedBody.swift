import NIOCore

/// The bytes of a response body received so far, from its first: a view that keeps them where
/// they are for as long as it exists, so a reader on another thread can go through them while
/// more arrive.
///
/// It holds the storage (the body's own mapping, or its buffer) alive; the transport never moves
/// or changes bytes a view covers (a mapping that must grow while a view holds it is copied into
/// a new one instead). Readable from any thread.
package struct HTTPReceivedBody: @unchecked Sendable {
    private enum Storage {
        case mapping(HTTPBodyMapping, UnsafeRawPointer)
        case buffer(ByteBuffer)
    }

    private let storage: Storage
    /// The number of bytes received.
    package let count: Int

    /// A view of the first `count` bytes of `mapping`, which start at `base`.
    init(mapping: HTTPBodyMapping, base: UnsafeRawPointer, count: Int) {
        storage = .mapping(mapping, base)
        self.count = count
    }

    /// A view of the readable bytes of `buffer`.
    init(buffer: ByteBuffer) {
        storage = .buffer(buffer)
        count = buffer.readableBytes
    }

    /// Calls `body` with the bytes.
    package func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch storage {
        case .mapping(let mapping, let base):
            return try withExtendedLifetime(mapping) { try body(UnsafeRawBufferPointer(start: base, count: count)) }
        case .buffer(let buffer):
            return try buffer.withUnsafeReadableBytes(body)
        }
    }
}
