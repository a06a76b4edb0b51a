import Foundation

/// The entries of a document, six bytes each, in one contiguous block that grows in place.
///
/// An entry packs, from the lowest bit up: the byte offset where it starts (32 bits), its
/// ``JSONEntryKind`` (4 bits), three flags (the entry has a key; the key has escapes; the string
/// value has escapes) and a 9-bit link. For an opening bracket the link is the distance to its
/// closing bracket; for a closing bracket, the distance back to the opening one. A distance too
/// large for 9 bits (a container of more than 510 entries) is stored as `linkOverflow` and kept
/// in `farLinks`.
///
/// Entries are read and written as 64-bit words (``Entries``) of which the top 16 bits belong
/// to the next entry; the block has two bytes to spare after the last entry for that.
///
/// For an object member, the offset is the one of its key's opening quote; the value follows the
/// key after the colon. The block is written once while a document is built and only read
/// afterwards, which is what makes sharing it between threads safe.
final class JSONTape: @unchecked Sendable {
    /// The entries of a block, read and written by index.
    struct Entries {
        /// The block.
        let base: UnsafeMutableRawPointer

        /// The entry's word (its 48 bits).
        @inline(__always)
        subscript(entry: Int) -> UInt64 {
            base.loadUnaligned(fromByteOffset: entry &* JSONTape.entryBytes, as: UInt64.self) & JSONTape.entryMask
        }

        /// Writes the entry after the last one (its word's top 16 bits spill into the next
        /// entry's place, which is written later or is the block's spare bytes).
        @inline(__always)
        func write(_ word: UInt64, at entry: Int) {
            base.storeBytes(of: word, toByteOffset: entry &* JSONTape.entryBytes, as: UInt64.self)
        }

        /// Sets the link bits of a written entry, leaving the next entry's bytes as they were.
        @inline(__always)
        func setLink(_ link: Int, at entry: Int) {
            let offset = entry &* JSONTape.entryBytes
            let raw = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let cleared = raw & ~(UInt64(JSONTape.linkOverflow) << JSONTape.linkShift)
            base.storeBytes(of: cleared | (UInt64(link) << JSONTape.linkShift), toByteOffset: offset, as: UInt64.self)
        }
    }

    static let entryBytes = 6
    static let entryMask: UInt64 = (1 << 48) - 1
    static let offsetBits: UInt64 = 32
    static let kindShift: UInt64 = 32
    static let hasKeyBit: UInt64 = 1 << 36
    static let keyEscapedBit: UInt64 = 1 << 37
    static let valueEscapedBit: UInt64 = 1 << 38
    static let linkShift: UInt64 = 39
    static let linkOverflow: Int = (1 << 9) - 1

    /// The entries (``JSONIndexBuilder`` writes them directly and then sets ``count``).
    private(set) var entries: Entries
    /// How many entries are written.
    var count = 0
    /// How many entries fit in the block.
    private(set) var capacity: Int
    /// Links that do not fit in 9 bits, by entry.
    var farLinks: [Int: Int] = [:]

    /// Reserves room for about `expected` entries (address space only: pages are touched as
    /// entries are written).
    init(expected: Int) {
        capacity = max(16, expected)
        guard let block = malloc(JSONTape.blockBytes(capacity)) else { fatalError("out of memory for a JSON index") }
        entries = Entries(base: block)
    }

    deinit {
        free(entries.base)
    }

    /// The bytes of a block for `capacity` entries, with the spare bytes after the last one.
    private static func blockBytes(_ capacity: Int) -> Int { capacity * entryBytes + 2 }

    /// The bytes the entries take.
    var byteCount: Int { JSONTape.blockBytes(count) }

    func append(_ word: UInt64) {
        if count == capacity { grow() }
        entries.write(word, at: count)
        count += 1
    }

    /// Doubles the room for entries (the block may move).
    func grow() {
        capacity *= 2
        guard let moved = realloc(entries.base, JSONTape.blockBytes(capacity)) else {
            fatalError("out of memory for a JSON index")
        }
        entries = Entries(base: moved)
    }

    /// Gives back the unused tail once the document is complete.
    func shrinkToFit() {
        guard capacity > count + 16, let moved = realloc(entries.base, JSONTape.blockBytes(max(1, count))) else {
            return
        }
        entries = Entries(base: moved)
        capacity = max(1, count)
    }

    /// Sets the link of `entry` to `distance`, spilling into `farLinks` when it does not fit.
    func setLink(_ entry: Int, distance: Int) {
        let stored = distance < JSONTape.linkOverflow ? distance : JSONTape.linkOverflow
        if stored == JSONTape.linkOverflow { farLinks[entry] = distance }
        entries.setLink(stored, at: entry)
    }

    @inline(__always)
    subscript(entry: Int) -> UInt64 {
        precondition(entry >= 0 && entry < count, "entry \(entry) is outside the document (0..<\(count))")
        return entries[entry]
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
