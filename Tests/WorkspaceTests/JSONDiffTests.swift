import OrderedJSON
import Testing

@testable import Workspace

/// Two JSON texts and the changes between them, one line each: `+ path: new`, `- path: old`,
/// `~ path: old → new`, `! path: old → new` (type change).
struct JSONDiffCase: Sendable, CustomTestStringConvertible {
    let name: String
    let old: String
    let new: String
    let expected: [String]

    var testDescription: String { name }
}

private func lines(_ diff: JSONDiff) -> [String] {
    diff.changes.map { change in
        switch change.kind {
        case .added: return "+ \(change.path): \(change.newText ?? "?")"
        case .removed: return "- \(change.path): \(change.oldText ?? "?")"
        case .changed: return "~ \(change.path): \(change.oldText ?? "?") → \(change.newText ?? "?")"
        case .typeChanged: return "! \(change.path): \(change.oldText ?? "?") → \(change.newText ?? "?")"
        }
    }
}

private func diff(_ old: String, _ new: String, limit: Int = JSONDiff.defaultLimit) throws -> JSONDiff {
    JSONDiff.compare(try JSONDocument(old), try JSONDocument(new), limit: limit)
}

private let smallCases: [JSONDiffCase] = [
    JSONDiffCase(
        name: "equal documents", old: #"{"a":1,"b":[true,null]}"#, new: #"{"a":1,"b":[true,null]}"#, expected: []),
    JSONDiffCase(
        name: "whitespace alone is not a change", old: #"{"a":1,"b":[1,2]}"#, new: "{ \"a\" : 1,\n  \"b\" : [ 1, 2 ] }",
        expected: []),
    JSONDiffCase(name: "key order alone is not a change", old: #"{"a":1,"b":2}"#, new: #"{"b":2,"a":1}"#, expected: []),
    JSONDiffCase(name: "a scalar changes", old: #"{"a":1}"#, new: #"{"a":2}"#, expected: ["~ $.a: 1 → 2"]),
    JSONDiffCase(
        name: "numbers compare as sent", old: #"{"price":1.0,"big":1e2,"z":-0}"#, new: #"{"price":1,"big":100,"z":-0}"#,
        expected: ["~ $.price: 1.0 → 1", "~ $.big: 1e2 → 100"]),
    JSONDiffCase(
        name: "strings compare as sent, escapes included", old: #"{"s":"é"}"#, new: #"{"s":"\u00e9"}"#,
        expected: [#"~ $.s: "é" → "\u00e9""#]),
    JSONDiffCase(
        name: "true to false is a change", old: #"{"on":true}"#, new: #"{"on":false}"#,
        expected: ["~ $.on: true → false"]),
    JSONDiffCase(
        name: "keys added and removed", old: #"{"a":1,"c":{"x":[1]}}"#, new: #"{"a":1,"b":2}"#,
        expected: [#"- $.c: {"x":[1]}"#, "+ $.b: 2"]),
    JSONDiffCase(
        name: "an object becomes an array", old: #"{"a":{"x":1}}"#, new: #"{"a":[1]}"#,
        expected: [#"! $.a: {"x":1} → [1]"#]),
    JSONDiffCase(
        name: "a number becomes a string, null a number", old: #"{"n":1,"m":null}"#, new: #"{"n":"1","m":0}"#,
        expected: [#"! $.n: 1 → "1""#, "! $.m: null → 0"]),
    JSONDiffCase(
        name: "nested paths", old: #"{"users":[{"n":"a"},{"n":"b","tags":["x"]}]}"#,
        new: #"{"users":[{"n":"a"},{"n":"c","tags":["x","y"]}]}"#,
        expected: [#"~ $.users[1].n: "b" → "c""#, #"+ $.users[1].tags[1]: "y""#]),
    JSONDiffCase(
        name: "keys quoted when needed", old: #"{"a b":1,"名前":"x","say \"hi\"":1,"_ok1":1,"1a":1,"":1}"#,
        new: #"{"a b":2,"名前":"y","say \"hi\"":2,"_ok1":2,"1a":2,"":2}"#,
        expected: [
            #"~ $["a b"]: 1 → 2"#, #"~ $["名前"]: "x" → "y""#, #"~ $["say \"hi\""]: 1 → 2"#, "~ $._ok1: 1 → 2",
            #"~ $["1a"]: 1 → 2"#, #"~ $[""]: 1 → 2"#,
        ]),
    JSONDiffCase(
        name: "an escaped key is the same key", old: #"{"caf\u00e9":1}"#, new: #"{"café":1}"#, expected: []),
    JSONDiffCase(name: "arrays by position: one removed", old: "[1,2,3]", new: "[1,2]", expected: ["- $[2]: 3"]),
    JSONDiffCase(name: "arrays by position: one added", old: "[1]", new: "[1,[2]]", expected: ["+ $[1]: [2]"]),
    JSONDiffCase(
        name: "arrays by position: an insertion at the front shifts everything", old: "[1,2]", new: "[0,1,2]",
        expected: ["~ $[0]: 1 → 0", "~ $[1]: 2 → 1", "+ $[2]: 2"]),
    JSONDiffCase(
        name: "objects with ids: an insertion at the front is one addition",
        old: #"[{"id":1,"v":"a"},{"id":2,"v":"b"}]"#, new: #"[{"id":0,"v":"z"},{"id":1,"v":"a"},{"id":2,"v":"B"}]"#,
        expected: [#"~ $[1→2].v: "b" → "B""#, #"+ $[0]: {"id":0,"v":"z"}"#]),
    JSONDiffCase(
        name: "objects with ids: reordering alone is not a change, a removal is one",
        old: #"[{"id":"a"},{"id":"b"},{"id":"c"}]"#, new: #"[{"id":"c"},{"id":"a"}]"#,
        expected: [#"- $[1]: {"id":"b"}"#]),
    JSONDiffCase(
        name: "objects with ids, same length: a swap is not a change",
        old: #"[{"id":1,"v":1},{"id":2,"v":2}]"#, new: #"[{"id":2,"v":2},{"id":1,"v":1}]"#, expected: []),
    JSONDiffCase(
        name: "objects with ids, same length: a replaced element is a removal and an addition",
        old: #"[{"id":1},{"id":2}]"#, new: #"[{"id":1},{"id":3}]"#,
        expected: [#"- $[1]: {"id":2}"#, #"+ $[1]: {"id":3}"#]),
    JSONDiffCase(
        name: "objects with ids, same length: a changed name under a stable id is a change",
        old: #"[{"id":1,"name":"a"},{"id":2,"name":"b"}]"#, new: #"[{"id":1,"name":"a"},{"id":2,"name":"c"}]"#,
        expected: [#"~ $[1].name: "b" → "c""#]),
    JSONDiffCase(
        name: "repeated ids give way to the next key that is unique",
        old: #"[{"id":1,"name":"a","v":1},{"id":1,"name":"b","v":2}]"#,
        new: #"[{"id":1,"name":"b","v":2},{"id":1,"name":"a","v":3}]"#, expected: ["~ $[0→1].v: 1 → 3"]),
    JSONDiffCase(
        name: "_id, uuid, key and name serve when id is missing",
        old: #"{"a":[{"_id":"x","v":1},{"_id":"y","v":2}],"b":[{"name":"n1","v":1},{"name":"n2","v":2}]}"#,
        new:
            #"{"a":[{"_id":"y","v":2},{"_id":"x","v":9}],"b":[{"name":"n0","v":0},{"name":"n1","v":1},{"name":"n2","v":2}]}"#,
        expected: ["~ $.a[0→1].v: 1 → 9", #"+ $.b[0]: {"name":"n0","v":0}"#]),
    JSONDiffCase(
        name: "objects with ids: inside an element that moved, every change names both of its positions",
        old: #"[{"id":1},{"id":2,"tags":["x","y"],"n":1}]"#, new: #"[{"id":2,"tags":["x","z","w"]},{"id":1}]"#,
        expected: [#"~ $[1→0].tags[1]: "y" → "z""#, #"+ $[1→0].tags[2]: "w""#, #"- $[1→0].n: 1"#]),
    JSONDiffCase(
        name: "repeated ids fall back to positions",
        old: #"[{"id":1,"v":1},{"id":1,"v":2}]"#, new: #"[{"id":1,"v":1},{"id":1,"v":3}]"#,
        expected: ["~ $[1].v: 2 → 3"]),
    JSONDiffCase(
        name: "ids compare as raw text: 1 and \"1\" differ",
        old: #"[{"id":1}]"#, new: #"[{"id":"1"}]"#, expected: [#"- $[0]: {"id":1}"#, #"+ $[0]: {"id":"1"}"#]),
    JSONDiffCase(
        name: "arrays mixing objects and other values are compared by position",
        old: #"[{"id":1},2]"#, new: #"[{"id":0},{"id":1},2]"#,
        expected: [#"~ $[0].id: 1 → 0"#, #"! $[1]: 2 → {"id":1}"#, "+ $[2]: 2"]),
    JSONDiffCase(
        name: "repeated keys match by occurrence", old: #"{"a":1,"a":2,"b":0}"#, new: #"{"a":1,"a":3,"b":0}"#,
        expected: ["~ $.a#2: 2 → 3"]),
    JSONDiffCase(
        name: "a repeated key removed", old: #"{"a":1,"a":2}"#, new: #"{"a":1}"#, expected: ["- $.a#2: 2"]),
    JSONDiffCase(name: "scalar roots", old: "1", new: "2", expected: ["~ $: 1 → 2"]),
    JSONDiffCase(name: "equal string roots", old: #""x""#, new: #" "x" "#, expected: []),
    JSONDiffCase(name: "a root changes type", old: "true", new: "null", expected: ["! $: true → null"]),
    JSONDiffCase(name: "empty objects", old: "{}", new: "{ }", expected: []),
    JSONDiffCase(name: "an empty array gains an element", old: "[]", new: "[1]", expected: ["+ $[0]: 1"]),
    JSONDiffCase(name: "an empty object becomes an empty array", old: "{}", new: "[]", expected: ["! $: {} → []"]),
    JSONDiffCase(
        name: "an empty object gains a key", old: #"{"a":{}}"#, new: #"{"a":{"b":1}}"#, expected: ["+ $.a.b: 1"]),
    JSONDiffCase(
        name: "changes come in document order", old: #"{"a":[1,{"x":1}],"b":1}"#, new: #"{"a":[2,{"x":2}],"b":2}"#,
        expected: ["~ $.a[0]: 1 → 2", "~ $.a[1].x: 1 → 2", "~ $.b: 1 → 2"]),
]

@Suite("Structural JSON diff")
struct JSONDiffTests {
    @Test("small documents", arguments: smallCases)
    func small(_ testCase: JSONDiffCase) throws {
        let result = try diff(testCase.old, testCase.new)
        #expect(lines(result) == testCase.expected)
        #expect(result.totalCount == testCase.expected.count)
        #expect(!result.isTruncated)
    }

    @Test("changes carry their entries, and paths their components")
    func entriesAndComponents() throws {
        let old = try JSONDocument(#"{"list":[{"k":1}],"gone":true}"#)
        let new = try JSONDocument(#"{"list":[{"k":2}]}"#)
        let result = JSONDiff.compare(old, new)
        let change = try #require(result.changes.first)
        #expect(change.path.components == [.key("list", occurrence: 0), .index(0), .key("k", occurrence: 0)])
        #expect(change.oldEntry.map(old.rawText) == "1")
        #expect(change.newEntry.map(new.rawText) == "2")
        #expect(result.changes.last?.kind == .removed)
        #expect(result.changes.last?.newEntry == nil)
        #expect(JSONDiffPath().description == "$")
    }

    @Test("a path through an element that moved reads in either document")
    func movedElementPaths() throws {
        let old = try JSONDocument(#"{"items":[{"id":"a"},{"id":"b"},{"id":"c","q":1}]}"#)
        let new = try JSONDocument(#"{"items":[{"id":"c","q":2},{"id":"a"},{"id":"b"}]}"#)
        let change = try #require(JSONDiff.compare(old, new).changes.first)
        #expect(
            change.path.components == [
                .key("items", occurrence: 0), .movedElement(old: 2, new: 0), .key("q", occurrence: 0),
            ])
        #expect(change.path.description == "$.items[2→0].q")
        #expect(change.path.oldPath.description == "$.items[2].q")
        #expect(change.path.newPath.description == "$.items[0].q")
        #expect(JSONDiffPath([.index(3)]).oldPath == JSONDiffPath([.index(3)]))
    }

    @Test("the summary counts additions, removals and changes")
    func summary() throws {
        let result = try diff(#"{"a":1,"b":2,"c":3,"d":{"x":1}}"#, #"{"a":9,"b":8,"e":1,"f":2,"d":[]}"#)
        #expect(result.summary == "+2 −1 ~3")
        #expect(result.addedCount == 2)
        #expect(result.removedCount == 1)
        #expect(result.changedCount == 3)
        #expect(try diff("[]", "[]").summary == "+0 −0 ~0")
        #expect(try diff("[]", "[]").isEmpty)
    }

    @Test("the limit caps the list, the counts stay whole, and the flag says more exist")
    func limit() throws {
        let old = "[" + (0..<10).map(String.init).joined(separator: ",") + "]"
        let new = "[" + (0..<10).map { String($0 + 100) }.joined(separator: ",") + "]"
        let limited = try diff(old, new, limit: 3)
        #expect(lines(limited) == ["~ $[0]: 0 → 100", "~ $[1]: 1 → 101", "~ $[2]: 2 → 102"])
        #expect(limited.isTruncated)
        #expect(limited.changedCount == 10)
        #expect(limited.summary == "+0 −0 ~10")
        let none = try diff(old, new, limit: 0)
        #expect(none.changes.isEmpty)
        #expect(none.isTruncated)
        let exact = try diff(old, new, limit: 10)
        #expect(exact.changes.count == 10)
        #expect(!exact.isTruncated)
    }

    @Test("deep nesting is walked without recursion")
    func deepNesting() throws {
        let depth = 20_000
        let old = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let new = String(repeating: "[", count: depth) + "2" + String(repeating: "]", count: depth)
        let result = try diff(old, new)
        #expect(result.changes.count == 1)
        #expect(result.changes.first?.path.components.count == depth)
        #expect(result.changes.first?.newText == "2")
    }
}
