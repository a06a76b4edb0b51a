import OrderedJSON

/// Small text helpers of the assertion language: JSON strings in and out, and words that need
/// quotes.
enum RunValueText {
    /// The text of a JSON string literal (`"a\"b"` → `a"b`); nil when it is not one.
    static func decodeString(_ literal: String) -> String? {
        guard literal.unicodeScalars.first == "\"",
            let document = try? JSONDocument(literal), document.kind(document.root) == .string
        else { return nil }
        return document.string(document.root)
    }

    /// `text` as one word of a line: as it is when it has no blank space, quote or bracket,
    /// else as a JSON string.
    static func word(_ text: String) -> String {
        // Scalars, not characters: a quote followed by a combining mark is still a quote to the
        // scanner.
        let special: Set<Unicode.Scalar> = [" ", "\t", "\"", "'", "[", "]", "(", ")", "{", "}", "\n", "\r"]
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { !special.contains($0) && !$0.properties.isWhitespace }
        return plain ? text : JSONStringEncoder.quoted(text)
    }
}
