/// A 64-bit checksum of bytes that arrive in pieces, cheap enough to run over hundreds of
/// megabytes as they stream in: the demo's `/upload` route reports it for the body and for each
/// multipart part, so a test can tell that every byte arrived in order without the server
/// keeping any of them.
///
/// The bytes are taken eight at a time as little-endian words, each folded in FNV-1a fashion
/// (xor, then multiply by the 64-bit FNV prime); a last partial word is padded with zeros, and
/// the length is folded in at the end. The value does not depend on how the bytes were split.
/// It is not a cryptographic hash.
///
/// ```swift
/// var checksum = UploadChecksum()
/// checksum.add(Array("hello ".utf8))
/// checksum.add(Array("world".utf8))
/// print(checksum.hex)   // the same as for "hello world" in one piece
/// ```
public struct UploadChecksum: Sendable, Hashable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325
    private var tail: UInt64 = 0
    private var tailCount = 0
    /// The number of bytes added so far.
    public private(set) var count: Int64 = 0

    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// A checksum of no bytes yet.
    public init() {}

    /// Adds the next bytes.
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        count += Int64(bytes.count)
        var index = 0
        // Finish a word begun by the piece before.
        while tailCount > 0, tailCount < 8, index < bytes.count {
            tail |= UInt64(bytes[index]) << (8 * UInt64(tailCount))
            tailCount += 1
            index += 1
        }
        if tailCount == 8 {
            fold(tail)
            tail = 0
            tailCount = 0
        }
        while index + 8 <= bytes.count {
            fold(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << (8 * UInt64(tailCount))
            tailCount += 1
            index += 1
        }
    }

    /// Adds the next bytes.
    public mutating func add(_ bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        array.withUnsafeBytes { add($0) }
    }

    /// The checksum of the bytes so far, as 16 lower-case hex digits.
    public var hex: String {
        var copy = self
        if copy.tailCount > 0 { copy.fold(copy.tail) }
        copy.fold(UInt64(bitPattern: copy.count))
        let digits = String(copy.state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private mutating func fold(_ word: UInt64) {
        state = (state ^ word) &* Self.prime
    }
}
