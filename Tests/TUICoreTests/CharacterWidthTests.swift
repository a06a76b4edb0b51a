import Testing

@testable import TUICore

@Suite("One text-width function, by grapheme cluster")
struct CharacterWidthTests {
    /// Hard cases: (text, columns, what it is).
    static let table: [(String, Int, String)] = [
        ("a", 1, "ASCII"),
        ("\u{7}", 0, "a C0 control"),
        ("\u{85}", 0, "a C1 control"),
        ("é", 1, "precomposed Latin"),
        ("e\u{301}", 1, "a combining acute"),
        ("\u{301}", 0, "a combining mark on its own"),
        ("\u{200B}", 0, "a zero-width space"),
        ("\u{AD}", 0, "a soft hyphen (format)"),
        ("中", 2, "a CJK ideograph (East Asian Wide)"),
        ("\u{1100}\u{1161}", 2, "a Hangul syllable from conjoining jamo"),
        ("한", 2, "a precomposed Hangul syllable"),
        ("Ａ", 2, "a fullwidth Latin letter"),
        ("ｱ", 1, "a halfwidth katakana"),
        ("ก่", 1, "Thai with a tone mark"),
        ("สำ", 2, "Thai with SARA AM, a spacing vowel"),
        ("कि", 2, "Devanagari with a spacing vowel sign"),
        ("ক্ষ", 2, "a Bengali conjunct"),
        ("ພຳ", 2, "Lao with AM"),
        ("α", 1, "Greek"),
        ("─", 1, "box drawing (East Asian Ambiguous counts 1)"),
        ("🙂", 2, "an emoji with emoji presentation"),
        ("👩‍👩‍👧‍👦", 2, "a zero-width-joiner family"),
        ("👍🏽", 2, "an emoji with a skin-tone modifier"),
        ("🏽", 2, "a skin-tone modifier on its own"),
        ("❤️", 2, "a text-default emoji with VS16"),
        ("❤", 1, "the same emoji without VS16"),
        ("☺︎", 1, "a text-default emoji with VS15"),
        ("⌚︎", 2, "an East Asian Wide emoji with VS15 keeps its width"),
        ("🇩🇪", 2, "a flag (two regional indicators)"),
        ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2, "a subdivision flag (tag sequence)"),
        ("1️⃣", 2, "a keycap sequence"),
        ("🧑‍💻", 2, "a profession ZWJ sequence"),
    ]

    @Test("the table of hard cases")
    func hardCases() {
        for (text, columns, what) in Self.table {
            #expect(text.count == 1, "\(what) is one grapheme")
            #expect(CharacterWidth.of(text) == columns, "\(what)")
        }
    }

    @Test("strings sum their graphemes")
    func strings() {
        #expect(CharacterWidth.of("\"👩‍👩‍👧‍👦 family\",") == 1 + 2 + 7 + 2)
        #expect(CharacterWidth.of("\"❤️ heart\" ,") == 1 + 2 + 6 + 1 + 2)
        #expect(CharacterWidth.of("한국어") == 6)
    }

    @Test("uncertain graphemes are the ones terminals draw differently")
    func uncertain() {
        #expect(!CharacterWidth.isUncertain("a"))
        #expect(!CharacterWidth.isUncertain("中"))
        #expect(!CharacterWidth.isUncertain("─"))
        #expect(CharacterWidth.isUncertain("👩‍👩‍👧‍👦"))
        #expect(CharacterWidth.isUncertain("❤️"))
        #expect(CharacterWidth.isUncertain("👍🏽"))
        #expect(CharacterWidth.isUncertain("🙂"))
        #expect(CharacterWidth.isUncertain("e\u{301}"))
    }

    @Test("a screen row with emoji sequences keeps every later column in place")
    func screenRow() {
        var screen = Screen(width: 30, height: 3)
        screen.put("\"👩‍👩‍👧‍👦 family\",", x: 0, y: 0, style: .plain)
        screen.put("\"👍🏽 ok\",", x: 0, y: 1, style: .plain)
        screen.put("\"❤️ heart\" ,", x: 0, y: 2, style: .plain)
        #expect(screen.lines == ["\"👩‍👩‍👧‍👦 family\",", "\"👍🏽 ok\",", "\"❤️ heart\" ,"])
        #expect(screen[11, 0].character == ",")
        #expect(screen[7, 1].character == ",")
        #expect(screen[11, 2].character == ",")
        #expect(screen[2, 0].isContinuation)
    }
}
