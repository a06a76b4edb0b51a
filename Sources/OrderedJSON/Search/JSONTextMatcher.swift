/// Tests whether text contains a query, ignoring the case of ASCII letters; other characters
/// must match exactly. Works on UTF-8 bytes, so it needs no decoding and allocates nothing.
///
/// ```swift
/// let matcher = JSONTextMatcher("Needle")!
/// matcher.matches(Array("a needle here".utf8))   // true
/// ```
public struct JSONTextMatcher: Sendable {
    /// The query as given.
    public let query: String
    private let needle: [UInt8]

    /// A matcher for `query`, or nil for an empty query.
    public init?(_ query: String) {
        guard !query.isEmpty else { return nil }
        self.query = query
        needle = query.utf8.map(JSONTextMatcher.fold)
    }

    /// True if `bytes` contain the query.
    public func matches(_ bytes: some Collection<UInt8>) -> Bool {
        if let found = bytes.withContiguousStorageIfAvailable({ matches(UnsafeRawBufferPointer($0)) }) {
            return found
        }
        return Array(bytes).withUnsafeBytes { matches($0) }
    }

    /// True if `bytes` contain the query.
    public func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let length = needle.count
        guard bytes.count >= length else { return false }
        let first = needle[0]
        return needle.withUnsafeBufferPointer { pattern in
            var index = 0
            let last = bytes.count - length
            while index <= last {
                if JSONTextMatcher.fold(bytes[index]) == first {
                    var k = 1
                    while k < length, JSONTextMatcher.fold(bytes[index + k]) == pattern[k] { k += 1 }
                    if k == length { return true }
                }
                index += 1
            }
            return false
        }
    }

    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 { byte &- 65 < 26 ? byte | 0x20 : byte }
}
