/// Checks JSON text strictly and says where it is wrong, as people count: 1-based line and
/// column (in characters).
///
/// `JSONSerialization` only reports byte offsets on some platforms; this validator gives a
/// stable message of the form "Invalid JSON at line L, column C: reason". It accepts exactly
/// RFC 8259 JSON (any value at top level, no comments, no trailing commas).
public enum JSONValidator {
    /// A located JSON syntax error.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// 1-based line.
        public var line: Int
        /// 1-based column.
        public var column: Int
        /// What was expected or found.
        public var reason: String
        /// "Invalid JSON at line L, column C: reason".
        public var description: String { "Invalid JSON at line \(line), column \(column): \(reason)" }
    }

    /// Returns nil when `text` is valid JSON, the first error otherwise.
    public static func validate(_ text: String) -> Failure? {
        var parser = Parser(characters: Array(text))
        do throws(Failure) {
            parser.skipWhitespace()
            try parser.value(depth: 0)
            parser.skipWhitespace()
            if parser.index < parser.characters.count {
                throw parser.failure("unexpected \(parser.describeCurrent()) after the value")
            }
            return nil
        } catch {
            return error
        }
    }

    private struct Parser {
        let characters: [Character]
        var index = 0

        func failure(_ reason: String) -> Failure {
            var line = 1
            var column = 1
            for character in characters[..<min(index, characters.count)] {
                if character == "\n" || character == "\r\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
            return Failure(line: line, column: column, reason: reason)
        }

        func describeCurrent() -> String {
            guard index < characters.count else { return "end of input" }
            let character = characters[index]
            return "\"" + TextSanitizer.sanitize(String(character)) + "\""
        }

        mutating func skipWhitespace() {
            while index < characters.count, [" ", "\t", "\n", "\r", "\r\n"].contains(characters[index]) {
                index += 1
            }
        }

        mutating func value(depth: Int) throws(Failure) {
            guard depth < 512 else { throw failure("nested too deeply") }
            guard index < characters.count else { throw failure("expected a value but found end of input") }
            switch characters[index] {
            case "{": try object(depth: depth)
            case "[": try array(depth: depth)
            case "\"": try string()
            case "t": try literal("true")
            case "f": try literal("false")
            case "n": try literal("null")
            case "-", "0"..."9": try number()
            default: throw failure("expected a value but found \(describeCurrent())")
            }
        }

        mutating func object(depth: Int) throws(Failure) {
            index += 1
            skipWhitespace()
            if index < characters.count, characters[index] == "}" {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                guard index < characters.count, characters[index] == "\"" else {
                    throw failure("expected a string key but found \(describeCurrent())")
                }
                try string()
                skipWhitespace()
                guard index < characters.count, characters[index] == ":" else {
                    throw failure("expected \":\" but found \(describeCurrent())")
                }
                index += 1
                skipWhitespace()
                try value(depth: depth + 1)
                skipWhitespace()
                guard index < characters.count else { throw failure("expected \",\" or \"}\" but found end of input") }
                if characters[index] == "," {
                    index += 1
                    continue
                }
                if characters[index] == "}" {
                    index += 1
                    return
                }
                throw failure("expected \",\" or \"}\" but found \(describeCurrent())")
            }
        }

        mutating func array(depth: Int) throws(Failure) {
            index += 1
            skipWhitespace()
            if index < characters.count, characters[index] == "]" {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                try value(depth: depth + 1)
                skipWhitespace()
                guard index < characters.count else { throw failure("expected \",\" or \"]\" but found end of input") }
                if characters[index] == "," {
                    index += 1
                    continue
                }
                if characters[index] == "]" {
                    index += 1
                    return
                }
                throw failure("expected \",\" or \"]\" but found \(describeCurrent())")
            }
        }

        mutating func string() throws(Failure) {
            index += 1
            while index < characters.count {
                let character = characters[index]
                if character == "\"" {
                    index += 1
                    return
                }
                if character == "\\" {
                    index += 1
                    guard index < characters.count else { break }
                    let escape = characters[index]
                    if escape == "u" {
                        for _ in 0..<4 {
                            index += 1
                            guard index < characters.count, characters[index].isHexDigit else {
                                throw failure("expected 4 hex digits after \\u")
                            }
                        }
                    } else if !["\"", "\\", "/", "b", "f", "n", "r", "t"].contains(escape) {
                        throw failure("invalid escape \\\(TextSanitizer.sanitize(String(escape)))")
                    }
                    index += 1
                    continue
                }
                if character.unicodeScalars.contains(where: { $0.value < 0x20 }) {
                    throw failure("control character in string (write it as an escape such as \\n)")
                }
                index += 1
            }
            throw failure("unterminated string")
        }

        mutating func literal(_ word: String) throws(Failure) {
            for expected in word {
                guard index < characters.count, characters[index] == expected else {
                    throw failure("expected \(word) but found \(describeCurrent())")
                }
                index += 1
            }
        }

        mutating func number() throws(Failure) {
            func digits() -> Int {
                var count = 0
                while index < characters.count, characters[index].isASCII, characters[index].isNumber {
                    index += 1
                    count += 1
                }
                return count
            }
            if characters[index] == "-" { index += 1 }
            guard index < characters.count, characters[index].isASCII, characters[index].isNumber else {
                throw failure("expected a digit but found \(describeCurrent())")
            }
            if characters[index] == "0" {
                index += 1
            } else {
                _ = digits()
            }
            if index < characters.count, characters[index] == "." {
                index += 1
                guard digits() > 0 else { throw failure("expected a digit after \".\"") }
            }
            if index < characters.count, characters[index] == "e" || characters[index] == "E" {
                index += 1
                if index < characters.count, characters[index] == "+" || characters[index] == "-" { index += 1 }
                guard digits() > 0 else { throw failure("expected a digit in the exponent") }
            }
        }
    }
}
