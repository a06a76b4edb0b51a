/// Quotes words for bash so that the program receives them byte for byte.
enum ShellQuoting {
    /// `text` as one bash word: as it is when it holds only characters no shell treats
    /// specially, else in single quotes (`'` written as `'\''`), or as `$'…'` with `\xHH`
    /// escapes when it holds control characters other than tab and newline, which a paste into
    /// a terminal could otherwise mangle, or a line that ends in `^`, which would read as a
    /// Windows `cmd` continuation. An empty text is `''`.
    static func quoted(_ text: String) -> String {
        if text.isEmpty { return "''" }
        if text.unicodeScalars.allSatisfy(isPlain) { return text }
        if text.unicodeScalars.contains(where: needsEscape) || hasCaretLineEnd(text) { return ansiQuoted(text) }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Whether a line of `text` other than the last ends in `^` (spaces and tabs after it
    /// aside).
    private static func hasCaretLineEnd(_ text: String) -> Bool {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).dropLast().contains { line in
            line.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.first == "^"
        }
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", ".", "/", ":", "=", "@", "%", "+", ",", "-": return true
        default: return false
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }

    private static func ansiQuoted(_ text: String) -> String {
        var result = "$'"
        let hex = Array("0123456789abcdef")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                guard needsEscape(scalar) else {
                    result.unicodeScalars.append(scalar)
                    continue
                }
                // Bytes, not `\u`, so the text does not depend on the shell's locale.
                for byte in String(scalar).utf8 {
                    result += "\\x"
                    result.append(hex[Int(byte >> 4)])
                    result.append(hex[Int(byte & 0xF)])
                }
            }
        }
        return result + "'"
    }
}
