import TUICore

/// One item read from curses, before keys are decided: a character code exactly as the terminal
/// sent it, or a key curses decoded itself (arrows, function keys, the mouse wheel).
///
/// Pasted text is taken from the codes, so a paste keeps every byte the terminal passed on:
/// carriage returns apart from line feeds, tabs, NUL and escapes.
enum RawInput: Equatable, Sendable {
    /// A character code from `wget_wch` (a Unicode scalar value).
    case code(UInt32)
    /// A key curses decoded.
    case key(Key)

    /// The codes of `text`, one per Unicode scalar.
    static func codes(_ text: String) -> [RawInput] {
        text.unicodeScalars.map { .code($0.value) }
    }
}
