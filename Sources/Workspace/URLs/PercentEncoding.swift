import Foundation
import Safety

/// Percent-encoding as the browser does it: once, never twice, and decoded for reading only
/// where that cannot mislead.
///
/// ```swift
/// PercentEncoding.encodeOnce("/a b/%20", allowing: PercentEncoding.isURLTailByte)  // "/a%20b/%20"
/// PercentEncoding.readable("/caf%C3%A9?q=a%20b")                                  // "/café?q=a%20b"
/// ```
public enum PercentEncoding {
    /// Encodes every byte of the text's UTF-8 that `allowing` refuses as `%XX` (upper-case hex).
    /// A `%` followed by two hex digits is an escape already and stays as typed (so `%20` stays
    /// `%20`, never `%2520`); any other `%` becomes `%25`.
    public static func encodeOnce<S: StringProtocol>(_ text: S, allowing: (UInt8) -> Bool) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]),
                isHexDigit(bytes[index + 2])
            {
                result += bytes[index...(index + 2)]
                index += 3
                continue
            }
            if byte != UInt8(ascii: "%"), allowing(byte) {
                result.append(byte)
            } else {
                result += escape(byte)
            }
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Encodes every byte that is not unreserved (`A-Z a-z 0-9 - . _ ~`), `%` included: the text
    /// arrives exactly as given once decoded. Used for literal form keys and values.
    public static func encodeAll<S: StringProtocol>(_ text: S) -> String {
        var result: [UInt8] = []
        for byte in text.utf8 {
            if isUnreserved(byte) { result.append(byte) } else { result += escape(byte) }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// True for the bytes a URL's path, query or user part may hold as they are: unreserved
    /// characters, sub-delimiters (`!$&'()*+,;=`), `:`, `@`, `/` and `?`.
    public static func isURLTailByte(_ byte: UInt8) -> Bool {
        if isUnreserved(byte) { return true }
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    /// True for `A-Z a-z 0-9 - . _ ~`.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// The URL as a person reads it: escapes that spell a non-ASCII character in UTF-8
    /// (`%C3%A9`) are shown as the character (`é`). Everything else stays as sent: ASCII escapes
    /// (`%20`, `%2F`, `%25`, `%3F`) would change what the text appears to say, and characters that
    /// are unsafe for a terminal (``UnsafeText``), whitespace or invisible stay escaped too, so
    /// nothing can hide in the shown form. Invalid UTF-8 stays escaped.
    ///
    /// For display only: requests always go out with the encoded URL.
    public static func readable(_ url: String) -> String {
        guard url.contains("%") else { return url }
        let bytes = Array(url.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        var afterDecoded = false
        while index < bytes.count {
            if let (scalar, length) = decodedScalar(bytes, at: index), isReadable(scalar, afterDecoded: afterDecoded) {
                result += Array(String(Character(scalar)).utf8)
                index += length
                afterDecoded = true
            } else {
                result.append(bytes[index])
                index += 1
                afterDecoded = false
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The non-ASCII scalar that the escapes starting at `index` spell, and how many bytes of
    /// `bytes` they take.
    private static func decodedScalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        guard let lead = escapedByte(bytes, at: index), lead >= 0xC2, lead <= 0xF4 else { return nil }
        let count = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var units = [lead]
        for position in 1..<count {
            guard let next = escapedByte(bytes, at: index + 3 * position), next & 0xC0 == 0x80 else { return nil }
            units.append(next)
        }
        var decoder = UTF8()
        var iterator = units.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), iterator.next() == nil else { return nil }
        return (scalar, 3 * count)
    }

    private static func escapedByte(_ bytes: [UInt8], at index: Int) -> UInt8? {
        guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: "%"),
            let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
        else { return nil }
        return high << 4 | low
    }

    /// Whether a decoded scalar may be shown as itself: visible, and a combining mark only right
    /// after another decoded character (never on a `/` or `=` it could disguise).
    private static func isReadable(_ scalar: Unicode.Scalar, afterDecoded: Bool) -> Bool {
        let properties = scalar.properties
        if UnsafeText.isUnsafe(scalar) || properties.isWhitespace || properties.isDefaultIgnorableCodePoint {
            return false
        }
        switch properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator,
            .spaceSeparator:
            return false
        case .nonspacingMark, .enclosingMark, .spacingMark:
            return afterDecoded
        default:
            return true
        }
    }

    /// A name or value of `application/x-www-form-urlencoded` text (a query, a form body) as
    /// the WHATWG URL standard reads it: `+` is a space and `%XX` that byte; the bytes are read
    /// as UTF-8, an invalid sequence as U+FFFD. A `%` not followed by two hex digits stays.
    public static func decodeFormComponent<S: StringProtocol>(_ component: S) -> String {
        let utf8 = Array(component.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if let decoded = escapedByte(utf8, at: index) {
                bytes.append(decoded)
                index += 3
                continue
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func escape(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool { hexValue(byte) != nil }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
