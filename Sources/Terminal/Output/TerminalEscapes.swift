import Foundation

/// The control sequences hammock writes besides frames (``FrameEncoder`` writes those). They are
/// fixed strings;
/// the only variable part, the OSC 52 clipboard payload, is base64 and so cannot carry control
/// characters. Untrusted text never goes through here.
enum TerminalEscapes {
    /// Turns bracketed paste on, so a paste arrives as one block instead of as key presses.
    static let bracketedPasteOn = "\u{1B}[?2004h"

    /// Turns bracketed paste off again.
    static let bracketedPasteOff = "\u{1B}[?2004l"

    /// OSC 52: asks the terminal to put `text` on the clipboard.
    static func setClipboard(_ text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }
}
