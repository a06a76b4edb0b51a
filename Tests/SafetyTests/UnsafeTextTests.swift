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

    @Test("emoji sequences with joiners and variation selectors are safe as they are")
    func emoji() {
        let family = "👩‍👩‍👧‍👦 ❤️ 👍🏽"
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
