import Foundation
import OrderedJSON
import Testing

@testable import Browser

/// What changed between two versions of a body, on a table of cases.
@Suite("what changed: diff rules")
struct ChangeDetectorTests {
    private static func json(_ text: String) throws -> ChangeDetector.Version {
        .json(try JSONDocument(text))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var old: String
        var new: String
        var summary: String
        var counts: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "one value", old: #"{"id":7,"status":"paid"}"#, new: #"{"id":7,"status":"shipped"}"#,
            summary: #"status "paid" → "shipped""#, counts: "+0 −0 ~1"),
        Case(
            name: "nested value", old: #"{"a":{"b":{"c":1}}}"#, new: #"{"a":{"b":{"c":2}}}"#,
            summary: "a.b.c 1 → 2", counts: "+0 −0 ~1"),
        Case(
            name: "number text kept", old: #"{"n":1.0}"#, new: #"{"n":1.00}"#, summary: "n 1.0 → 1.00",
            counts: "+0 −0 ~1"),
        Case(
            name: "added key", old: #"{"a":1}"#, new: #"{"a":1,"b":[1,2]}"#, summary: "+ b [1,2]",
            counts: "+1 −0 ~0"),
        Case(name: "removed key", old: #"{"a":1,"b":2}"#, new: #"{"a":1}"#, summary: "− b", counts: "+0 −1 ~0"),
        Case(
            name: "type change", old: #"{"a":"1"}"#, new: #"{"a":1}"#, summary: #"a "1" → 1"#, counts: "+0 −0 ~1"),
        Case(
            name: "reorder with ids is no change", old: #"[{"id":1,"v":"a"},{"id":2,"v":"b"}]"#,
            new: #"[{"id":2,"v":"b"},{"id":1,"v":"a"}]"#, summary: "no value changed", counts: "+0 −0 ~0"),
        Case(
            name: "reorder with ids and a change", old: #"[{"id":1,"v":"a"},{"id":2,"v":"b"}]"#,
            new: #"[{"id":2,"v":"B"},{"id":1,"v":"a"}]"#, summary: #"[1→0].v "b" → "B""#, counts: "+0 −0 ~1"),
        Case(
            name: "many changes", old: #"{"a":1,"b":2,"c":3,"d":4}"#, new: #"{"a":9,"b":9,"e":5}"#,
            summary: "+1 −2 ~2  a 1 → 9 …", counts: "+1 −2 ~2"),
        Case(
            name: "arrays without ids by position", old: "[1,2,3]", new: "[1,5,3,4]",
            summary: "+1 −0 ~1  [1] 2 → 5 …", counts: "+1 −0 ~1"),
        Case(
            name: "long value clipped", old: #"{"t":"short"}"#,
            new: #"{"t":"\#(String(repeating: "x", count: 100))"}"#,
            summary: #"t "short" → "\#(String(repeating: "x", count: 38))…"#, counts: "+0 −0 ~1"),
    ]

    @Test("JSON diffs by path", arguments: cases)
    func jsonCases(_ item: Case) throws {
        let change = ChangeDetector.compare(try Self.json(item.old), try Self.json(item.new))
        #expect(change.method == .json)
        #expect(change.summary == item.summary)
        #expect(change.counts == item.counts)
    }

    @Test("a huge array with one changed element gives one change, highlighted on its line")
    func hugeArray() throws {
        let count = 50_000
        let old = "[" + (0..<count).map { #"{"id":\#($0),"v":\#($0)}"# }.joined(separator: ",") + "]"
        let new = old.replacingOccurrences(of: #"{"id":31415,"v":31415}"#, with: #"{"id":31415,"v":-1}"#)
        let newDocument = try JSONDocument(new)
        let change = ChangeDetector.compare(try Self.json(old), .json(newDocument))
        #expect(change.summary == "[31415].v 31415 → -1")
        #expect(change.highlightedEntries.count == 1)
        let outline = JSONOutline(newDocument)
        let lines = (0..<outline.lineCount).filter { line in
            outline.entry(atLine: line).map(change.highlightedEntries.contains) ?? false
        }
        #expect(lines.count == 1)
        #expect(outline.line(lines[0])?.plainText.contains("-1") == true)
    }

    @Test("text diffs by lines, and the added lines are the highlighted ones")
    func text() {
        let change = ChangeDetector.compare(.text("a\nb\nc\n"), .text("a\nB\nc\nd\n"))
        #expect(change.method == .lines)
        #expect(change.counts == "+2 −1")
        #expect(change.summary == "+2 −1 lines")
        #expect(change.highlightedEntries == [1, 3])
        let one = ChangeDetector.compare(.text("x\ny\n"), .text("x\nz\n"))
        #expect(one.summary == "line 2: y → z")
        #expect(one.diffText.contains("-y") && one.diffText.contains("+z"))
    }

    @Test("bytes only say whether they differ; JSON to text is a replacement")
    func otherKinds() throws {
        #expect(ChangeDetector.compare(.bytes(Data([1, 2])), .bytes(Data([1, 2]))).isEmpty)
        let replaced = ChangeDetector.compare(try Self.json("{}"), .text("hello"))
        #expect(replaced.summary == "body replaced (JSON → text)")
    }

    @Test("the full diff lists every change under its counts")
    func fullDiff() throws {
        let change = ChangeDetector.compare(
            try Self.json(#"{"status":"paid","items":[1]}"#), try Self.json(#"{"status":"shipped","items":[1,2]}"#))
        let lines = change.diffText.components(separatedBy: "\n")
        #expect(lines[0] == "@@ +1 −0 ~1 (JSON, by path)")
        #expect(lines.contains(#"~ $.status: "paid" → "shipped""#))
        #expect(lines.contains("+ $.items[1]: 2"))
    }

    @Test("a change inside an element matched by id names where it was and where it is")
    func movedElement() throws {
        // Sorted newest first: the item that changed moved from index 2 to index 0.
        let old = #"{"items":[{"id":"a","quantity":5},{"id":"b","quantity":3},{"id":"c","quantity":1}]}"#
        let new = #"{"items":[{"id":"c","quantity":2},{"id":"a","quantity":5},{"id":"b","quantity":4},{"id":"d"}]}"#
        let change = ChangeDetector.compare(try Self.json(old), try Self.json(new))
        let lines = change.diffText.components(separatedBy: "\n")
        #expect(lines.contains("~ $.items[2→0].quantity: 1 → 2"), "\(lines)")
        #expect(lines.contains("~ $.items[1→2].quantity: 3 → 4"), "\(lines)")
        #expect(lines.contains(#"+ $.items[3]: {"id":"d"}"#), "an added element has only its new index")
        #expect(change.summary.hasPrefix("+1 −0 ~2  items[1→2].quantity 3 → 4"), "\(change.summary)")
        let removal = ChangeDetector.compare(
            try Self.json(#"[{"id":1},{"id":2,"v":1}]"#), try Self.json(#"[{"id":2,"v":2}]"#))
        #expect(removal.diffText.components(separatedBy: "\n").contains("- $[0]: {\"id\":1}"))
        #expect(removal.diffText.components(separatedBy: "\n").contains("~ $[1→0].v: 1 → 2"))
        // An element that stayed where it was has one index, as arrays compared by position do.
        let stayed = ChangeDetector.compare(
            try Self.json(#"[{"id":1,"v":1},{"id":2}]"#), try Self.json(#"[{"id":1,"v":2},{"id":3}]"#))
        #expect(stayed.diffText.components(separatedBy: "\n").contains("~ $[0].v: 1 → 2"))
    }
}
