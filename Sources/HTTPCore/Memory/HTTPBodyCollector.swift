import Foundation
import NIOCore
import NIOFoundationCompat

/// The body of a response as it arrives: in a `ByteBuffer` while it is small, and in an
/// ``HTTPBodyMapping`` of its own once it reaches ``mappingThreshold`` (from the first part on
/// when the response announces that much), so that a large body's memory goes back to the system
/// as soon as the body is dropped.
struct HTTPBodyCollector: Sendable {
    /// Bodies of at least this many bytes are kept in a mapping of their own.
    static let mappingThreshold = 256 * 1024

    private var buffer = ByteBuffer()
    private var mapping: HTTPBodyMapping?

    /// The bytes collected so far.
    var count: Int { mapping?.count ?? buffer.readableBytes }

    /// Whether the body is kept in a mapping of its own.
    var isMapped: Bool { mapping != nil }

    /// The mapping that holds the body, if it is mapped (for tests of its lifetime).
    var mappingForTesting: HTTPBodyMapping? { mapping }

    /// Appends `part`. `announced` is the size the response announced (its `Content-Length`), if
    /// any, and `limit` the most the body may hold; a mapping is made that large at once.
    /// Returns false when no memory could be had for it.
    mutating func append(_ part: ByteBuffer, announced: Int64?, limit: Int) -> Bool {
        let total = count + part.readableBytes
        if mapping == nil, total >= Self.mappingThreshold || (announced ?? 0) >= Int64(Self.mappingThreshold) {
            let expected = announced.map { Int(clamping: $0) } ?? 0
            let capacity = min(max(expected, total, 2 * total, 1 << 20), max(limit, total))
            if let made = HTTPBodyMapping(capacity: capacity) {
                let copied = buffer.withUnsafeReadableBytes { made.append($0) }
                if copied {
                    buffer = ByteBuffer()
                    mapping = made
                }
            }
        }
        if mapping != nil {
            // A mapping that a reader's view still holds is never moved: it is copied into a
            // larger one instead, and the view keeps the old one until it lets go.
            if mapping!.needsToGrow(for: part.readableBytes), !isKnownUniquelyReferenced(&mapping!) {
                guard let copied = mapping!.copy(capacity: 2 * (count + part.readableBytes)) else { return false }
                mapping = copied
            }
            return part.withUnsafeReadableBytes { mapping!.append($0) }
        }
        var part = part
        buffer.writeBuffer(&part)
        return true
    }

    /// A view of the bytes collected so far that stays valid, on any thread, while more arrive.
    func received() -> HTTPReceivedBody {
        if let mapping { return mapping.received() }
        return HTTPReceivedBody(buffer: buffer)
    }

    /// Calls `body` with the bytes collected so far, contiguous.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        if let mapping { return try mapping.withUnsafeBytes(body) }
        return try buffer.withUnsafeReadableBytes(body)
    }

    /// The body as `Data`, without a copy; the collector is empty afterwards.
    mutating func takeData() -> Data {
        defer { self = HTTPBodyCollector() }
        if let mapping { return mapping.takeData() }
        return Data(buffer: buffer, byteTransferStrategy: .noCopy)
    }
}
