import Foundation

/// Writes an ECMA-262 regular expression (the dialect JSON Schema's `pattern` uses, read with
/// the `u` flag) in the syntax of Swift's `Regex`, where the two differ:
///
/// - `.` matches any character but the line terminators (`\n`, `\r`, U+2028, U+2029);
/// - `$` matches only at the very end (never before a final newline);
/// - `\uXXXX` (with surrogate pairs joined), `\u{…}`, `\xHH`, `\cX` and `\0` become `\u{…}`;
/// - a `[` inside a class, and `&`, `~` and `-` where Swift reads set operators, are literal;
/// - `[]` matches nothing and `[^]` anything; a `{` that starts no quantifier is literal;
/// - `\s` and `\S` list ECMA's white space and line terminators (U+FEFF among them);
/// - `\d`, `\w` and `\b` stay as they are: the expression is compiled with ASCII-only digits
///   and word characters (see ``SchemaPattern``); `\p{…}` keeps its meaning.
///
/// Lookbehind is left as written, and Swift refuses it, as it does anything else it does not
/// support: such a pattern is reported as unusable.
enum ECMARegexTranslator {
    /// ECMA-262's `\s`: its white space and line terminators, as a class.
    static let whitespace =
        #"[\t\n\u{B}\f\r \u{A0}\u{1680}\u{2000}\u{2001}\u{2002}\u{2003}\u{2004}\u{2005}\u{2006}\u{2007}\u{2008}\u{2009}\u{200A}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}\u{FEFF}]"#

    /// The pattern in Swift `Regex` syntax.
    static func translate(_ pattern: String) -> String {
        var reader = Reader(scalars: Array(pattern.unicodeScalars))
        return reader.translate()
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        var output = ""

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func translate() -> String {
            while let scalar = peek {
                index += 1
                switch scalar {
                case "\\":
                    escape(inClass: false)
                case "[":
                    characterClass()
                case ".":
                    output += #"[^\n\r\u{2028}\u{2029}]"#
                case "$":
                    output += #"\z"#
                case "{":
                    if isQuantifier() {
                        output += "{"
                        while let next = peek {
                            index += 1
                            output.unicodeScalars.append(next)
                            if next == "}" { break }
                        }
                    } else {
                        output += #"\{"#
                    }
                case "}", "]":
                    output += "\\" + String(scalar)
                default:
                    literal(scalar)
                }
            }
            return output
        }

        /// True when the `{` just read starts `{n}`, `{n,}` or `{n,m}`.
        func isQuantifier() -> Bool {
            var cursor = index
            var digits = 0
            while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
                cursor += 1
                digits += 1
            }
            guard digits > 0, cursor < scalars.count else { return false }
            if scalars[cursor] == "}" { return true }
            guard scalars[cursor] == "," else { return false }
            cursor += 1
            while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) { cursor += 1 }
            return cursor < scalars.count && scalars[cursor] == "}"
        }

        /// Writes a character as itself, or as `\u{…}` when Swift might read it otherwise.
        mutating func literal(_ scalar: Unicode.Scalar, inClass: Bool = false) {
            if scalar.value < 0x20 || scalar.value == 0x7F || (scalar.properties.isWhitespace && scalar != " ") {
                output += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else if inClass && "[]&~-^\\".unicodeScalars.contains(scalar) {
                output += "\\" + String(scalar)
            } else {
                output.unicodeScalars.append(scalar)
            }
        }

        /// Reads what follows a backslash.
        mutating func escape(inClass: Bool) {
            guard let scalar = peek else {
                output += #"\\"#
                return
            }
            index += 1
            switch scalar {
            case "d", "D", "w", "W":
                output += "\\" + String(scalar)
            case "s":
                output += ECMARegexTranslator.whitespace
            case "S":
                output += "[^" + ECMARegexTranslator.whitespace.dropFirst()
            case "b":
                output += inClass ? #"\u{8}"# : #"\b"#
            case "B":
                output += inClass ? "B" : #"\B"#
            case "p", "P":
                output += "\\" + String(scalar)
                if peek == "{" {
                    while let next = peek {
                        index += 1
                        output.unicodeScalars.append(next)
                        if next == "}" { break }
                    }
                }
            case "u":
                unicodeEscape(inClass: inClass)
            case "x":
                if let value = hex(count: 2) {
                    literal(Unicode.Scalar(value)!, inClass: inClass)
                } else {
                    output += "x"
                }
            case "c":
                if let letter = peek, letter.properties.isAlphabetic, letter.isASCII {
                    index += 1
                    literal(Unicode.Scalar(letter.value % 32)!, inClass: inClass)
                } else {
                    output += #"\\c"#
                }
            case "0":
                if let next = peek, ("0"..."9").contains(next) {
                    output += #"\0"#
                } else {
                    output += #"\u{0}"#
                }
            case "t": output += #"\t"#
            case "n": output += #"\n"#
            case "r": output += #"\r"#
            case "f": output += #"\f"#
            case "v": output += #"\u{b}"#
            case "1"..."9":
                if inClass {
                    output += "\\" + String(scalar)
                } else {
                    output += "\\" + String(scalar)
                    while let next = peek, ("0"..."9").contains(next) {
                        index += 1
                        output.unicodeScalars.append(next)
                    }
                }
            case "k":
                output += #"\k"#
            default:
                if scalar.isASCII && scalar != " " {
                    output += "\\" + String(scalar)
                } else {
                    literal(scalar, inClass: inClass)
                }
            }
        }

        /// `\uXXXX` (joining a surrogate pair) or `\u{…}`.
        mutating func unicodeEscape(inClass: Bool) {
            if peek == "{" {
                let start = index
                index += 1
                var value: UInt32 = 0
                var digits = 0
                while let next = peek, let digit = hexValue(next) {
                    value = value &* 16 &+ digit
                    digits += 1
                    index += 1
                }
                if peek == "}", digits > 0, let scalar = Unicode.Scalar(value) {
                    index += 1
                    literal(scalar, inClass: inClass)
                } else {
                    index = start
                    output += "u"
                }
                return
            }
            guard let high = hex(count: 4) else {
                output += "u"
                return
            }
            if (0xD800..<0xDC00).contains(high), index + 6 <= scalars.count, scalars[index] == "\\",
                scalars[index + 1] == "u"
            {
                let save = index
                index += 2
                if let low = hex(count: 4), (0xDC00..<0xE000).contains(low) {
                    literal(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!, inClass: inClass)
                    return
                }
                index = save
            }
            literal(Unicode.Scalar(high) ?? "\u{FFFD}", inClass: inClass)
        }

        /// `count` hex digits, consumed, or nil (consuming nothing).
        mutating func hex(count: Int) -> UInt32? {
            guard index + count <= scalars.count else { return nil }
            var value: UInt32 = 0
            for offset in 0..<count {
                guard let digit = hexValue(scalars[index + offset]) else { return nil }
                value = value * 16 + digit
            }
            index += count
            return value
        }

        func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
            switch scalar {
            case "0"..."9": return scalar.value - 48
            case "a"..."f": return scalar.value - 87
            case "A"..."F": return scalar.value - 55
            default: return nil
            }
        }

        /// A class `[...]`, its opening bracket already read.
        mutating func characterClass() {
            var negated = false
            if peek == "^" {
                negated = true
                index += 1
            }
            if peek == "]" {
                index += 1
                output += negated ? #"[\s\S]"# : "(?!)"
                return
            }
            output += negated ? "[^" : "["
            while let scalar = peek, scalar != "]" {
                index += 1
                switch scalar {
                case "\\":
                    escape(inClass: true)
                case "-":
                    let literalDash =
                        output.hasSuffix("[") || output.hasSuffix("[^") || output.hasSuffix("-") || peek == "]"
                        || peek == "-" || peek == nil
                    output += literalDash ? #"\-"# : "-"
                default:
                    literal(scalar, inClass: true)
                }
            }
            if peek == "]" { index += 1 }
            output += "]"
        }
    }
}
