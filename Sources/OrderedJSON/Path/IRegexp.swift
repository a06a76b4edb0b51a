/// I-Regexp (RFC 9485), the regular expressions of JSONPath's `match` and `search`: checked
/// against its grammar and written in the syntax of Swift's `Regex`.
///
/// Every literal character is written as `\u{…}`, `.` as `[^\n\r]` (any character but line feed
/// and carriage return), `(…)` as a non-capturing group, and `\p{…}`/`\P{…}` as themselves. The
/// expression must be compiled with `.matchingSemantics(.unicodeScalar)` so that it works on
/// code points, as I-Regexp does, rather than on grapheme clusters. RFC 9485's grammar counts
/// `^` and `$` as ordinary characters; the JSONPath compliance suite expects them to anchor, so
/// they are written as `\A` and `\z` (start and end of the string).
///
/// Counted repetitions above ``maximumRepetition`` and groups nested deeper than
/// ``maximumNesting`` are refused as if the expression were invalid: limits of this
/// implementation, so that compiling stays small.
///
/// Swift's `Regex` matches by backtracking: a pattern with nested repetition such as `(a*)*b`
/// can take time exponential in the length of the string it is tried on, and one match cannot
/// be interrupted.
enum IRegexp {
    static let maximumRepetition = 1000
    static let maximumNesting = 64

    /// The expression in Swift `Regex` syntax, or nil when `pattern` is not an I-Regexp.
    static func translate(_ pattern: String) -> String? {
        var reader = Reader(scalars: Array(pattern.unicodeScalars))
        guard let translated = reader.regexp(depth: 0), reader.index == reader.scalars.count else { return nil }
        return translated
    }

    /// A recursive-descent reader of RFC 9485 §3's grammar that writes as it reads.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        /// i-regexp = branch *( "|" branch )
        mutating func regexp(depth: Int) -> String? {
            guard depth <= IRegexp.maximumNesting else { return nil }
            var output = ""
            while true {
                guard let branch = branch(depth: depth) else { return nil }
                output += branch
                guard peek == "|" else { return output }
                index += 1
                output += "|"
            }
        }

        /// branch = *piece; piece = atom [ quantifier ]
        mutating func branch(depth: Int) -> String? {
            var output = ""
            while let scalar = peek, scalar != "|", scalar != ")" {
                guard let atom = atom(depth: depth) else { return nil }
                output += atom
                guard let quantifier = quantifier() else { return nil }
                output += quantifier
            }
            return output
        }

        /// quantifier = ( "*" / "+" / "?" ) / "{" QuantExact [ "," [ QuantExact ] ] "}"
        mutating func quantifier() -> String? {
            switch peek {
            case "*", "+", "?":
                index += 1
                return String(scalars[index - 1])
            case "{":
                index += 1
                guard let low = integer() else { return nil }
                var high: Int? = low
                if peek == "," {
                    index += 1
                    high = peek == "}" ? nil : integer()
                    if high == nil && peek != "}" { return nil }
                }
                guard peek == "}" else { return nil }
                index += 1
                if let high, high < low { return nil }
                if let high { return high == low ? "{\(low)}" : "{\(low),\(high)}" }
                return "{\(low),}"
            default:
                return ""
            }
        }

        /// QuantExact = 1*%x30-39, at most ``IRegexp/maximumRepetition``.
        mutating func integer() -> Int? {
            var value = 0
            let start = index
            while let scalar = peek, ("0"..."9").contains(scalar) {
                value = min(value * 10 + Int(scalar.value - 0x30), IRegexp.maximumRepetition + 1)
                index += 1
            }
            return index > start && value <= IRegexp.maximumRepetition ? value : nil
        }

        /// atom = NormalChar / charClass / ( "(" i-regexp ")" )
        mutating func atom(depth: Int) -> String? {
            guard let scalar = peek else { return nil }
            index += 1
            switch scalar {
            case "(":
                guard let inner = regexp(depth: depth + 1), peek == ")" else { return nil }
                index += 1
                return "(?:" + inner + ")"
            case ".":
                return "[^\\n\\r]"
            case "[":
                return characterClass()
            case "\\":
                if let escape = classEscape() { return escape }
                return singleCharacterEscape().map(Self.literal)
            case "^":
                return "\\A"
            case "$":
                return "\\z"
            case ")", "*", "+", "?", "]", "{", "|", "}":
                return nil
            default:
                return Self.literal(scalar)
            }
        }

        /// After a backslash: SingleCharEsc, as the character it stands for.
        mutating func singleCharacterEscape() -> Unicode.Scalar? {
            guard let scalar = peek else { return nil }
            switch scalar {
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}":
                index += 1
                return scalar
            case "n":
                index += 1
                return "\n"
            case "r":
                index += 1
                return "\r"
            case "t":
                index += 1
                return "\t"
            default:
                return nil
            }
        }

        /// After a backslash: `p{…}` or `P{…}` with a general category, else nil (nothing read).
        mutating func classEscape() -> String? {
            guard let letter = peek, letter == "p" || letter == "P", index + 1 < scalars.count,
                scalars[index + 1] == "{"
            else { return nil }
            var end = index + 2
            var name = ""
            while end < scalars.count, scalars[end] != "}", name.unicodeScalars.count < 3 {
                name.unicodeScalars.append(scalars[end])
                end += 1
            }
            guard end < scalars.count, scalars[end] == "}", Self.categories.contains(name) else { return nil }
            index = end + 1
            return "\\\(letter){\(name)}"
        }

        /// charClassExpr = "[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]" (the "[" already read)
        mutating func characterClass() -> String? {
            var output = "["
            if peek == "^" {
                index += 1
                output += "^"
            }
            var first = true
            while true {
                guard let scalar = peek else { return nil }
                if scalar == "]" && !first { break }
                if scalar == "-" {
                    // Only first, or last before "]".
                    let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                    guard first || next == "]" else { return nil }
                    index += 1
                    output += Self.literal("-")
                    first = false
                    continue
                }
                first = false
                if scalar == "\\" {
                    index += 1
                    if let escape = classEscape() {
                        output += escape
                        continue
                    }
                    guard let low = singleCharacterEscape() else { return nil }
                    guard let range = rangeEnd(from: low) else { return nil }
                    output += range
                    continue
                }
                guard scalar != "[", scalar != "]" else { return nil }
                index += 1
                guard let range = rangeEnd(from: scalar) else { return nil }
                output += range
            }
            index += 1
            return output + "]"
        }

        /// CCE1 = CCchar [ "-" CCchar ]: after `low`, an optional "-" and the range's end.
        mutating func rangeEnd(from low: Unicode.Scalar) -> String? {
            guard peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" else { return Self.literal(low) }
            index += 1
            guard let scalar = peek else { return nil }
            let high: Unicode.Scalar
            if scalar == "\\" {
                index += 1
                guard let escaped = singleCharacterEscape() else { return nil }
                high = escaped
            } else {
                guard scalar != "[", scalar != "-" else { return nil }
                index += 1
                high = scalar
            }
            guard low.value <= high.value else { return nil }
            return Self.literal(low) + "-" + Self.literal(high)
        }

        static func literal(_ scalar: Unicode.Scalar) -> String {
            "\\u{" + String(scalar.value, radix: 16) + "}"
        }

        /// IsCategory of RFC 9485: a general category or its first letter.
        static let categories: Set<String> = [
            "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No",
            "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "Z", "Zl", "Zp", "Zs",
            "S", "Sc", "Sk", "Sm", "So", "C", "Cc", "Cf", "Cn", "Co",
        ]
    }
}
