import Foundation
import Safety
import Testing

@Suite("the one policy for untrusted text")
struct UnsafeTextTests {
    @Test("escape sequences, controls and DEL are shown as control pictures")
    func controls() {
        #expect(UnsafeText.clean("a\u{1B}[2Jb\u{7}\u{0}\u{7F}") == "a␛[2Jb␇␀␡")
    }

    @Test("C1, bidi and line separator characters are shown as code points")
    func codePoints() {
        #expect(UnsafeText.clean("x\u{9B}y\u{202E}z\u{2028}") == "x\\u{9B}y\\u{202E}z\\u{2028}")
    }

    @Test("invisible format characters are shown as code points")
    func formatCharacters() {
        #expect(UnsafeText.clean("a\u{200B}b\u{2060}c\u{FEFF}d\u{AD}e") == "a\\u{200B}b\\u{2060}c\\u{FEFF}d\\u{AD}e")
    }

    @Test("emoji sequences with joiners, variation selectors and tags are safe as they are")
    func emoji() {
        let family = "👩‍👩‍👧‍👦 ❤️ 👍🏽 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        #expect(UnsafeText.clean(family) == family)
        #expect(!family.contains(where: UnsafeText.isUnsafe))
    }

    @Test("tabs expand to the next multiple of four columns")
    func tabs() {
        #expect(UnsafeText.clean("ab\tc") == "ab  c")
    }

    @Test("an excerpt is trimmed, cleaned and cut with an ellipsis")
    func excerpt() {
        #expect(UnsafeText.excerpt(of: Data("  hi\u{1B}  ".utf8), limit: 10) == "hi␛")
        #expect(UnsafeText.excerpt(of: Data(String(repeating: "x", count: 50).utf8), limit: 10) == "xxxxxxxxxx…")
        #expect(UnsafeText.excerpt(of: Data(), limit: 10) == "")
        #expect(UnsafeText.excerpt(of: Data([0x61, 0xFF, 0x62]), limit: 10) == "a\u{FFFD}b")
    }
}
