import TUICore

/// What the terminal delivers: a key press, or text pasted as one piece (bracketed paste).
public enum TerminalInput: Equatable, Sendable {
    /// One key.
    case key(Key)
    /// Text the terminal marked as pasted; newlines and tabs are kept as characters.
    case paste(String)
}
