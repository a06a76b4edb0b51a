import Foundation

/// A strong entity tag computed from a response body, and the `If-None-Match` test against it.
///
/// The tag is the quoted 128-bit hex digest of two FNV-1a passes with different offsets: cheap,
/// deterministic across runs, and different for any realistic change of body. It is not a
/// cryptographic hash and is not meant to resist deliberate collisions.
struct ETag: Equatable, Sendable {
    /// The header value, including the surrounding double quotes.
    let value: String

    /// Computes the tag of `bytes`.
    init(of bytes: some Sequence<UInt8>) {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        let prime: UInt64 = 0x0000_0100_0000_01b3
        for byte in bytes {
            first = (first ^ UInt64(byte)) &* prime
            second = (second ^ UInt64(byte ^ 0x5a)) &* prime
        }
        value = "\"" + Self.hex(first) + Self.hex(second) + "\""
    }

    /// Whether an `If-None-Match` header (its comma-separated values, possibly several header
    /// lines) names this tag. `*` matches any tag; weak tags (`W/"…"`) match by their opaque part,
    /// as the weak comparison that RFC 9110 prescribes for `If-None-Match`.
    func isMatched(byIfNoneMatch headerValues: [String]) -> Bool {
        for line in headerValues {
            for candidate in line.split(separator: ",") {
                var tag = candidate.trimmingCharacters(in: .whitespaces)
                if tag == "*" {
                    return true
                }
                if tag.hasPrefix("W/") {
                    tag.removeFirst(2)
                }
                if tag == value {
                    return true
                }
            }
        }
        return false
    }

    private static func hex(_ number: UInt64) -> String {
        let digits = String(number, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
