import TUICore

/// A named set of colours for every `ThemeSlot`.
///
/// Themes are YAML text (see `ThemeLoader`): the built-in ones are compiled in
/// (``BuiltInThemes``), user ones are files; a slot a theme leaves out takes the built-in
/// default theme's colour. `Theme.noColor` (used when `NO_COLOR` is set) maps every
/// slot to the terminal's own colours and lets attributes (bold, reverse) carry the meaning.
public struct Theme: Equatable, Sendable {
    /// The theme's name as shown in the status line (`t` cycles themes).
    public var name: String
    /// Colours per slot; slots missing here use `.default`.
    public var colors: [ThemeSlot: Color]
    /// True for the no-colour theme: styles then use attributes only.
    public var isMonochrome: Bool

    /// Creates a theme.
    public init(name: String, colors: [ThemeSlot: Color], isMonochrome: Bool = false) {
        self.name = name
        self.colors = colors
        self.isMonochrome = isMonochrome
    }

    /// The colour of a slot (`.default` if unset).
    public func color(_ slot: ThemeSlot) -> Color { colors[slot] ?? .default }

    /// The style for text in a slot, drawn on the pane surface.
    public func style(_ slot: ThemeSlot, attributes: Style.Attributes = []) -> Style {
        if isMonochrome {
            var extra = attributes
            switch slot {
            case .accent, .focus, .error, .jsonKey: extra.insert(.bold)
            case .muted: extra.insert(.dim)
            default: break
            }
            return Style(attributes: extra)
        }
        return Style(foreground: color(slot), background: color(.surface), attributes: attributes)
    }

    /// The plain text style on the pane surface.
    public var textStyle: Style { style(.text) }

    /// The built-in theme every other theme falls back to: the `default` entry of
    /// ``BuiltInThemes``, parsed (the terminal's own background and text, ANSI accents).
    public static let standard: Theme = {
        guard let yaml = BuiltInThemes.source(named: "default") else {
            preconditionFailure("the built-in themes have no default")
        }
        do {
            return try ThemeLoader.parse(yaml, file: "built-in default", fallback: Theme(name: "default", colors: [:]))
        } catch {
            preconditionFailure("the built-in default theme does not parse: \(error)")
        }
    }()

    /// The theme used when `NO_COLOR` is set.
    public static let noColor = Theme(name: "no-color", colors: [:], isMonochrome: true)
}
