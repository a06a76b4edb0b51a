import CNcurses
import TUICore

/// Turns curses key codes into `Key`s.
enum KeyDecoder {
    /// A curses function-key code (`KEY_UP`, …), or nil for codes the browser ignores. Home and
    /// End with a modifier (`KEY_SHOME`, xterm's `kHOM5`) are Home and End.
    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME, KEY_SHOME: return .home
        case KEY_END, KEY_SEND: return .end
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_F0 + 1...KEY_F0 + 12: return .function(Int(code - KEY_F0))
        case KEY_MAX...: return extendedKey(code)
        default: return nil
        }
    }

    /// A key terminfo defines beyond the standard ones, by its capability name: xterm's entries
    /// give Home and End with Shift, Alt or Ctrl (`kHOM3`…`kHOM7`, `kEND3`…`kEND7`) codes of
    /// their own. hammock binds no modified Home or End, so they are Home and End.
    private static func extendedKey(_ code: Int32) -> Key? {
        guard let pointer = keyname(code) else { return nil }
        let name = String(cString: pointer)
        if name.hasPrefix("kHOM") { return .home }
        if name.hasPrefix("kEND") { return .end }
        return nil
    }

    /// A character code from `wget_wch`.
    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(value + 96)!))
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }
}
