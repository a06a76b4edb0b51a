/// Writes strings as YAML scalars that read back as exactly the same string.
///
/// Three forms are used: plain (`name: List users`) when nothing in the text could be read as
/// something else, double-quoted with escapes (`url: "{{base}}/users"`) otherwise, and for
/// multi-line text a literal block (`body: |`) whose chomping indicator keeps the trailing
/// newlines exactly (`|-` none, `|` one, `|+` more) and whose indentation indicator (`|2`) keeps
/// leading spaces. Text a block cannot hold (carriage returns, control characters, YAML's other
/// line breaks, a byte-order mark) is written double-quoted instead.
enum YAMLScalar {
    private static let nullOrBoolWords: Set<String> = [
        "null", "~", "true", "false", "yes", "no", "on", "off", "y", "n",
    ]

    /// The scalar for `text` on one line: plain when that is safe, double-quoted otherwise.
    static func inline(_ text: String) -> String {
        isSafePlain(text) ? text : doubleQuoted(text)
    }

    /// The value part for `key: ` at indentation `indent`: a literal block for multi-line text
    /// that a block can hold, else ``inline(_:)``. A block value starts with `|` and its lines
    /// follow, each indented by `indent + 2` spaces; the result never ends with a newline of its
    /// own beyond those of the text (the caller adds the line break after the value).
    static func block(_ text: String, indent: Int) -> String {
        guard text.contains("\n"), canBeBlock(text) else { return inline(text) }
        var trailingNewlines = 0
        for character in text.unicodeScalars.reversed() {
            guard character == "\n" else { break }
            trailingNewlines += 1
        }
        let chomping = trailingNewlines == 0 ? "-" : trailingNewlines == 1 ? "" : "+"
        let firstLine = text.prefix { $0 != "\n" }
        let needsIndicator = firstLine.isEmpty || firstLine.first == " " || firstLine.first == "\t"
        let header = "|" + (needsIndicator ? "2" : "") + chomping
        let padding = String(repeating: " ", count: indent + 2)
        var content = text
        if trailingNewlines > 0 { content.removeLast(1) }
        let lines = content.split(separator: "\n", omittingEmptySubsequences: false)
        return header + "\n" + lines.map { $0.isEmpty ? "" : padding + $0 }.joined(separator: "\n")
    }

    /// True when `text` can be written without quotes and reads back unchanged as a string.
    static func isSafePlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        guard first.isASCII && (first.properties.isAlphabetic || first == "/") else { return false }
        guard last != " " && last != ":" else { return false }
        guard !nullOrBoolWords.contains(text.lowercased()) else { return false }
        guard !text.contains(": ") && !text.contains(" #") else { return false }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "{", "}", "[", "]", "\"", "\\", "\t", "`": return false
            default: if needsEscape(scalar) || scalar == "\n" { return false }
            }
        }
        return true
    }

    /// `text` in double quotes, with `"`, `\`, line breaks, tabs and every character YAML does
    /// not allow raw written as escapes.
    static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            case "\u{1B}": result += "\\e"
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += scalar.value <= 0xFF ? "\\x" + pad(hex, 2) : "\\u" + pad(hex, 4)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// True when a literal block holds `text` exactly: no character needs an escape, no carriage
    /// return, and the text is more than line breaks.
    private static func canBeBlock(_ text: String) -> Bool {
        guard text.unicodeScalars.contains(where: { $0 != "\n" }) else { return false }
        return !text.unicodeScalars.contains { $0 == "\r" || ($0 != "\n" && $0 != "\t" && needsEscape($0)) }
    }

    /// Characters YAML does not allow raw in a document, or reads as a line break: C0 and C1
    /// controls (tab and line feed aside, which callers handle), DEL, NEL, the Unicode line and
    /// paragraph separators, the byte-order mark and the non-characters U+FFFE and U+FFFF.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }

    private static func pad(_ hex: String, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - hex.count)) + hex
    }
}
