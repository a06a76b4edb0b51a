import Foundation

/// A fixed set of property names, each with a number, looked up by the UTF-8 bytes of a key as
/// sent so that the members of a large instance are matched without decoding their keys.
struct SchemaKeyTable: Sendable {
    /// The names, by number.
    let names: [String]
    private let bytes: [[UInt8]]
    /// Open-addressing slots holding name number + 1 (0 = empty); empty for small tables, which
    /// are searched in order.
    private let slots: [Int32]

    /// Tables this small are searched one name after another.
    private static let linearLimit = 8

    /// A table of `names` (repeated names keep their first number).
    init(_ names: [String]) {
        self.names = names
        bytes = names.map { Array($0.utf8) }
        guard names.count > Self.linearLimit else {
            slots = []
            return
        }
        var size = 16
        while size < names.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        for (number, name) in bytes.enumerated() {
            var slot = name.withUnsafeBytes { Self.hash($0) } & (size - 1)
            while slots[slot] != 0 {
                if bytes[Int(slots[slot]) - 1] == name { break }
                slot = (slot + 1) & (size - 1)
            }
            if slots[slot] == 0 { slots[slot] = Int32(number + 1) }
        }
        self.slots = slots
    }

    /// True when the table has no names.
    var isEmpty: Bool { names.isEmpty }

    /// The number of the name whose UTF-8 is `key`, or nil.
    func number(of key: UnsafeRawBufferPointer) -> Int? {
        if slots.isEmpty {
            for (number, name) in bytes.enumerated() where name.count == key.count {
                if name.withUnsafeBytes({ Self.equal($0, key) }) { return number }
            }
            return nil
        }
        var slot = Self.hash(key) & (slots.count - 1)
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if bytes[number].count == key.count, bytes[number].withUnsafeBytes({ Self.equal($0, key) }) {
                return number
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// The number of `name`, or nil.
    func number(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { number(of: UnsafeRawBufferPointer($0)) }
    }

    private static func equal(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard lhs.count > 0 else { return true }
        return memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: value >> 1)
    }
}
