import Foundation

/// A set of small numbers (property name numbers of one schema) that needs no allocation for
/// the first 64.
struct SchemaNameSet {
    private var first: UInt64 = 0
    private var rest: [UInt64] = []

    /// Adds `number`.
    mutating func insert(_ number: Int) {
        if number < 64 {
            first |= 1 << UInt64(number)
            return
        }
        let word = number / 64 - 1
        if rest.count <= word { rest += [UInt64](repeating: 0, count: word + 1 - rest.count) }
        rest[word] |= 1 << UInt64(number % 64)
    }

    /// True when `number` was added.
    func contains(_ number: Int) -> Bool {
        if number < 64 { return first & (1 << UInt64(number)) != 0 }
        let word = number / 64 - 1
        return word < rest.count && rest[word] & (1 << UInt64(number % 64)) != 0
    }
}
