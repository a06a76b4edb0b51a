import TUICore
import Testing

@testable import Terminal

@Suite("Alt keys and CSI sequences")
struct EscapeSequenceDecoderTests {
    static func decode(_ keys: [Key]) -> [TerminalInput] {
        EscapeSequenceDecoder().decode(keys.map { .key($0) })
    }

    @Test("Esc followed by a character is Alt plus that character")
    func escapePrefix() {
        #expect(Self.decode([.escape, .character("b")]) == [.key(.alt("b"))])
        #expect(Self.decode([.escape, .character("D"), .character("x")]) == [.key(.alt("D")), .key(.character("x"))])
    }

    @Test("a lone Esc, or Esc before another key, stays Esc")
    func loneEscape() {
        #expect(Self.decode([.escape]) == [.key(.escape)])
        #expect(Self.decode([.escape, .escape]) == [.key(.escape), .key(.escape)])
        #expect(Self.decode([.escape, .up]) == [.key(.escape), .key(.up)])
    }

    @Test("CSI u and modifyOtherKeys carry Alt and Ctrl")
    func csiU() {
        let altB = TerminalInputTests.keys("\u{1B}[98;3u")
        #expect(Self.decode(altB) == [.key(.alt("b"))])
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}[99;5u")) == [.key(.control("c"))])
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}[27;3;100~")) == [.key(.alt("d"))])
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}[97u")) == [.key(.character("a"))])
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}[13;3u")) == [.key(.enter)])
    }

    @Test("an unknown CSI sequence is dropped instead of typed")
    func unknownCSI() {
        #expect(
            Self.decode(TerminalInputTests.keys("x\u{1B}[1;5Qy")) == [.key(.character("x")), .key(.character("y"))])
    }

    @Test("huge or odd code points in a key sequence are dropped, never a crash")
    func hostileCodes() {
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}[4294967296u")).isEmpty)
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}[99999999999999999999u")).isEmpty)
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}[55296u")).isEmpty, "a surrogate is no scalar")
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}[223;2u")) == [.key(.character("ß"))])
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}[98;4u")) == [.key(.alt("B"))])
    }

    @Test(
        "Home and End arrive as such however the terminal sends them, modifiers or not",
        arguments: [
            // VT220 / tmux, rxvt, xterm without keypad mode, SS3 (xterm's keypad mode).
            ("\u{1B}[1~", "\u{1B}[4~"), ("\u{1B}[7~", "\u{1B}[8~"), ("\u{1B}[H", "\u{1B}[F"),
            ("\u{1B}OH", "\u{1B}OF"),
            // With Shift, Alt or Ctrl: xterm and tmux, the VT220 form, rxvt's own finals.
            ("\u{1B}[1;5H", "\u{1B}[1;5F"), ("\u{1B}[1;2H", "\u{1B}[1;3F"), ("\u{1B}[1;5~", "\u{1B}[4;2~"),
            ("\u{1B}[7^", "\u{1B}[8^"), ("\u{1B}[7$", "\u{1B}[8$"), ("\u{1B}[7@", "\u{1B}[8@"),
        ])
    func homeAndEnd(home: String, end: String) {
        #expect(Self.decode(TerminalInputTests.keys(home)) == [.key(.home)], "\(home.debugDescription)")
        #expect(Self.decode(TerminalInputTests.keys(end)) == [.key(.end)], "\(end.debugDescription)")
        // Whatever follows in the same read is typed as itself.
        #expect(
            Self.decode(TerminalInputTests.keys("a" + home + "b" + end + "c"))
                == [.key(.character("a")), .key(.home), .key(.character("b")), .key(.end), .key(.character("c"))])
    }

    @Test("Delete, PgUp and PgDn in their VT220 form, modifiers or not")
    func editingKeys() {
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}[3~")) == [.key(.delete)])
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}[5;5~")) == [.key(.pageUp)])
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}[6$")) == [.key(.pageDown)])
    }

    @Test("Esc O followed by anything but H or F stays Alt-O")
    func altCapitalO() {
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}Ox")) == [.key(.alt("O")), .key(.character("x"))])
        #expect(Self.decode(TerminalInputTests.keys("\u{1B}O")) == [.key(.alt("O"))])
    }

    @Test("pasted text passes through untouched")
    func paste() {
        let inputs: [TerminalInput] = [.paste("\u{1B}b"), .key(.escape), .key(.character("f"))]
        #expect(EscapeSequenceDecoder().decode(inputs) == [.paste("\u{1B}b"), .key(.alt("f"))])
    }
}
