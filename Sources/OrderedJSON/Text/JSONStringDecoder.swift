import Foundation

/// Decodes the text of a JSON string literal: escapes, `\uD83D\uDE00` pairs, lone surrogates
/// (as U+FFFD) and invalid UTF-8 (as U+FFFD). JSONPath string literals, which may also be
/// single-quoted (with `\'` as an escape), are decoded here too.
enum JSONStringDecoder {
    /// The result of decoding a string, or the first part of a long one.
    struct Decoded {
        /// The decoded text (invalid input already replaced by U+FFFD).
        var text: String
        /// True when the whole string was decoded, false when `maximumScalars` stopped it.
        var isComplete: Bool
    }

    /// Decodes the literal whose opening quote is at `bytes[start]`, stopping after about
    /// `maximumScalars` scalars. The literal must be well formed (the builder checked it).
    /// `quote` is the byte that closes it: `"` in JSON, `'` too in JSONPath.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, openingQuoteAt start: Int, maximumScalars: Int = .max,
        quote: UInt8 = Byte.quote
    ) -> Decoded {
        var output: [UInt8] = []
        var scalars = 0
        var i = start + 1
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte == quote { break }
            if scalars >= maximumScalars {
                return Decoded(text: String(decoding: output, as: UTF8.self), isComplete: false)
            }
            if byte != Byte.backslash {
                // Copy a run of plain bytes at once.
                var end = i + 1
                if byte & 0xC0 != 0x80 { scalars += 1 }
                while end < count, bytes[end] != quote, bytes[end] != Byte.backslash, scalars < maximumScalars {
                    if bytes[end] & 0xC0 != 0x80 { scalars += 1 }
                    end += 1
                }
                // Keep a multi-byte character whole when the limit falls inside it.
                while end < count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[i..<end]))
                i = end
                continue
            }
            guard i + 1 < count else { break }
            let escape = bytes[i + 1]
            i += 2
            scalars += 1
            switch escape {
            case Byte.b: output.append(0x08)
            case Byte.f: output.append(0x0C)
            case Byte.n: output.append(0x0A)
            case Byte.r: output.append(0x0D)
            case Byte.t: output.append(0x09)
            case Byte.u:
                guard let unit = hex4(bytes, at: i) else { break }
                i += 4
                var scalar = UnicodeScalar(unit)
                if (0xD800..<0xDC00).contains(unit), i + 5 < count, bytes[i] == Byte.backslash,
                    bytes[i + 1] == Byte.u, let low = hex4(bytes, at: i + 2), (0xDC00..<0xE000).contains(low)
                {
                    scalar = UnicodeScalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                    i += 6
                }
                append(scalar ?? "\u{FFFD}", to: &output)
            default: output.append(escape)
            }
        }
        return Decoded(text: String(decoding: output, as: UTF8.self), isComplete: true)
    }

    /// The index just past the closing quote of the literal whose opening quote is at `start`.
    /// A quote ends the literal when an even number of backslashes precedes it.
    static func end(_ bytes: UnsafeRawBufferPointer, openingQuoteAt start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var from = start + 1
        while from < bytes.count {
            guard let found = memchr(base + from, Int32(Byte.quote), bytes.count - from) else { break }
            let quote = base.distance(to: UnsafeRawPointer(found))
            var slashes = 0
            while quote - slashes - 1 > start, bytes[quote - slashes - 1] == Byte.backslash { slashes += 1 }
            if slashes % 2 == 0 { return quote + 1 }
            from = quote + 1
        }
        return bytes.count
    }

    private static func hex4(_ bytes: UnsafeRawBufferPointer, at i: Int) -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for k in i..<(i + 4) {
            let byte = bytes[k]
            let digit: UInt8
            switch byte {
            case Byte.zero...Byte.nine: digit = byte - Byte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func append(_ scalar: UnicodeScalar, to output: inout [UInt8]) {
        output.append(contentsOf: UTF8.encode(scalar)!)
    }
}
