import OrderedJSON
import Testing

@testable import Workspace

@Suite("JSON Pointers (RFC 6901)")
struct JSONPointerTests {
    @Test("tokens escaped and read back")
    func escaping() {
        #expect(JSONPointer.escape("~/") == "~0~1")
        #expect(JSONPointer.unescape("~0~1x") == "~/x")
        #expect(JSONPointer.unescape("~01") == "~1")
        #expect(JSONPointer.unescape("a~2") == nil)
        #expect(JSONPointer.appending("/a", "b/c") == "/a/b~1c")
        for token in ["", "plain", "a~b/c", "~1", "é/~"] {
            #expect(JSONPointer.unescape(Substring(JSONPointer.escape(token))) == token)
        }
    }

    @Test("pointers in URI fragments are percent-decoded first")
    func fragments() {
        #expect(JSONPointer.tokens(fragment: "/a%20b/c%25d") == ["a b", "c%d"])
        #expect(JSONPointer.tokens(fragment: "/x~1y") == ["x/y"])
        #expect(JSONPointer.tokens(fragment: "") == [])
        #expect(JSONPointer.tokens(fragment: "anchor") == nil)
        #expect(JSONPointer.decoding(fragment: "/%7Bid%7D") == "/{id}")
    }

    @Test("array indexes are decimal without leading zeros")
    func indexes() {
        #expect(JSONPointer.index("0") == 0)
        #expect(JSONPointer.index("12") == 12)
        #expect(JSONPointer.index("01") == nil)
        #expect(JSONPointer.index("-1") == nil)
        #expect(JSONPointer.index("+1") == nil)
        #expect(JSONPointer.index("") == nil)
        #expect(JSONPointer.index("1e2") == nil)
    }

    @Test("pointers followed in a document, and written for an entry")
    func resolving() throws {
        let document = try JSONDocument(#"{"a/b": [10, {"~": true}], "": 1, "c": {"d": null}}"#)
        let examples: [(String, String)] = [
            ("/a~1b/1/~0", "true"), ("/a~1b/0", "10"), ("/", "1"), ("/c/d", "null"),
        ]
        for (pointer, value) in examples {
            let tokens = try #require(JSONPointer.tokens(pointer))
            let entry = try #require(JSONPointer.resolve(document, tokens: tokens, from: document.root), "\(pointer)")
            #expect(document.rawText(entry) == value, "\(pointer)")
            #expect(JSONPointer.pointer(to: entry, in: document) == pointer)
        }
        #expect(JSONPointer.resolve(document, tokens: [], from: document.root) == document.root)
        #expect(JSONPointer.pointer(to: document.root, in: document) == "")
        for pointer in ["/a~1b/2", "/a~1b/01", "/c/d/e", "/missing"] {
            let tokens = try #require(JSONPointer.tokens(pointer))
            #expect(JSONPointer.resolve(document, tokens: tokens, from: document.root) == nil, "\(pointer)")
        }
    }
}
