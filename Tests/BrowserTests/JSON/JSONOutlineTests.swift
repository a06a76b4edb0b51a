import Foundation
import OrderedJSON
import Testing

@testable import Browser

@Suite("JSON outline: the document as lines with folds")
struct JSONOutlineTests {
    func outline(_ text: String) throws -> JSONOutline { JSONOutline(try JSONDocument(text)) }

    func lines(_ outline: JSONOutline) -> [String] {
        var result: [String] = []
        var index = 0
        while let line = outline.line(index) {
            result.append(line.plainText)
            index += 1
        }
        return result
    }

    @Test("keys keep the server's order, duplicates and number text")
    func prettyPrint() throws {
        let outline = try outline(#"{"z": [1.10, true, null], "a": "x", "a": 1e2, "c": {}, "n": -0}"#)
        #expect(
            lines(outline) == [
                "{", #"  "z": ["#, "    1.10,", "    true,", "    null", "  ],", #"  "a": "x","#, #"  "a": 1e2,"#,
                #"  "c": {},"#, #"  "n": -0"#, "}",
            ])
        #expect(outline.lineCount == 11)
    }

    @Test("big and precise numbers are shown as sent")
    func numbers() throws {
        let outline = try outline("[12345678901234567890, 1.7976931348623157e309, 0.1000]")
        #expect(lines(outline) == ["[", "  12345678901234567890,", "  1.7976931348623157e309,", "  0.1000", "]"])
    }

    @Test("folding a container collapses it to a summary line and back")
    func folding() throws {
        var outline = try outline(#"{"list": [1, 2, 3], "z": 0}"#)
        #expect(outline.toggleFold(atLine: 1) == 1)
        #expect(lines(outline) == ["{", #"  "list": […] 3 items,"#, #"  "z": 0"#, "}"])
        #expect(outline.lineCount == 4)
        #expect(outline.entry(atLine: 2) == 6)
        #expect(outline.line(ofEntry: 3) == nil)
        #expect(outline.toggleFold(atLine: 1) == 1)
        #expect(outline.lineCount == 8)
        #expect(outline.toggleFold(atLine: 2) == nil)
        #expect(outline.toggleFold(atLine: 5) == 1, "from the closing line, the container folds and its line is given")
        #expect(outline.lineCount == 4)
    }

    @Test("folds inside folds, and lines and entries map both ways")
    func nestedFolds() throws {
        var outline = try outline(#"[{"a": [1, 2]}, {"b": [3]}, 4]"#)
        outline.setFolded(2, true)
        outline.setFolded(1, true)
        outline.setFolded(7, true)
        #expect(lines(outline) == ["[", "  {…} 1 key,", "  {…} 1 key,", "  4", "]"])
        for line in 0..<outline.lineCount {
            let entry = try #require(outline.entry(atLine: line))
            #expect(outline.line(ofEntry: entry) == line)
        }
        outline.setFolded(1, false)
        #expect(lines(outline) == ["[", "  {", #"    "a": […] 2 items"#, "  },", "  {…} 1 key,", "  4", "]"])
        #expect(outline.reveal(4) == 4)
        #expect(!outline.isFolded(2))
    }

    @Test("folding every container at a depth")
    func foldAll() throws {
        var outline = try outline(#"{"a": {"b": {"c": 1}}, "d": [1]}"#)
        outline.foldAll(atDepth: 1)
        #expect(lines(outline) == ["{", #"  "a": {…} 1 key,"#, #"  "d": […] 1 item"#, "}"])
    }

    @Test("links are strings that are paths or http URLs")
    func links() throws {
        let outline = try outline(#"{"a": "/users/1", "b": "http:\/\/x/y", "c": "plain", "d": "//evil"}"#)
        #expect(outline.link(atLine: 1) == "/users/1")
        #expect(outline.link(atLine: 2) == "http://x/y")
        #expect(outline.link(atLine: 3) == nil)
        #expect(outline.link(atLine: 4) == nil)
    }

    @Test("hostile keys and strings are JSON-escaped")
    func hostileStrings() throws {
        let outline = try outline(#"{"k\u001B[2J": "v\u202E\u0000", "x": "\uD83D\uDE00 \uD800"}"#)
        #expect(outline.line(1)?.plainText == #"  "k\u001B[2J": "v\u202E\u0000","#)
        #expect(outline.line(2)?.plainText == #"  "x": "😀 �""#)
    }

    @Test("a long string is cut at the column limit")
    func longString() throws {
        let outline = try outline("[\"" + String(repeating: "x", count: 100_000) + "\"]")
        let line = try #require(outline.line(1, maximumColumns: 20)?.plainText)
        #expect(line == "  \"" + String(repeating: "x", count: 20) + "…\"")
    }

    @Test("a 100 000 item array maps far lines at once")
    func largeArray() throws {
        let items = (0..<100_000).map { #"{"id":\#($0),"name":"item \#($0)","tags":["a","b"]}"# }
        let outline = try outline("[" + items.joined(separator: ",") + "]")
        #expect(outline.line(0)?.plainText == "[")
        #expect(outline.line(2)?.plainText == #"    "id": 0,"#)
        #expect(outline.lineCount == 2 + 100_000 * 8)
        #expect(outline.line(2 + 99_999 * 8)?.plainText == #"    "id": 99999,"#)
        #expect(outline.line(outline.lineCount - 2)?.plainText == "  }")
    }
}
