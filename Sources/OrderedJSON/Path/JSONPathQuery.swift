/// A parsed query: `$` or `@` followed by segments (RFC 9535 §2.1, §2.3.5).
struct JSONPathQuery: Sendable {
    /// True for a query from the current node `@`, false for one from the root `$`.
    var isRelative: Bool
    var segments: [Segment]

    /// True when the query is a singular query as the grammar spells it (§2.3.5.1): every segment
    /// a child segment of one name or index selector, written `.name`, `['name']` or `[0]` with
    /// no blank space inside the brackets. Only such queries can be compared or passed where a
    /// value is expected.
    var isSingular: Bool { segments.allSatisfy(\.isSingular) }

    /// A child segment (`.name`, `[…]`) or a descendant segment (`..name`, `..[…]`).
    struct Segment: Sendable {
        var isDescendant: Bool
        var selectors: [Selector]
        /// Written in the singular-query form: `.name`, `['name']` or `[index]` exactly.
        var isSingularForm: Bool

        var isSingular: Bool { !isDescendant && isSingularForm }
    }

    /// One selector of a segment (§2.3).
    enum Selector: Sendable {
        case name(Name)
        case wildcard
        case index(Int)
        case slice(start: Int?, end: Int?, step: Int?)
        /// A filter; `memo` numbers the filters nested in other filters, whose results the
        /// evaluator remembers by node (see ``JSONPathEvaluator``).
        case filter(JSONPathExpression, memo: Int?)
    }

    /// A member name or string literal, kept both as text and as UTF-8 bytes so that it can be
    /// compared with a document's unescaped keys and strings in place.
    struct Name: Sendable {
        var text: String
        var utf8: [UInt8]
        /// True when the name can be compared with the bytes of an unescaped key or string in
        /// place: it holds no `"` or `\` (which such text cannot hold either, so a match cannot
        /// run past the closing quote) and no U+FFFD (which invalid UTF-8 decodes to).
        var comparesInPlace: Bool

        init(_ text: String) {
            self.text = text
            utf8 = Array(text.utf8)
            comparesInPlace =
                !utf8.contains(Byte.quote) && !utf8.contains(Byte.backslash)
                && !text.unicodeScalars.contains("\u{FFFD}")
        }
    }
}
