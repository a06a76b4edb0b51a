import TUICore
import Testing

@testable import Terminal

@Suite("Terminal input decoding")
struct TerminalInputTests {
    /// Keys as the escape decoder receives them: Esc, Enter and Tab as keys, the rest as characters.
    static func keys(_ text: String) -> [Key] {
        text.map { character -> Key in
            switch character {
            case "\u{1B}": return .escape
            case "\n": return .enter
            case "\t": return .tab
            default: return .character(character)
            }
        }
    }

    @Test("bracketed paste becomes one paste with newlines and tabs kept")
    func paste() {
        var decoder = PasteDecoder()
        let inputs = decoder.decode(RawInput.codes("a\u{1B}[200~{\n\t\"x\": 1\n}\u{1B}[201~b"))
        #expect(inputs == [.key(.character("a")), .paste("{\n\t\"x\": 1\n}"), .key(.character("b"))])
    }

    @Test("a paste keeps every character the terminal sent: CR apart from LF, CRLF, tab, NUL, escape")
    func pasteKeepsBytes() {
        var decoder = PasteDecoder()
        let text = "a\tb\r\nc\rd\ne\u{0}f\u{1B}g"
        let inputs = decoder.decode(RawInput.codes("\u{1B}[200~" + text + "\u{1B}[201~"))
        #expect(inputs == [.paste(text)])
        guard case .paste(let pasted)? = inputs.first else {
            Issue.record("expected one paste")
            return
        }
        #expect(Array(pasted.utf8) == Array(text.utf8))
    }

    @Test("a paste split across reads is joined")
    func splitPaste() {
        var decoder = PasteDecoder()
        #expect(decoder.decode(RawInput.codes("\u{1B}[200~hel")).isEmpty)
        #expect(decoder.decode(RawInput.codes("lo\u{1B}[201~")) == [.paste("hello")])
    }

    @Test("a paste split between CR and LF still holds CRLF")
    func splitCRLF() {
        var decoder = PasteDecoder()
        #expect(decoder.decode(RawInput.codes("\u{1B}[200~a\r")).isEmpty)
        #expect(decoder.decode(RawInput.codes("\nb\u{1B}[201~")) == [.paste("a\r\nb")])
    }

    @Test("a lone Escape stays a key; codes outside a paste are keys")
    func escape() {
        var decoder = PasteDecoder()
        #expect(decoder.decode(RawInput.codes("\u{1B}[")) == [.key(.escape), .key(.character("["))])
        #expect(decoder.decode(RawInput.codes("\r\t\u{13}")) == [.key(.enter), .key(.tab), .key(.control("s"))])
        #expect(decoder.decode([.key(.home)]) == [.key(.home)])
    }

    @Test("control characters map to Ctrl keys, Enter, Tab, Backspace and Escape")
    func characters() {
        #expect(KeyDecoder.character(19) == .control("s"))
        #expect(KeyDecoder.character(16) == .control("p"))
        #expect(KeyDecoder.character(13) == .enter)
        #expect(KeyDecoder.character(9) == .tab)
        #expect(KeyDecoder.character(127) == .backspace)
        #expect(KeyDecoder.character(27) == .escape)
        #expect(KeyDecoder.character(0x65E5) == .character("日"))
        #expect(KeyDecoder.character(0) == nil)
    }
}
