import Foundation
import Testing

@testable import Browser

@Suite("JSON document model")
struct JSONDocumentTests {
    static func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    func lines(_ document: JSONDocument) -> [String] {
        var result: [String] = []
        var index = 0
        while let line = document.line(index) {
            result.append(line.plainText)
            index += 1
        }
        return result
    }

    @Test("objects and arrays pretty-print with sorted keys and commas")
    func prettyPrint() throws {
        let document = JSONDocument(try Self.parse(#"{"b": [1, true, null], "a": "x", "c": {}}"#))
        #expect(
            lines(document) == [
                "{", #"  "a": "x","#, #"  "b": ["#, "    1,", "    true,", "    null", "  ],", #"  "c": {}"#, "}",
            ])
        #expect(document.lineCount == 9)
    }

    @Test("booleans are told apart from numbers")
    func booleans() throws {
        let document = JSONDocument(try Self.parse("[true, 1, 0, false, 1.5]"))
        #expect(lines(document) == ["[", "  true,", "  1,", "  0,", "  false,", "  1.5", "]"])
    }

    @Test("folding a container collapses it to a summary line and back")
    func folding() throws {
        let document = JSONDocument(try Self.parse(#"{"list": [1, 2, 3], "z": 0}"#))
        #expect(document.toggleFold(atLine: 1))
        #expect(lines(document) == ["{", #"  "list": […] 3 items,"#, #"  "z": 0"#, "}"])
        #expect(document.lineCount == 4)
        #expect(document.toggleFold(atLine: 1))
        #expect(document.lineCount == 8)
        #expect(!document.toggleFold(atLine: 2))
    }

    @Test("search finds keys and values, unfolds, and wraps with n and N")
    func search() throws {
        let document = JSONDocument(try Self.parse(#"{"a": {"needle": 1}, "b": "has NEEDLE", "c": 2}"#))
        document.foldAll(atDepth: 1)
        let first = try #require(document.nextMatch("needle", after: 0))
        #expect(document.line(first)?.plainText == #"    "needle": 1"#)
        let second = try #require(document.nextMatch("needle", after: first))
        #expect(document.line(second)?.plainText == #"  "b": "has NEEDLE","#)
        #expect(document.nextMatch("needle", after: second) == first)
        #expect(document.nextMatch("needle", after: first, forward: false) == second)
        #expect(document.nextMatch("absent", after: 0) == nil)
    }

    @Test("links are strings that are paths or http URLs")
    func links() throws {
        let document = JSONDocument(
            try Self.parse(#"{"a": "/users/1", "b": "http://x/y", "c": "plain", "d": "//evil"}"#))
        #expect(document.link(atLine: 1) == "/users/1")
        #expect(document.link(atLine: 2) == "http://x/y")
        #expect(document.link(atLine: 3) == nil)
        #expect(document.link(atLine: 4) == nil)
    }

    @Test("hostile keys and strings are JSON-escaped")
    func hostileStrings() throws {
        let document = JSONDocument(["k\u{1B}[2J": "v\u{202E}\u{0}"])
        let text = try #require(document.line(1)?.plainText)
        #expect(text == #"  "k\u001B[2J": "v\u202E\u0000""#)
    }

    @Test("a 100 000 item array shows its first and a far line without walking everything")
    func largeArrayIsLazy() {
        let items: [Any] = (0..<100_000).map { ["id": $0, "name": "item \($0)", "tags": ["a", "b"]] as [String: Any] }
        let document = JSONDocument(items)
        #expect(document.line(0)?.plainText == "[")
        #expect(document.line(1)?.plainText == "  {")
        #expect(document.line(2)?.plainText == #"    "id": 0,"#)
        #expect(document.hasLine(80))
        #expect(document.root.createdChildCount <= 11)
        #expect(document.lineCount == 2 + 100_000 * 8)
        #expect(document.line(2 + 99_999 * 8)?.plainText == #"    "id": 99999,"#)
    }
}
