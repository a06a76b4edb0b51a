/// Cuts a JetBrains handler script (JavaScript) into tokens and top-level statements: just
/// enough of the language to recognise the statements hammock can map (`client.global.set`,
/// `client.assert`, `client.test`) and to quote the others exactly.
///
/// It is not a JavaScript parser: regular expression literals are read as operators, and
/// template literals with `${…}` are one token. What it misreads is only ever reported as a
/// statement hammock could not map.
struct HandlerScriptLexer {
    /// One token.
    struct Token: Equatable {
        /// What kind of token.
        enum Kind: Equatable {
            /// A name or keyword (`client`, `function`, `undefined`).
            case identifier
            /// A number as written (`200`, `1.5e3`).
            case number
            /// A string literal; the decoded text.
            case string(String)
            /// A template literal with `${…}` in it.
            case template
            /// An operator or punctuation (`.`, `===`, `(`, `;`).
            case punctuation
        }

        /// The kind.
        var kind: Kind
        /// The token's text as written.
        var text: String
        /// Where it starts and ends, in Unicode scalars from the start of the script.
        var range: Range<Int>
        /// How many line breaks come before it in the script.
        var line: Int
        /// True when a line break stands between it and the token before.
        var followsLineBreak: Bool
    }

    /// A statement: its tokens (without the `;` that ends it) and where it is.
    struct Statement {
        /// The tokens.
        var tokens: ArraySlice<Token>
        /// The script's text of the statement, from its first token to its last.
        var text: String
        /// Line breaks before its first token in the script.
        var line: Int
    }

    private let scalars: [Unicode.Scalar]

    init(_ script: String) {
        scalars = Array(script.unicodeScalars)
    }

    /// The script's text between two scalar offsets.
    func text(_ range: Range<Int>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[range])
        return text
    }

    /// The tokens of the whole script; comments and blank space are skipped.
    func tokens() -> [Token] {
        var tokens: [Token] = []
        var index = 0
        var line = 0
        var sawBreak = false
        let punctuation = [
            "===", "!==", "...", "**=", "==", "!=", "<=", ">=", "=>", "&&", "||", "??", "?.", "++", "--",
        ]
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                if !(scalar == "\n" && index > 0 && scalars[index - 1] == "\r") { line += 1 }
                sawBreak = true
                index += 1
                continue
            }
            if scalar.properties.isWhitespace {
                index += 1
                continue
            }
            if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while index < scalars.count, scalars[index] != "\n", scalars[index] != "\r" { index += 1 }
                continue
            }
            if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index < scalars.count,
                    !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/")
                {
                    if scalars[index] == "\n" || (scalars[index] == "\r" && scalars[safe: index + 1] != "\n") {
                        line += 1
                        sawBreak = true
                    }
                    index += 1
                }
                index = min(scalars.count, index + 2)
                continue
            }
            let start = index
            var kind = Token.Kind.punctuation
            if Self.isIdentifierStart(scalar) {
                while index < scalars.count, Self.isIdentifierPart(scalars[index]) { index += 1 }
                kind = .identifier
            } else if ("0"..."9").contains(scalar)
                || (scalar == "." && scalars[safe: index + 1].map { ("0"..."9").contains($0) } == true)
            {
                while index < scalars.count,
                    Self.isNumberPart(scalars[index], after: scalars[index - 1 < start ? start : index - 1])
                {
                    index += 1
                }
                if index == start { index += 1 }
                kind = .number
            } else if scalar == "\"" || scalar == "'" || scalar == "`" {
                let (value, end, hasPlaceholder) = readString(from: index)
                index = end
                kind = hasPlaceholder ? .template : .string(value)
            } else {
                let rest = text(index..<min(scalars.count, index + 3))
                let match = punctuation.first { rest.hasPrefix($0) } ?? String(scalar)
                index += match.unicodeScalars.count
            }
            let token = Token(
                kind: kind, text: text(start..<index), range: start..<index, line: line, followsLineBreak: sawBreak)
            // Line breaks inside a string or template count for the tokens after it.
            for inner in scalars[start..<index] where inner == "\n" { line += 1 }
            tokens.append(token)
            sawBreak = false
        }
        return tokens
    }

    /// A string literal from its opening quote: the decoded text, the offset after the closing
    /// quote (the end of the script when it is not closed), and whether it is a template with
    /// `${`.
    private func readString(from start: Int) -> (String, Int, Bool) {
        let quote = scalars[start]
        var value = ""
        var index = start + 1
        var placeholder = false
        while index < scalars.count, scalars[index] != quote {
            var scalar = scalars[index]
            if quote != "`", scalar == "\n" || scalar == "\r" { break }
            if quote == "`", scalar == "$", scalars[safe: index + 1] == "{" { placeholder = true }
            if scalar == "\\", index + 1 < scalars.count {
                index += 1
                scalar = scalars[index]
                switch scalar {
                case "n": scalar = "\n"
                case "t": scalar = "\t"
                case "r": scalar = "\r"
                case "b": scalar = "\u{08}"
                case "f": scalar = "\u{0C}"
                case "v": scalar = "\u{0B}"
                case "0": scalar = "\u{00}"
                case "u", "x":
                    let digits = scalar == "x" ? 2 : 4
                    let hex = text((index + 1)..<min(scalars.count, index + 1 + digits))
                    if hex.unicodeScalars.count == digits, let code = UInt32(hex, radix: 16),
                        let decoded = Unicode.Scalar(code)
                    {
                        scalar = decoded
                        index += digits
                    }
                default: break
                }
            }
            value.unicodeScalars.append(scalar)
            index += 1
        }
        return (value, min(scalars.count, index + 1), placeholder)
    }

    /// The script's top-level statements: split at `;` and at line breaks between two tokens
    /// that cannot belong to one statement, outside brackets.
    func statements(_ tokens: ArraySlice<Token>) -> [Statement] {
        var statements: [Statement] = []
        var depth = 0
        var first = tokens.startIndex
        func close(_ end: Int) {
            if end > first, let start = tokens[first...].first, let last = tokens[first..<end].last {
                statements.append(
                    Statement(
                        tokens: tokens[first..<end], text: text(start.range.lowerBound..<last.range.upperBound),
                        line: start.line))
            }
        }
        for index in tokens.indices {
            let token = tokens[index]
            if depth == 0, token.followsLineBreak, index > first, Self.canEnd(tokens[index - 1]), Self.canStart(token) {
                close(index)
                first = index
            }
            guard token.kind == .punctuation else { continue }
            switch token.text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth = max(0, depth - 1)
            case ";" where depth == 0:
                close(index)
                first = index + 1
            default: break
            }
        }
        close(tokens.endIndex)
        return statements
    }

    private static func canEnd(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .number, .string, .template: return true
        case .punctuation: return [")", "]", "}", "++", "--"].contains(token.text)
        }
    }

    private static func canStart(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .number, .string, .template: return true
        case .punctuation: return ["{", "!", "++", "--"].contains(token.text)
        }
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }

    private static func isNumberPart(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar) -> Bool {
        if ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "."
            || scalar == "_"
        {
            return true
        }
        return (scalar == "+" || scalar == "-") && (previous == "e" || previous == "E")
    }
}

extension Array where Element == Unicode.Scalar {
    fileprivate subscript(safe index: Int) -> Unicode.Scalar? {
        indices.contains(index) ? self[index] : nil
    }
}
