import Foundation
import Testing

@testable import Browser

@Suite("Sanitising untrusted text")
struct TextSanitizerTests {
    @Test("escape sequences are shown, not executed")
    func escapes() {
        let text = TextSanitizer.sanitize("a\u{1B}[2Jb\u{1B}]0;title\u{07}")
        #expect(text == "a␛[2Jb␛]0;title␇")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("NUL, backspace, carriage return and DEL become control pictures")
    func controls() {
        #expect(TextSanitizer.sanitize("\u{0}\u{8}\r\u{7F}") == "␀␈␍␡")
    }

    @Test("C1 controls and bidi overrides are shown as code points")
    func bidiAndC1() {
        #expect(TextSanitizer.sanitize("x\u{202E}y\u{9B}z") == "x\\u{202E}y\\u{9B}z")
        #expect(TextSanitizer.sanitize("\u{2066}") == "\\u{2066}")
    }

    @Test("invalid UTF-8 decodes to the replacement character")
    func invalidUTF8() {
        let text = String(decoding: Data([0xFF, 0xFE, 0x41, 0xC3, 0x28]), as: UTF8.self)
        #expect(TextSanitizer.sanitize(text).contains("\u{FFFD}"))
        #expect(TextSanitizer.sanitize(text).contains("A"))
    }

    @Test("tabs expand to the next multiple of four columns")
    func tabs() {
        #expect(TextSanitizer.sanitize("a\tb") == "a   b")
    }

    @Test("segments mark escapes and stop after the requested columns")
    func lazyPrefix() {
        let long = String(repeating: "x", count: 1_000_000)
        let segments = TextSanitizer.segments(of: "\u{1B}" + long, maxColumns: 10)
        #expect(segments.first == .init(text: "␛", isEscape: true))
        #expect(segments.map(\.text).joined().count == 10)
    }

    @Test("CJK and emoji pass through unchanged")
    func unicodePassesThrough() {
        #expect(TextSanitizer.sanitize("日本 🙂 é") == "日本 🙂 é")
    }
}
