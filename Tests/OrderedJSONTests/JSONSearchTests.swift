import Foundation
import Testing

@testable import OrderedJSON

@Suite("Search finds keys and values as shown")
struct JSONSearchTests {
    @Test("keys, strings, numbers and literals match, ignoring ASCII case")
    func matches() throws {
        let document = try JSONDocument(#"{"Name": "Ann", "list": [12345, true, {"x": "NEEDLE in"}], "n": null}"#)
        let matcher = try #require(JSONTextMatcher("needle"))
        #expect(document.entries(matching: matcher, in: 0..<document.entryCount) == [6])
        #expect(document.entries(matching: JSONTextMatcher("name")!, in: 0..<document.entryCount) == [1])
        #expect(document.entries(matching: JSONTextMatcher("234")!, in: 0..<document.entryCount) == [3])
        #expect(document.entries(matching: JSONTextMatcher("TRUE")!, in: 0..<document.entryCount) == [4])
        #expect(document.entries(matching: JSONTextMatcher("list")!, in: 0..<document.entryCount) == [2])
        #expect(document.entries(matching: JSONTextMatcher("nul")!, in: 0..<document.entryCount) == [9])
    }

    @Test("escaped text is matched in its decoded form")
    func escaped() throws {
        let document = try JSONDocument(#"["caf\u00e9", "a\/b", "plain"]"#)
        #expect(document.entries(matching: JSONTextMatcher("café")!, in: 0..<5) == [1])
        #expect(document.entries(matching: JSONTextMatcher("a/b")!, in: 0..<5) == [2])
        #expect(document.entries(matching: JSONTextMatcher("\\")!, in: 0..<5).isEmpty)
    }

    @Test("ranges and limits")
    func ranges() throws {
        let document = try JSONDocument("[" + (0..<100).map { "\"x\($0)\"" }.joined(separator: ",") + "]")
        let matcher = JSONTextMatcher("x")!
        #expect(document.entries(matching: matcher, in: 10..<20).count == 10)
        #expect(document.entries(matching: matcher, in: 0..<1000, limit: 3) == [1, 2, 3])
        #expect(JSONTextMatcher("") == nil)
    }
}
