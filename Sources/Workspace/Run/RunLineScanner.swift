/// Reads an assertion or capture line word by word: bare words end at blank space, `"…"` is a
/// JSON string, and a JSONPath or JSON value runs to the blank space outside its brackets and
/// quotes.
struct RunLineScanner {
    private let scalars: [Unicode.Scalar]
    private(set) var position = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The 1-based column of the next word.
    var column: Int {
        var index = position
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        return index + 1
    }

    var isAtEnd: Bool {
        var copy = self
        copy.skipBlanks()
        return copy.position >= scalars.count
    }

    mutating func skipBlanks() {
        while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" { position += 1 }
    }

    /// The next word up to blank space, brackets and quotes kept balanced; nil at the end.
    mutating func word() throws(RunSyntaxError) -> String? {
        skipBlanks()
        guard position < scalars.count else { return nil }
        let start = position
        var depth = 0
        var quote: Unicode.Scalar?
        while position < scalars.count {
            let scalar = scalars[position]
            if let open = quote {
                if scalar == "\\" {
                    position += 1
                } else if scalar == open {
                    quote = nil
                }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == "[" || scalar == "(" || scalar == "{" {
                depth += 1
            } else if scalar == "]" || scalar == ")" || scalar == "}" {
                depth -= 1
            } else if depth <= 0, scalar == " " || scalar == "\t" {
                break
            }
            position += 1
        }
        if quote != nil {
            throw RunSyntaxError(column: start + 1, reason: "a quoted text is not closed")
        }
        return String(String.UnicodeScalarView(scalars[start..<min(position, scalars.count)]))
    }

    /// Everything left, without the blank space around it; nil when nothing is left.
    mutating func rest() -> String? {
        skipBlanks()
        guard position < scalars.count else { return nil }
        var end = scalars.count
        while end > position, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        defer { position = scalars.count }
        return String(String.UnicodeScalarView(scalars[position..<end]))
    }

    /// `word` without its quotes when it is a JSON string (`"X-Trace"`), else as it is.
    static func unquoted(_ word: String, column: Int) throws(RunSyntaxError) -> String {
        // Scalars, not characters: a quote followed by a combining mark is still a quote.
        guard word.unicodeScalars.first == "\"" else { return word }
        guard let text = RunValueText.decodeString(word) else {
            throw RunSyntaxError(column: column, reason: "\(word) is not a valid quoted text")
        }
        return text
    }
}
