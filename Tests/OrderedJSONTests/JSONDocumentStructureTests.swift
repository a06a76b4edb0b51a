import Foundation
import Testing

@testable import OrderedJSON

@Suite("A document keeps the text's structure")
struct JSONDocumentStructureTests {
    /// Each entry as `depth kind key` for compact comparisons.
    func outline(_ document: JSONDocument) -> [String] {
        (0..<document.entryCount).map { entry in
            let key = document.key(entry).map { " \($0)" } ?? ""
            return "\(document.depth(entry)) \(document.kind(entry))\(key)"
        }
    }

    @Test("keys stay in the server's order, duplicates included")
    func keyOrderAndDuplicates() throws {
        let document = try JSONDocument(#"{"z": 1, "a": 2, "m": {"b": 3, "b": 4}, "a": 5}"#)
        let keys = document.children(of: document.root).map { document.key($0) }
        #expect(keys == ["z", "a", "m", "a"])
        let inner = try #require(document.child(of: document.root, key: "m"))
        #expect(document.children(of: inner).map { document.rawText($0) } == ["3", "4"])
        #expect(document.child(of: document.root, key: "a").flatMap(document.numberText) == "2")
    }

    @Test("one entry per scalar and empty container, two per non-empty container")
    func entries() throws {
        let document = try JSONDocument(#"{"a": [1, {}, []], "b": {"c": null}}"#)
        #expect(
            outline(document) == [
                "0 objectStart", "1 arrayStart a", "2 number", "2 emptyObject", "2 emptyArray", "1 arrayEnd",
                "1 objectStart b", "2 null c", "1 objectEnd", "0 objectEnd",
            ])
        #expect(document.matchingEntry(1) == 5)
        #expect(document.matchingEntry(5) == 1)
        #expect(document.matchingEntry(2) == 2)
        #expect(document.childCount(of: 0) == 2)
        #expect(document.childCount(of: 1) == 3)
        #expect(document.parent(of: 3) == 1)
        #expect(document.parent(of: 7) == 6)
        #expect(document.parent(of: 6) == 0)
        #expect(document.parent(of: 0) == nil)
        #expect(document.isLastInContainer(1) == false)
        #expect(document.isLastInContainer(6) == true)
        #expect(document.isLastInContainer(4) == true)
    }

    @Test("every number keeps its text")
    func numberText() throws {
        let numbers = ["1.10", "1e2", "-0", "12345678901234567890", "1.7976931348623157e309", "0.0", "-1E-7", "5"]
        let document = try JSONDocument("[" + numbers.joined(separator: ", ") + "]")
        let texts = document.children(of: document.root).map { document.numberText($0) }
        #expect(texts == numbers)
        #expect(document.int(try #require(document.child(of: 0, index: 7))) == 5)
        #expect(document.double(try #require(document.child(of: 0, index: 1))) == 100)
    }

    @Test("raw text of values and keys is the bytes as sent")
    func rawText() throws {
        let text = #"{ "url" : "http:\/\/x\u00e9" , "list":[ 1 ,2 ], "e" : { } }"#
        let document = try JSONDocument(text)
        let url = try #require(document.child(of: 0, key: "url"))
        #expect(document.rawText(url) == #""http:\/\/x\u00e9""#)
        #expect(document.string(url) == "http://xé")
        #expect(document.rawKey(url) == #""url""#)
        let list = try #require(document.child(of: 0, key: "list"))
        #expect(document.rawText(list) == "[ 1 ,2 ]")
        #expect(document.rawText(try #require(document.child(of: 0, key: "e"))) == "{ }")
        #expect(document.rawText(0) == text)
    }

    @Test("literals, booleans and bare scalars")
    func scalars() throws {
        #expect(try JSONDocument("true").bool(0) == true)
        #expect(try JSONDocument(" false ").bool(0) == false)
        #expect(try JSONDocument("null").kind(0) == .null)
        #expect(try JSONDocument("7").numberText(0) == "7")
        #expect(try JSONDocument(#""s""#).string(0) == "s")
        #expect(try JSONDocument("[]").kind(0) == .emptyArray)
        #expect(try JSONDocument("[]").entryCount == 1)
    }

    @Test("a UTF-8 byte order mark is skipped")
    func byteOrderMark() throws {
        let document = try JSONDocument(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8))
        #expect(document.contentStart == 3)
        #expect(document.key(1) == "a")
    }

    @Test("100,000 levels of nesting build without recursion")
    func deepNesting() throws {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let document = try JSONDocument(text)
        #expect(document.entryCount == 2 * depth + 1)
        #expect(document.depth(depth) == depth)
        #expect(document.kind(depth) == .number)
        #expect(document.matchingEntry(0) == 2 * depth)
        #expect(document.depth(2 * depth) == 0)
        let unclosed = String(repeating: "{\"a\":", count: depth) + "1"
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(unclosed) }
    }

    @Test("depth checkpoints agree with a walk from the start")
    func depthCheckpoints() throws {
        var text = "["
        for index in 0..<600 { text += (index > 0 ? "," : "") + #"{"a":[1,[2]],"b":{}}"# }
        text += "]"
        let document = try JSONDocument(text)
        var depth = 0
        var wrong: [(entry: Int, depth: Int, walked: Int)] = []
        for entry in 0..<document.entryCount {
            if document.kind(entry).isClosing { depth -= 1 }
            if document.depth(entry) != depth { wrong.append((entry, document.depth(entry), depth)) }
            if document.kind(entry).isOpening { depth += 1 }
        }
        #expect(wrong.isEmpty, "first entries whose depth differs from the walk: \(wrong.prefix(5))")
    }

    @Test("large containers know their child count")
    func largeChildCount() throws {
        let document = try JSONDocument("[" + (0..<5000).map(String.init).joined(separator: ",") + "]")
        #expect(document.childCount(of: 0) == 5000)
        #expect(document.largeChildCounts[0] == 5000)
    }

    @Test("links too long for an entry are kept aside")
    func farLinks() {
        let tape = JSONTape(expected: 4)
        tape.append(JSONTape.word(offset: 0, kind: .arrayStart, flags: 0))
        tape.setLink(0, distance: 40_000_000)
        #expect(JSONTape.link(tape[0]) == JSONTape.linkOverflow)
        #expect(tape.farLinks[0] == 40_000_000)
        tape.setLink(0, distance: 12)
        #expect(JSONTape.link(tape[0]) == 12)
    }

    @Test("offsets far past their group's first entry (after long strings) are kept exactly")
    func farOffsets() throws {
        // Strings of 70,000 and 200,000 bytes put the entries after them more than 65,534 bytes
        // past their group's first entry; keys make members start at their key.
        let values = (0..<40).map { index in
            switch index {
            case 3: "\"" + String(repeating: "x", count: 70_000) + "\""
            case 17: "\"" + String(repeating: "y", count: 200_000) + "\""
            case 18: "[]"
            default: String(index)
            }
        }
        let text = "{" + values.enumerated().map { "\"k\($0)\": \($1)" }.joined(separator: ", ") + "}"
        let document = try JSONDocument(text)
        let bytes = Array(text.utf8)
        let children = Array(document.children(of: document.root))
        #expect(children.count == values.count)
        for (index, child) in children.enumerated() {
            #expect(document.key(child) == "k\(index)")
            let range = document.valueRange(child)
            #expect(String(decoding: bytes[range], as: UTF8.self) == values[index], "member \(index)")
            #expect(document.entry(atByteOffset: range.lowerBound) == child, "member \(index)")
        }
        #expect(document.kind(document.entryCount - 1) == .objectEnd)
        #expect(document.valueRange(document.root).count == bytes.count)

        // Indexed as it arrives, in chunks, the same entries come out.
        let indexer = JSONStreamIndexer(expectedCount: bytes.count)
        for start in stride(from: 0, to: bytes.count, by: 4096) {
            try indexer.append(Data(bytes[start..<min(bytes.count, start + 4096)]))
        }
        let streamed = try indexer.finish()
        #expect(streamed.entryCount == document.entryCount)
        for entry in 0..<document.entryCount {
            #expect(streamed.valueRange(entry) == document.valueRange(entry), "entry \(entry)")
            #expect(streamed.kind(entry) == document.kind(entry), "entry \(entry)")
        }
    }

    @Test("containers around the longest link an entry holds find their brackets and siblings")
    func linksAroundTheEntryLimit() throws {
        for length in [1, 508, 509, 510, 511, 512, 2000] {
            let inner = "[" + (0..<length).map(String.init).joined(separator: ",") + "]"
            let document = try JSONDocument("[" + inner + ", true]")
            let close = length + 2
            #expect(document.kind(close) == .arrayEnd, "length \(length)")
            #expect(document.matchingEntry(1) == close, "length \(length)")
            #expect(document.matchingEntry(close) == 1, "length \(length)")
            #expect(document.nextSibling(of: 1) == close + 1, "length \(length)")
            #expect(document.parent(of: close + 1) == 0, "length \(length)")
            #expect(document.childCount(of: 1) == length, "length \(length)")
            #expect(document.valueRange(1).count == inner.utf8.count, "length \(length)")
        }
    }

    @Test("the entry at a byte offset")
    func entryAtOffset() throws {
        let document = try JSONDocument(#"{"a": "xyz", "b": 2}"#)
        #expect(document.entry(atByteOffset: 0) == 0)
        #expect(document.entry(atByteOffset: 8) == 1)
        #expect(document.entry(atByteOffset: 14) == 2)
    }
}
