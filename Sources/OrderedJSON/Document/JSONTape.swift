import Foundation

/// The entries of a document, eight bytes each, in one contiguous block that grows in place.
///
/// An entry packs, from the lowest bit up: the byte offset where it starts (32 bits), its
/// ``JSONEntryKind`` (4 bits), three flags (the entry has a key; the key has escapes; the string
/// value has escapes) and a 25-bit link. For an opening bracket the link is the distance to its
/// closing bracket; for a closing bracket, the distance back to the opening one. A distance too
/// large for 25 bits is stored as `linkOverflow` and kept in `farLinks`.
///
/// For an object member, the offset is the one of its key's opening quote; the value follows the
/// key after the colon. The block is written once while a document is built and only read
/// afterwards, which is what makes sharing it between threads safe.
final class JSONTape: @unchecked Sendable {
    static let offsetBits: UInt64 = 32
    static let kindShift: UInt64 = 32
    static let hasKeyBit: UInt64 = 1 << 36
    static let keyEscapedBit: UInt64 = 1 << 37
    static let valueEscapedBit: UInt64 = 1 << 38
    static let linkShift: UInt64 = 39
    static let linkOverflow: Int = (1 << 25) - 1

    /// The entries (``JSONIndexBuilder`` writes them directly and then sets ``count``).
    var base: UnsafeMutablePointer<UInt64>
    /// How many entries are written.
    var count = 0
    /// How many entries fit in the block.
    private(set) var capacity: Int
    /// Links that do not fit in 25 bits, by entry.
    var farLinks: [Int: Int] = [:]

    /// Reserves room for about `expected` entries (address space only: pages are touched as
    /// entries are written).
    init(expected: Int) {
        capacity = max(16, expected)
        base = UnsafeMutablePointer<UInt64>(OpaquePointer(malloc(capacity * 8)!))
    }

    deinit {
        free(base)
    }

    @inline(__always)
    func append(_ word: UInt64) {
        if count == capacity { grow() }
        base[count] = word
        count += 1
    }

    /// Doubles the room for entries (the block may move).
    func grow() {
        capacity *= 2
        guard let moved = realloc(base, capacity * 8) else { fatalError("out of memory for a JSON index") }
        base = UnsafeMutablePointer<UInt64>(OpaquePointer(moved))
    }

    /// Gives back the unused tail once the document is complete.
    func shrinkToFit() {
        guard capacity > count + 16, let moved = realloc(base, max(1, count) * 8) else { return }
        base = UnsafeMutablePointer<UInt64>(OpaquePointer(moved))
        capacity = max(1, count)
    }

    /// Sets the link of `entry` to `distance`, spilling into `farLinks` when it does not fit.
    func setLink(_ entry: Int, distance: Int) {
        let stored = distance < JSONTape.linkOverflow ? distance : JSONTape.linkOverflow
        if stored == JSONTape.linkOverflow { farLinks[entry] = distance }
        base[entry] = (base[entry] & ((1 << JSONTape.linkShift) - 1)) | (UInt64(stored) << JSONTape.linkShift)
    }

    @inline(__always)
    subscript(entry: Int) -> UInt64 {
        precondition(entry >= 0 && entry < count, "entry \(entry) is outside the document (0..<\(count))")
        return base[entry]
    }

    @inline(__always)
    static func offset(_ word: UInt64) -> Int { Int(truncatingIfNeeded: word & 0xFFFF_FFFF) }

    @inline(__always)
    static func kindValue(_ word: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: (word >> kindShift) & 0xF) }

    @inline(__always)
    static func link(_ word: UInt64) -> Int { Int(truncatingIfNeeded: word >> linkShift) }

    @inline(__always)
    static func word(offset: Int, kind: JSONEntryKind, flags: UInt64) -> UInt64 {
        UInt64(truncatingIfNeeded: offset) | (UInt64(kind.rawValue) << kindShift) | flags
    }
}
