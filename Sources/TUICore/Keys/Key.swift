/// A key press (or wheel step) as the browser understands it, independent of curses.
///
/// Key names (`name`, `init(name:)`) are what key-map files use: single characters (`r`, `?`,
/// `R`), `Enter`, `Esc`, `Tab`, `BackTab`, `Backspace`, `Delete`, `Space`, `Up`, `Down`, `Left`,
/// `Right`, `PgUp`, `PgDn`, `Home`, `End`, `F1`…`F12`, `Ctrl-A`…`Ctrl-Z`, `Alt-x` (Alt or Meta
/// with any printable character, also written `Meta-x` or `M-x`), `WheelUp`, `WheelDown`.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character (including space).
    case character(Character)
    /// Control plus a letter, stored lower-case (`Ctrl-S` is `.control("s")`).
    case control(Character)
    /// Alt (Meta) plus a printable character, as typed (`Alt-b` is `.alt("b")`, `Alt-B` is
    /// `.alt("B")`). Terminals send it as Esc followed by the character, or as a CSI u sequence.
    case alt(Character)
    /// Return / Enter.
    case enter
    /// Escape.
    case escape
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace.
    case backspace
    /// Forward delete.
    case delete
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// A function key, 1...12.
    case function(Int)
    /// Mouse wheel up one step.
    case wheelUp
    /// Mouse wheel down one step.
    case wheelDown

    private static let named: [(String, Key)] = [
        ("Enter", .enter), ("Esc", .escape), ("Tab", .tab), ("BackTab", .backTab), ("Backspace", .backspace),
        ("Delete", .delete), ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
        ("PgUp", .pageUp), ("PgDn", .pageDown), ("Home", .home), ("End", .end), ("WheelUp", .wheelUp),
        ("WheelDown", .wheelDown), ("Space", .character(" ")),
    ]

    /// Parses a key-map name (case-insensitive for named keys); nil if unknown.
    public init?(name: String) {
        let trimmed = name.trimmingSpacesAndTabs
        if trimmed.count == 1, let character = trimmed.first {
            self = .character(character)
            return
        }
        if let match = Key.named.first(where: { $0.0.lowercased() == trimmed.lowercased() }) {
            self = match.1
            return
        }
        let lower = trimmed.lowercased()
        for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lower.hasPrefix(prefix) {
            let rest = lower.dropFirst(prefix.count)
            if rest.count == 1, let letter = rest.first, letter.isLetter, letter.isASCII {
                self = .control(letter)
                return
            }
        }
        for prefix in ["alt-", "alt+", "meta-", "m-"] where lower.hasPrefix(prefix) {
            let rest = trimmed.dropFirst(prefix.count)
            if rest.count == 1, let character = rest.first, character != " " {
                self = .alt(character)
                return
            }
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            self = .function(number)
            return
        }
        return nil
    }

    /// The key's name as key-map files and the help overlay write it.
    public var name: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .alt(let character): return "Alt-" + String(character)
        case .function(let number): return "F\(number)"
        default: return Key.named.first(where: { $0.1 == self })?.0 ?? "?"
        }
    }

    /// Same as `name`.
    public var description: String { name }
}
