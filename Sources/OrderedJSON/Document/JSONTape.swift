import Foundation

/// The entries of a document, about four and a quarter bytes each, in one contiguous block that
/// grows in place.
///
/// Entries are stored in groups of 16. A group starts with the byte offset of its first entry
/// (32 bits), followed by its entries, 32 bits each. An entry packs, from the lowest bit up: its
/// byte offset as a distance from its group's first entry (16 bits), its ``JSONEntryKind``
/// (4 bits), three flags (the entry has a key; the key has escapes; the string value has escapes)
/// and a 9-bit link. For an opening bracket the link is the distance to its closing bracket; for
/// a closing bracket, the distance back to the opening one. A distance too large for 9 bits (a
/// container of more than 510 entries) is stored as `linkOverflow` and kept in `farLinks`; an
/// offset more than 65,534 bytes past its group's first entry (after a long string) is stored as
/// `offsetOverflow` and kept in the shared ``FarOffsets``.
///
/// Readers see an entry as one 48-bit word (``Entries``): the absolute offset in the low 32 bits
/// and the kind, flags and link above it, so how entries are packed stays inside this type.
///
/// For an object member, the offset is the one of its key's opening quote; the value follows the
/// key after the colon. Offsets never decrease from one entry to the next. The block is written
/// once while a document is built and only read afterwards, which is what makes sharing it
/// between threads safe.
final class JSONTape: @unchecked Sendable {
    /// Offsets too far from their group's first entry to be stored in the entry, by entry.
    final class FarOffsets: @unchecked Sendable {
        /// The offsets, by entry (written while the document is built, only read afterwards).
        var offsets: [Int: Int] = [:]
    }

    /// The entries of a block, read and written by index.
    struct Entries {
        /// The block.
        let base: UnsafeMutableRawPointer
        /// The offsets kept aside.
        let far: FarOffsets

        /// The byte position of the group holding `entry` (its first-entry offset).
        @inline(__always)
        private static func groupPosition(_ entry: Int) -> Int {
            (entry &>> JSONTape.groupShift) &* JSONTape.groupBytes
        }

        /// The byte position of the entry's 32 bits.
        @inline(__always)
        private static func entryPosition(_ entry: Int) -> Int {
            groupPosition(entry) &+ 4 &+ (entry & JSONTape.groupMask) &* 4
        }

        /// The entry's word: its absolute offset in the low 32 bits, kind, flags and link above.
        @inline(__always)
        subscript(entry: Int) -> UInt64 {
            let packed = base.load(fromByteOffset: Entries.entryPosition(entry), as: UInt32.self)
            let distance = packed & JSONTape.distanceMask
            let offset: UInt64
            if distance == JSONTape.offsetOverflow {
                offset = UInt64(truncatingIfNeeded: far.offsets[entry] ?? 0)
            } else {
                let first = base.load(fromByteOffset: Entries.groupPosition(entry), as: UInt32.self)
                offset = UInt64(first &+ distance)
            }
            return offset | (UInt64(packed &>> 16) &<< JSONTape.kindShift)
        }

        /// Writes the entry after the last one from its word (offset, kind and flags; no link).
        /// Offsets must not decrease from one entry to the next.
        @inline(__always)
        func write(_ word: UInt64, at entry: Int) {
            let offset = UInt32(truncatingIfNeeded: word)
            let upper = UInt32(truncatingIfNeeded: word &>> JSONTape.kindShift) &<< 16
            let groupPosition = Entries.groupPosition(entry)
            let distance: UInt32
            if entry & JSONTape.groupMask == 0 {
                base.storeBytes(of: offset, toByteOffset: groupPosition, as: UInt32.self)
                distance = 0
            } else {
                let apart = offset &- base.load(fromByteOffset: groupPosition, as: UInt32.self)
                if apart < JSONTape.offsetOverflow {
                    distance = apart
                } else {
                    far.offsets[entry] = Int(offset)
                    distance = JSONTape.offsetOverflow
                }
            }
            base.storeBytes(of: upper | distance, toByteOffset: Entries.entryPosition(entry), as: UInt32.self)
        }

        /// Sets the link bits of a written entry.
        @inline(__always)
        func setLink(_ link: Int, at entry: Int) {
            let position = Entries.entryPosition(entry)
            let packed = base.load(fromByteOffset: position, as: UInt32.self)
            let cleared = packed & ~(UInt32(JSONTape.linkOverflow) &<< JSONTape.packedLinkShift)
            base.storeBytes(
                of: cleared | (UInt32(truncatingIfNeeded: link) &<< JSONTape.packedLinkShift), toByteOffset: position,
                as: UInt32.self)
        }
    }

    /// Entries in a group: a power of two.
    static let groupShift = 4
    static let groupMask = (1 << groupShift) - 1
    /// The bytes of a group: its first entry's offset, then its entries.
    static let groupBytes = 4 + (1 << groupShift) * 4
    /// The bits of an entry that hold its distance from the group's first entry.
    static let distanceMask: UInt32 = 0xFFFF
    /// The distance that means the offset is kept in ``FarOffsets``.
    static let offsetOverflow: UInt32 = 0xFFFF
    /// Where the link starts in an entry's 32 bits.
    static let packedLinkShift: UInt32 = 23

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
    /// How many entries fit in the block (a whole number of groups).
    private(set) var capacity: Int
    /// Links that do not fit in 9 bits, by entry.
    var farLinks: [Int: Int] = [:]

    /// Reserves room for about `expected` entries (address space only: pages are touched as
    /// entries are written).
    init(expected: Int) {
        capacity = JSONTape.wholeGroups(max(16, expected))
        guard let block = malloc(JSONTape.blockBytes(capacity)) else { fatalError("out of memory for a JSON index") }
        entries = Entries(base: block, far: FarOffsets())
    }

    deinit {
        free(entries.base)
    }

    /// `entries` rounded up to whole groups.
    private static func wholeGroups(_ entries: Int) -> Int {
        (entries + groupMask) & ~groupMask
    }

    /// The bytes of a block for `capacity` entries.
    private static func blockBytes(_ capacity: Int) -> Int { (wholeGroups(capacity) >> groupShift) * groupBytes }

    /// The bytes the entries take, with the offsets kept aside.
    var byteCount: Int { JSONTape.blockBytes(count) + entries.far.offsets.count * 16 }

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
        entries = Entries(base: moved, far: entries.far)
    }

    /// Gives back the unused tail once the document is complete.
    func shrinkToFit() {
        let needed = JSONTape.wholeGroups(max(1, count))
        guard capacity > needed + 16, let moved = realloc(entries.base, JSONTape.blockBytes(needed)) else {
            return
        }
        entries = Entries(base: moved, far: entries.far)
        capacity = needed
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
