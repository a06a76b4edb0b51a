import Testing

@testable import TUICore

@Suite("Screen grid")
struct ScreenTests {
    @Test("text is clipped at the right edge and outside writes are ignored")
    func clipping() {
        var screen = Screen(width: 5, height: 2)
        let used = screen.put("hello world", x: 2, y: 0, style: .plain)
        screen.put("x", x: -1, y: 0, style: .plain)
        screen.put("y", x: 0, y: 7, style: .plain)
        #expect(used == 3)
        #expect(screen.lines == ["  hel", ""])
    }

    @Test("wide characters take two cells and keep later columns aligned")
    func wideCharacters() {
        var screen = Screen(width: 10, height: 2)
        screen.put("日本x", x: 0, y: 0, style: .plain)
        screen.put("abcdex", x: 0, y: 1, style: .plain)
        #expect(screen[0, 0].character == "日")
        #expect(screen[1, 0].isContinuation)
        #expect(screen[4, 0].character == "x")
        #expect(screen[5, 1].character == "x")
        #expect(screen.find("x")?.x == 4)
    }

    @Test("emoji count as two columns")
    func emojiWidth() {
        #expect(CharacterWidth.of("🙂") == 2)
        #expect(CharacterWidth.of("é") == 1)
        #expect(CharacterWidth.of("e\u{301}") == 1)
        #expect(CharacterWidth.of("한국어") == 6)
    }

    @Test("a wide character that does not fit becomes a space")
    func wideAtEdge() {
        var screen = Screen(width: 3, height: 1)
        screen.put("ab日", x: 0, y: 0, style: .plain)
        #expect(screen.line(0) == "ab ")
        #expect(!screen[2, 0].isContinuation)
    }

    @Test("overwriting half of a wide character blanks the other half")
    func overwriteHalf() {
        var screen = Screen(width: 4, height: 1)
        screen.put("日", x: 0, y: 0, style: .plain)
        screen.put("z", x: 1, y: 0, style: .plain)
        #expect(screen.line(0) == " z  ")
        #expect(!screen[1, 0].isContinuation)
    }

    @Test("boxes use UTF-8 line characters with a title")
    func box() {
        var screen = Screen(width: 12, height: 3)
        screen.box(screen.bounds, title: [Span("URL", .plain)], style: .plain)
        #expect(screen.lines == ["┌ URL ─────┐", "│          │", "└──────────┘"])
    }

    @Test("tiny and empty screens accept every drawing call")
    func tinyScreens() {
        for (width, height) in [(0, 0), (1, 1), (1, 5), (3, 1)] {
            var screen = Screen(width: width, height: height)
            screen.box(screen.bounds, title: [Span("title", .plain)], style: .plain)
            screen.put("日本語", x: 0, y: 0, style: .plain)
            screen.fill(Rect(x: -3, y: -3, width: 10, height: 10), style: .plain)
            screen.addAttributes(.reverse, in: screen.bounds)
            #expect(screen.lines.count == height)
        }
    }

    @Test("rectangles never get negative sizes")
    func rectClamping() {
        let rect = Rect(x: 0, y: 0, width: 3, height: 2).inset(by: 2)
        #expect(rect.width == 0 && rect.height == 0)
        let (top, rest) = Rect(x: 0, y: 0, width: 5, height: 3).splitTop(10)
        #expect(top.height == 3 && rest.height == 0)
    }
}

@Suite("whole screens")
struct WholeScreenTests {
    @Test("a titled box with text inside, clipped, reads back row by row")
    func boxWithText() {
        var screen = Screen(width: 12, height: 4)
        screen.box(Rect(x: 0, y: 0, width: 12, height: 4), title: [Span("Events", .plain)], style: .plain)
        screen.put("observerAdded", x: 1, y: 1, style: .plain, maxWidth: 10)
        screen.put("界 ok", x: 1, y: 2, style: .plain, maxWidth: 10)
        #expect(
            screen.lines == [
                "┌ Events ──┐",
                "│observerAd│",
                "│界 ok     │",
                "└──────────┘",
            ])
    }
}
