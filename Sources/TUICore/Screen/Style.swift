/// How a cell looks: colours plus text attributes.
///
/// Styles are plain values; the terminal layer maps them to colour pairs and attributes, the SVG
/// exporter to CSS. Two cells with equal styles can be written in one run.
public struct Style: Hashable, Sendable {
    /// Text attributes that terminals commonly support.
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The raw bit set.
        public let rawValue: UInt8
        /// Creates attributes from raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Bold (or bright) text.
        public static let bold = Attributes(rawValue: 1)
        /// Dim text.
        public static let dim = Attributes(rawValue: 2)
        /// Underlined text.
        public static let underline = Attributes(rawValue: 4)
        /// Foreground and background swapped.
        public static let reverse = Attributes(rawValue: 8)
        /// Italic text (not every terminal shows it).
        public static let italic = Attributes(rawValue: 16)
    }

    /// The foreground (text) colour.
    public var foreground: Color
    /// The background colour.
    public var background: Color
    /// Bold, dim, underline, reverse, italic.
    public var attributes: Attributes

    /// Creates a style; every part defaults to the terminal's own look.
    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's own colours with no attributes.
    public static let plain = Style()

    /// This style with extra attributes added.
    public func adding(_ extra: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }

    /// This style with its background replaced (used to lay text on a pane's surface).
    public func on(_ background: Color) -> Style {
        var copy = self
        copy.background = background
        return copy
    }
}
