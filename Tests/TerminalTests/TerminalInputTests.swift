import TUICore
import Testing

@testable import Terminal

@Suite("Terminal input decoding")
struct TerminalInputTests {
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
        let inputs = decoder.decode(Self.keys("a\u{1B}[200~{\n\t\"x\": 1\n}\u{1B}[201~b"))
        #expect(inputs == [.key(.character("a")), .paste("{\n\t\"x\": 1\n}"), .key(.character("b"))])
    }

    @Test("a paste split across reads is joined")
    func splitPaste() {
        var decoder = PasteDecoder()
        #expect(decoder.decode(Self.keys("\u{1B}[200~hel")).isEmpty)
        #expect(decoder.decode(Self.keys("lo\u{1B}[201~")) == [.paste("hello")])
    }

    @Test("a lone Escape stays a key")
    func escape() {
        var decoder = PasteDecoder()
        #expect(decoder.decode([.escape, .character("[")]) == [.key(.escape), .key(.character("["))])
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
