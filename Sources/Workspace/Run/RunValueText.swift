import OrderedJSON

/// Small text helpers of the assertion language: JSON strings in and out, and words that need
/// quotes.
enum RunValueText {
    /// The text of a JSON string literal (`"a\"b"` → `a"b`); nil when it is not one.
    static func decodeString(_ literal: String) -> String? {
        guard literal.hasPrefix("\""),
            let document = try? JSONDocument(literal), document.kind(document.root) == .string
        else { return nil }
        return document.string(document.root)
    }

    /// `text` as one word of a line: as it is when it has no blank space, quote or bracket,
    /// else as a JSON string.
    static func word(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && !text.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" || "[](){}".contains($0) || $0.isNewline })
        return plain ? text : JSONStringEncoder.quoted(text)
    }
}
