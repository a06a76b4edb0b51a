import TUICore

/// A named set of colours for every `ThemeSlot`.
///
/// Themes are loaded from YAML files (see `ThemeLoader`); a slot a file leaves out takes the
/// built-in default theme's colour. `Theme.noColor` (used when `NO_COLOR` is set) maps every
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

    /// The built-in theme every other theme falls back to; matches `themes/default.yaml`.
    public static let standard = Theme(
        name: "default",
        colors: [
            .background: .default, .surface: .default, .text: .default, .muted: .indexed(8),
            .accent: .indexed(6), .border: .indexed(8), .focus: .indexed(14), .success: .indexed(2),
            .warning: .indexed(3), .error: .indexed(1), .loading: .indexed(5), .jsonKey: .indexed(4),
            .jsonString: .indexed(2), .jsonNumber: .indexed(3), .jsonBoolean: .indexed(5), .jsonNull: .indexed(8),
            .methodGet: .indexed(2), .methodPost: .indexed(3), .methodPut: .indexed(4), .methodPatch: .indexed(6),
            .methodDelete: .indexed(1),
        ]
    )

    /// The theme used when `NO_COLOR` is set.
    public static let noColor = Theme(name: "no-color", colors: [:], isMonochrome: true)
}
