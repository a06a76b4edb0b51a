import TUICore
import Testing

@testable import Terminal

@Suite("Frame encoder: absolute positions, styles, no raw controls")
struct FrameEncoderTests {
    static let escape = "\u{1B}"

    @Test("a run starts at its absolute position with its style and ends reset")
    func plainRun() {
        var before = Screen(width: 6, height: 2)
        before.put("abc", x: 0, y: 1, style: .plain)
        var after = before
        after.put("X", x: 1, y: 1, style: Style(foreground: .indexed(1), attributes: .bold))
        let output = FrameEncoder(colorDepth: .palette256).encode(FrameDiff.update(from: before, to: after))
        #expect(output == "\(Self.escape)[2;2H\(Self.escape)[0;1;31mX\(Self.escape)[0m")
    }

    @Test("no change writes nothing; a first frame clears the screen first")
    func clearing() {
        let screen = Screen(width: 2, height: 1)
        let encoder = FrameEncoder(colorDepth: .none)
        #expect(encoder.encode(FrameDiff.update(from: screen, to: screen)).isEmpty)
        #expect(
            encoder.encode(FrameDiff.update(from: nil, to: screen)).hasPrefix(
                "\(Self.escape)[0m\(Self.escape)[H\(Self.escape)[2J"))
    }

    @Test("an emoji sequence is written over blanks and the cursor placed after its planned cells")
    func uncertainCluster() {
        var screen = Screen(width: 12, height: 1)
        screen.put("\"👩‍👩‍👧‍👦 f\",", x: 0, y: 0, style: .plain)
        let output = FrameEncoder(colorDepth: .none).encode(FrameDiff.update(from: nil, to: screen))
        // Blanks over columns 2-3 (1-based), back to column 2, the family, then column 4.
        #expect(output.contains("\"  \(Self.escape)[1;2H👩‍👩‍👧‍👦\(Self.escape)[1;4H f\","))
    }

    @Test("CJK and other non-ASCII characters are followed by a cursor position")
    func wideCharacters() {
        var screen = Screen(width: 6, height: 1)
        screen.put("中x─y", x: 0, y: 0, style: .plain)
        let output = FrameEncoder(colorDepth: .none).encode(FrameDiff.update(from: nil, to: screen))
        #expect(output.contains("中\(Self.escape)[1;3Hx─y"))
    }

    @Test("a control character in a cell is never written raw")
    func controls() {
        var screen = Screen(width: 4, height: 1)
        screen.set(Cell(character: "\u{1B}"), x: 0, y: 0)
        screen.set(Cell(character: "\u{9B}"), x: 1, y: 0)
        let output = FrameEncoder(colorDepth: .none).encode(FrameDiff.update(from: nil, to: screen))
        #expect(!output.unicodeScalars.contains("\u{9B}"))
        let escapes = output.unicodeScalars.filter { $0 == "\u{1B}" }.count
        let sequences = output.components(separatedBy: "\(Self.escape)[").count - 1
        #expect(escapes == sequences, "every ESC starts a sequence of our own")
    }

    @Test("colours follow the terminal's depth")
    func colours() {
        let style = Style(foreground: .rgb(0x81, 0xa1, 0xc1), background: .indexed(9))
        #expect(FrameEncoder(colorDepth: .trueColor).sgr(style) == "\(Self.escape)[0;38;2;129;161;193;101m")
        #expect(FrameEncoder(colorDepth: .palette256).sgr(style) == "\(Self.escape)[0;38;5;109;101m")
        #expect(FrameEncoder(colorDepth: .basic8).sgr(style) == "\(Self.escape)[0;37;41m")
        #expect(FrameEncoder(colorDepth: .none).sgr(style) == "\(Self.escape)[0m")
    }
}
