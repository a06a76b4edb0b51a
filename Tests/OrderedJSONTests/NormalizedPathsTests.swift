import Foundation
import OrderedJSON
import Testing

/// Many normalized paths in one walk agree with one path at a time.
@Suite("normalizedPaths(of:)")
struct NormalizedPathsTests {
    @Test("every entry's path from one walk is the path normalizedPath(of:) gives")
    func agreesWithOneAtATime() throws {
        let document = try JSONDocument(
            #"{"a": [10, {"x": 1, "x": [true, {}], "y'\n": []}], "b": {"c": {"d": [null, [1, [2]]]}}, "e": "s"}"#)
        let all = document.normalizedPaths(of: 0..<document.entryCount)
        #expect(all.count == document.entryCount)
        for entry in 0..<document.entryCount {
            #expect(all[entry] == document.normalizedPath(of: entry), "entry \(entry)")
        }
    }

    @Test("a few entries of a large array cost one walk, and entries out of range are left out")
    func fewOfMany() throws {
        let items = (0..<50_000).map { #"{"id": \#($0), "tags": ["a", "b"]}"# }
        let document = try JSONDocument("[" + items.joined(separator: ",") + "]")
        let last = document.entryCount - 4
        let paths = document.normalizedPaths(of: [last, 2, -1, document.entryCount])
        #expect(paths == [last: document.normalizedPath(of: last), 2: "$[0]['id']"])
        #expect(paths[last] == "$[49999]['tags'][1]")
    }

    @Test("a scalar root has the path $")
    func scalarRoot() throws {
        let document = try JSONDocument("42")
        #expect(document.normalizedPaths(of: [0]) == [0: "$"])
    }
}
