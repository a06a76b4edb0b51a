/// Text written as a JSON string literal (RFC 8259): the one place JSON strings are escaped.
///
/// `"` and `\` are escaped, line feed, carriage return, tab, backspace and form feed get their
/// short escapes, and every other control character (below U+0020, and DEL) is written as
/// `\u00XX` in lower-case hex. Everything else is written as itself, so the literal reads back
/// as exactly `text`.
///
/// ```swift
/// JSONStringEncoder.quoted("a\"b\n")   // "\"a\\\"b\\n\""
/// ```
public enum JSONStringEncoder {
    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &output)
        return output
    }

    /// Appends `text` as a JSON string literal, quotes included, to `output`.
    public static func appendQuoted(_ text: String, to output: inout String) {
        output.unicodeScalars.append("\"")
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &output) }
        output.unicodeScalars.append("\"")
    }

    /// Appends `scalar` to `output` as it stands inside a JSON string literal: escaped when
    /// JSON requires it (or for DEL), else as itself.
    public static func appendEscaped(_ scalar: Unicode.Scalar, to output: inout String) {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case "\u{8}": output += "\\b"
        case "\u{C}": output += "\\f"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            output += "\\u00"
            output.unicodeScalars.append(hexDigits[Int(scalar.value >> 4)])
            output.unicodeScalars.append(hexDigits[Int(scalar.value & 0xF)])
        default:
            output.unicodeScalars.append(scalar)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".unicodeScalars)
}
