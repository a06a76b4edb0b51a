/// I-Regexp (RFC 9485), the regular expressions of JSONPath's `match` and `search`: checked
/// against its grammar and compiled into an ``IRegexpProgram``, which ``IRegexpMatcher`` runs
/// in time linear in the length of the string (times the size of the program), whatever the
/// pattern. There is no backtracking, so a pattern with nested repetition such as `(a*)*b`
/// costs no more than any other of its size.
///
/// The expression works on Unicode scalars (code points), not grapheme clusters. `.` is any
/// scalar but line feed and carriage return; `\p{…}` and `\P{…}` take RFC 9485's general
/// categories, where a one-letter name such as `L` stands for every category starting with it.
/// RFC 9485's grammar counts `^` and `$` as ordinary characters; the JSONPath compliance suite
/// expects them to anchor, so they match only at the start and at the end of the whole string
/// (and, as anchors, take no quantifier of their own: `^*` is refused, `(^)*` is not).
///
/// Limits of this implementation, beyond which an expression is refused as if it were not an
/// I-Regexp: counted repetitions above ``maximumRepetition``, groups nested deeper than
/// ``maximumNesting``, and expressions whose program would have more than
/// ``maximumInstructions`` instructions (each counted repetition copies what it repeats, so
/// `(a{1000}){1000}` would need a million).
enum IRegexp {
    /// The largest bound of a counted repetition (`{n}`, `{n,}`, `{n,m}`).
    static let maximumRepetition = 1000
    /// The deepest nesting of groups.
    static let maximumNesting = 64
    /// The most instructions a compiled program may have.
    static let maximumInstructions = 100_000

    /// The program of an expression, or nil when `pattern` is not an I-Regexp (or is beyond
    /// the limits above).
    static func compile(_ pattern: String) -> IRegexpProgram? {
        var reader = Reader(scalars: Array(pattern.unicodeScalars))
        guard var instructions = reader.regexp(depth: 0), reader.index == reader.scalars.count,
            instructions.count < maximumInstructions
        else { return nil }
        instructions.append(.match)
        return IRegexpProgram(instructions: instructions, classes: reader.classes)
    }

    /// A recursive-descent reader of RFC 9485 §3's grammar that compiles as it reads: each rule
    /// gives the instructions of what it read, with offsets relative to themselves, so pieces
    /// are joined and copied as they are.
    private struct Reader {
        typealias Instruction = IRegexpProgram.Instruction

        let scalars: [Unicode.Scalar]
        var index = 0
        /// The character classes read so far, which `.set` instructions refer to.
        var classes: [IRegexpProgram.CharacterClass] = []
        /// The class of `.`, once one has been read.
        var dotClass: Int32?

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        /// i-regexp = branch *( "|" branch )
        mutating func regexp(depth: Int) -> [Instruction]? {
            guard depth <= IRegexp.maximumNesting else { return nil }
            var branches: [[Instruction]] = []
            var size = 0
            while true {
                guard let branch = branch(depth: depth) else { return nil }
                size += branch.count + 2
                // Each branch but the last comes with a split and a jump.
                guard size - 2 <= IRegexp.maximumInstructions else { return nil }
                branches.append(branch)
                guard peek == "|" else { break }
                index += 1
            }
            return Self.alternation(branches)
        }

        /// Either of `branches`: for each but the last, a split between it and the rest, and
        /// after it a jump to the end.
        static func alternation(_ branches: [[Instruction]]) -> [Instruction] {
            guard branches.count > 1 else { return branches[0] }
            let size = branches.reduce(0) { $0 + $1.count + 2 } - 2
            var output: [Instruction] = []
            output.reserveCapacity(size)
            for branch in branches.dropLast() {
                output.append(.split(1, Int32(branch.count + 2)))
                output += branch
                output.append(.jump(Int32(size - output.count)))
            }
            output += branches[branches.count - 1]
            return output
        }

        /// branch = *piece; piece = atom [ quantifier ]
        ///
        /// A bare `^` or `$` takes no quantifier (as in ECMAScript and PCRE, where repeating an
        /// anchor is an error); one inside a group does.
        mutating func branch(depth: Int) -> [Instruction]? {
            var output: [Instruction] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                guard let atom = atom(depth: depth) else { return nil }
                if scalar == "^" || scalar == "$", let next = peek, "*+?{".unicodeScalars.contains(next) {
                    return nil
                }
                guard let (minimum, maximum) = quantifier(),
                    let piece = Self.repeated(atom, minimum: minimum, maximum: maximum),
                    output.count + piece.count <= IRegexp.maximumInstructions
                else { return nil }
                output += piece
            }
            return output
        }

        /// quantifier = ( "*" / "+" / "?" ) / "{" QuantExact [ "," [ QuantExact ] ] "}": the
        /// least and most repetitions (nil for no most), one and one when there is none.
        mutating func quantifier() -> (minimum: Int, maximum: Int?)? {
            switch peek {
            case "*":
                index += 1
                return (0, nil)
            case "+":
                index += 1
                return (1, nil)
            case "?":
                index += 1
                return (0, 1)
            case "{":
                index += 1
                guard let low = integer() else { return nil }
                var high: Int? = low
                if peek == "," {
                    index += 1
                    if peek == "}" {
                        high = nil
                    } else {
                        guard let value = integer() else { return nil }
                        high = value
                    }
                }
                guard peek == "}" else { return nil }
                index += 1
                if let high, high < low { return nil }
                return (low, high)
            default:
                return (1, 1)
            }
        }

        /// `atom` repeated at least `minimum` and at most `maximum` times (nil: no most), or nil
        /// when that takes more than ``IRegexp/maximumInstructions`` instructions.
        ///
        /// The required repetitions are copies of `atom`; each optional one is a split that
        /// either reads one more copy or skips it; an unbounded tail is a loop: `x*` is a split
        /// between `x` and the way out, with a jump back, and `x+` is `x` followed by a split
        /// back to it.
        static func repeated(_ atom: [Instruction], minimum: Int, maximum: Int?) -> [Instruction]? {
            if minimum == 1 && maximum == 1 { return atom }
            let count = atom.count
            let size: Int
            if let maximum {
                size = minimum * count + (maximum - minimum) * (count + 1)
            } else {
                size = minimum == 0 ? count + 2 : minimum * count + 1
            }
            guard size <= IRegexp.maximumInstructions else { return nil }
            var output: [Instruction] = []
            output.reserveCapacity(size)
            for _ in 0..<minimum { output += atom }
            if let maximum {
                for _ in minimum..<maximum {
                    output.append(.split(1, Int32(count + 1)))
                    output += atom
                }
            } else if minimum == 0 {
                output.append(.split(1, Int32(count + 2)))
                output += atom
                output.append(.jump(Int32(-(count + 1))))
            } else {
                output.append(.split(Int32(-count), 1))
            }
            return output
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
        mutating func atom(depth: Int) -> [Instruction]? {
            guard let scalar = peek else { return nil }
            index += 1
            switch scalar {
            case "(":
                guard let inner = regexp(depth: depth + 1), peek == ")" else { return nil }
                index += 1
                return inner
            case ".":
                // Any scalar but line feed and carriage return.
                let lineBreaks: [ClosedRange<UInt32>] = [0x0A...0x0A, 0x0D...0x0D]
                let dot = dotClass ?? add(IRegexpProgram.CharacterClass(ranges: lineBreaks, isNegated: true))
                dotClass = dot
                return [.set(dot)]
            case "[":
                return characterClass().map { [.set(add($0))] }
            case "\\":
                if let categories = classEscape() {
                    return [.set(add(IRegexpProgram.CharacterClass(ranges: [], categories: categories)))]
                }
                return singleCharacterEscape().map { [.scalar($0)] }
            case "^":
                return [.start]
            case "$":
                return [.end]
            case ")", "*", "+", "?", "]", "{", "|", "}":
                return nil
            default:
                return [.scalar(scalar)]
            }
        }

        /// Adds a class to the program's, giving its index.
        mutating func add(_ characterClass: IRegexpProgram.CharacterClass) -> Int32 {
            classes.append(characterClass)
            return Int32(classes.count - 1)
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

        /// After a backslash: `p{…}` or `P{…}` with a general category, as the set of
        /// categories it matches (for `P`, every other one); else nil, with nothing read.
        mutating func classEscape() -> UInt32? {
            guard let letter = peek, letter == "p" || letter == "P", index + 1 < scalars.count,
                scalars[index + 1] == "{"
            else { return nil }
            var end = index + 2
            var name = ""
            while end < scalars.count, scalars[end] != "}", name.unicodeScalars.count < 3 {
                name.unicodeScalars.append(scalars[end])
                end += 1
            }
            guard end < scalars.count, scalars[end] == "}", Self.categoryNames.contains(name),
                let categories = IRegexpProgram.categories(named: name)
            else { return nil }
            index = end + 1
            return letter == "p" ? categories : IRegexpProgram.allCategories & ~categories
        }

        /// charClassExpr = "[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]" (the "[" already read)
        mutating func characterClass() -> IRegexpProgram.CharacterClass? {
            var ranges: [ClosedRange<UInt32>] = []
            var categories: UInt32 = 0
            var isNegated = false
            if peek == "^" {
                index += 1
                isNegated = true
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
                    ranges.append(0x2D...0x2D)
                    first = false
                    continue
                }
                first = false
                if scalar == "\\" {
                    index += 1
                    if let escape = classEscape() {
                        categories |= escape
                        continue
                    }
                    guard let low = singleCharacterEscape(), let range = rangeEnd(from: low) else { return nil }
                    ranges.append(range)
                    continue
                }
                guard scalar != "[", scalar != "]" else { return nil }
                index += 1
                guard let range = rangeEnd(from: scalar) else { return nil }
                ranges.append(range)
            }
            index += 1
            return IRegexpProgram.CharacterClass(ranges: ranges, categories: categories, isNegated: isNegated)
        }

        /// CCE1 = CCchar [ "-" CCchar ]: after `low`, an optional "-" and the range's end.
        mutating func rangeEnd(from low: Unicode.Scalar) -> ClosedRange<UInt32>? {
            guard peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" else {
                return low.value...low.value
            }
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
            return low.value...high.value
        }

        /// IsCategory of RFC 9485: a general category or its first letter. (Not `Cs`: a JSON
        /// string holds no surrogates.)
        static let categoryNames: Set<String> = [
            "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No",
            "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "Z", "Zl", "Zp", "Zs",
            "S", "Sc", "Sk", "Sm", "So", "C", "Cc", "Cf", "Cn", "Co",
        ]
    }
}
