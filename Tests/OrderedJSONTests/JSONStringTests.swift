import Foundation
import Testing

@testable import OrderedJSON

@Suite("Strings decode lazily and never fail")
struct JSONStringTests {
    @Test("escapes decode to their characters")
    func escapes() throws {
        let document = try JSONDocument(#"["a\"b\\c\/d\b\f\n\r\t", "\u0041\u00e9\u4e2d"]"#)
        #expect(document.string(1) == "a\"b\\c/d\u{8}\u{C}\n\r\t")
        #expect(document.string(2) == "Aé中")
    }

    @Test("surrogate pairs join; lone surrogates become U+FFFD")
    func surrogates() throws {
        let document = try JSONDocument(#"["\uD83D\uDE00", "\uD83D", "x\uDE00y", "\uD83Dz", "\uD83D\u0041"]"#)
        #expect(document.string(1) == "😀")
        #expect(document.string(2) == "\u{FFFD}")
        #expect(document.string(3) == "x\u{FFFD}y")
        #expect(document.string(4) == "\u{FFFD}z")
        #expect(document.string(5) == "\u{FFFD}A")
    }

    @Test("invalid UTF-8 shows as U+FFFD while the bytes stay")
    func invalidUTF8() throws {
        let bytes: [UInt8] = Array(#"{"k": "a"#.utf8) + [0xFF, 0xC3] + Array(#"b"}"#.utf8)
        let document = try JSONDocument(bytes: bytes)
        #expect(document.string(1) == "a\u{FFFD}\u{FFFD}b")
        #expect(Array(document.data) == bytes)
        let range = document.valueRange(1)
        #expect(Array(document.data[range]) == [0x22, 0x61, 0xFF, 0xC3, 0x62, 0x22])
    }

    @Test("a prefix of a long string is decoded without the rest")
    func prefix() throws {
        let document = try JSONDocument("[\"" + String(repeating: "é", count: 1000) + "\"]")
        let prefix = try #require(document.stringPrefix(1, maximumScalars: 10))
        #expect(prefix.text == String(repeating: "é", count: 10))
        #expect(!prefix.isComplete)
        #expect(document.stringPrefix(1, maximumScalars: 5000)?.isComplete == true)
        #expect(document.stringPrefix(1, maximumScalars: 1000)?.isComplete == true, "exactly at the limit")
    }

    @Test("a 50 MB string builds, and its start decodes at once")
    func fiftyMegabyteString() throws {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 50 * 1024 * 1024 + 2)
        bytes[0] = UInt8(ascii: "\"")
        bytes[bytes.count - 1] = UInt8(ascii: "\"")
        bytes[1000] = UInt8(ascii: "\\")
        bytes[1001] = UInt8(ascii: "n")
        let document = try JSONDocument(bytes: bytes)
        #expect(document.entryCount == 1)
        #expect(document.stringPrefix(0, maximumScalars: 4)?.text == "xxxx")
        #expect(document.valueRange(0) == 0..<bytes.count)
        #expect(document.hasEscapes(0))
    }

    @Test("keys decode like strings")
    func keys() throws {
        let document = try JSONDocument(#"{"a\u0062": 1, "\"q\"": 2}"#)
        #expect(document.key(1) == "ab")
        #expect(document.hasEscapes(1, inKey: true))
        #expect(document.key(2) == "\"q\"")
        #expect(document.rawKey(2) == #""\"q\"""#)
    }
}
