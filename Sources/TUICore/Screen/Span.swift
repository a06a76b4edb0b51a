/// A run of text with one style: the unit views pass around before drawing.
public struct Span: Hashable, Sendable {
    /// The text (already sanitised).
    public var text: String
    /// Its style.
    public var style: Style

    /// Creates a span.
    public init(_ text: String, _ style: Style) {
        self.text = text
        self.style = style
    }

    /// The width of the text in columns.
    public var width: Int { CharacterWidth.of(text) }
}
