import TUICore

/// Turns what a terminal sends for Alt (Meta) combinations into `.alt` keys, so that Alt-b is
/// never taken as Esc followed by `b`.
///
/// Understood, within one read of the terminal:
/// - Esc followed by a printable character: Alt plus that character (xterm's `metaSendsEscape`,
///   tmux, most terminals).
/// - CSI u (`ESC [ code ; modifiers u`, the fixterms / kitty form) and xterm's modifyOtherKeys
///   (`ESC [ 27 ; modifiers ; code ~`): the key with its Alt and Ctrl modifiers.
/// - Home and End in every form terminals send them, for when the terminal's terminfo entry names
///   another (tmux with `TERM=xterm-256color` sends `ESC [ 1 ~`, which that entry does not know):
///   `ESC [ 1 ~` / `ESC [ 4 ~` (VT220, tmux, screen), `ESC [ 7 ~` / `ESC [ 8 ~` (rxvt),
///   `ESC [ H` / `ESC [ F` and `ESC O H` / `ESC O F` (xterm). A modifier with them
///   (`ESC [ 1 ; 5 H`, `ESC [ 4 ; 2 ~`, rxvt's `ESC [ 7 ^`, `$` and `@`) is read past: hammock
///   binds no modified Home or End, so Ctrl-Home is Home. Delete, PgUp and PgDn in the same
///   VT220 form (`ESC [ 3 ~`, `ESC [ 5 ~`, `ESC [ 6 ~`, modifiers read past) likewise.
/// - Any other complete CSI sequence curses did not recognise is dropped, so its bytes are never
///   typed into a field.
///
/// An Esc at the end of a read is a plain Esc. Not promised: telling Esc-then-`b` typed within
/// the same read (a few milliseconds) from Alt-b; no terminal can.
struct EscapeSequenceDecoder {
    /// Decodes one read's worth of input; pasted text passes through untouched.
    func decode(_ inputs: [TerminalInput]) -> [TerminalInput] {
        var result: [TerminalInput] = []
        var index = 0
        while index < inputs.count {
            guard case .key(.escape) = inputs[index], index + 1 < inputs.count,
                case .key(let next) = inputs[index + 1]
            else {
                result.append(inputs[index])
                index += 1
                continue
            }
            if next == .character("["), let (key, length) = csi(inputs, from: index + 2) {
                if let key { result.append(.key(key)) }
                index += 2 + length
                continue
            }
            if next == .character("O"), index + 2 < inputs.count, case .key(.character(let final)) = inputs[index + 2],
                let key = Self.singleShiftKey(final)
            {
                result.append(.key(key))
                index += 3
                continue
            }
            if case .character(let character) = next {
                result.append(.key(.alt(character)))
                index += 2
                continue
            }
            result.append(inputs[index])
            index += 1
        }
        return result
    }

    /// Parses the parameters and final byte of a CSI sequence starting at `start` (just after
    /// `ESC [`). Returns the key it stands for (nil for a sequence that is dropped) and how many
    /// inputs it took; nil when the inputs there are not a complete CSI sequence.
    private func csi(_ inputs: [TerminalInput], from start: Int) -> (Key?, Int)? {
        var parameters = ""
        var index = start
        while index < inputs.count, index - start < 32 {
            guard case .key(.character(let character)) = inputs[index], let ascii = character.asciiValue else {
                return nil
            }
            switch ascii {
            case 0x30...0x3F:
                parameters.append(character)
            case 0x24 where !parameters.isEmpty && parameters.allSatisfy({ ("0"..."9").contains($0) }):
                // rxvt ends a Shift-modified key with `$` (`ESC [ 7 $`), an intermediate byte
                // elsewhere; no other sequence a terminal sends unasked has it after digits alone.
                return (key(parameters: parameters, final: character), index - start + 1)
            case 0x40...0x7E:
                return (key(parameters: parameters, final: character), index - start + 1)
            default:
                return nil
            }
            index += 1
        }
        return nil
    }

    private func key(parameters: String, final: Character) -> Key? {
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
            Int($0.split(separator: ":").first ?? "") ?? -1
        }
        switch final {
        case "u" where fields.count >= 1:
            return key(code: fields[0], modifiers: fields.count > 1 ? fields[1] : 1)
        case "~" where fields.count == 3 && fields[0] == 27:
            return key(code: fields[2], modifiers: fields[1])
        case "~" where fields.count <= 2, "^" where fields.count == 1, "$" where fields.count == 1,
            "@" where fields.count == 1:
            return Self.editingKey(fields[0])
        case "H" where parameters.isEmpty || fields.count == 2 && fields[0] == 1:
            return .home
        case "F" where parameters.isEmpty || fields.count == 2 && fields[0] == 1:
            return .end
        default:
            return nil
        }
    }

    /// The key of a VT220-style `ESC [ number ~` sequence (rxvt also ends it in `^`, `$`, `@`
    /// for Ctrl, Shift and both), or nil for a number that is no key hammock uses.
    private static func editingKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: return .home
        case 4, 8: return .end
        case 3: return .delete
        case 5: return .pageUp
        case 6: return .pageDown
        default: return nil
        }
    }

    /// The key of `ESC O` followed by `final` (SS3, xterm's keypad mode) when it is Home or End.
    private static func singleShiftKey(_ final: Character) -> Key? {
        switch final {
        case "H": return .home
        case "F": return .end
        default: return nil
        }
    }

    /// A key from a Unicode code point and an xterm modifier parameter (1 + shift 1, alt 2,
    /// ctrl 4).
    private func key(code: Int, modifiers: Int) -> Key? {
        guard let value = UInt32(exactly: code), let scalar = Unicode.Scalar(value) else { return nil }
        let bits = max(0, modifiers - 1)
        let shift = bits & 1 != 0
        let alt = bits & 2 != 0
        let control = bits & 4 != 0
        switch code {
        case 13: return .enter
        case 9: return shift ? .backTab : .tab
        case 27: return .escape
        case 8, 127: return .backspace
        default: break
        }
        guard code >= 0x20 else { return nil }
        var character = Character(scalar)
        if shift, character.isLowercase {
            let upper = character.uppercased()
            if upper.count == 1, let first = upper.first { character = first }
        }
        if control, character.isASCII, character.isLetter {
            return .control(Character(character.lowercased()))
        }
        return alt ? .alt(character) : .character(character)
    }
}
