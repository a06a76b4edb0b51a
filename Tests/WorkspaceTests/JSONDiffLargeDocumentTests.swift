import Foundation
import OrderedJSON
import TestSupport
import Testing

@testable import Workspace

@Suite("Structural JSON diff of 10 MB documents")
struct JSONDiffLargeDocumentTests {
    /// About 10 MB: `{"meta":…,"items":[{"id":0,…},…]}`, with `name` replaced where `rename` says.
    private static func document(count: Int, rename: [Int: String] = [:], firstID: Int = 0) -> String {
        var text = #"{"meta":{"count":\#(count),"generated":"2024-05-01T12:00:00Z"},"items":["#
        text.reserveCapacity(count * 130)
        for index in 0..<count {
            let id = firstID + index
            if index > 0 { text += "," }
            text += #"{"id":"#
            text += String(id)
            text += #","name":""#
            text += rename[id] ?? "user \(id)"
            text += #"","email":"user"#
            text += String(id)
            text += #"@example.com","score":"#
            text += String(id % 100)
            text += #".5,"tags":["alpha","beta","gamma"],"active":true}"#
        }
        return text + "]}"
    }

    @Test("one changed value in 10 MB is the one change found")
    func oneChange() async throws {
        let count = 90_000
        // A second of CPU in a debug build: on a thread of its own, so the other tests go on.
        let (size, result) = try await OffPool.run {
            let oldText = Self.document(count: count)
            let newText = Self.document(count: count, rename: [76_543: "renamed"])
            return (oldText.utf8.count, JSONDiff.compare(try JSONDocument(oldText), try JSONDocument(newText)))
        }
        #expect(size > 10_000_000)
        #expect(
            result.changes == [
                JSONDiffChange(
                    kind: .changed,
                    path: JSONDiffPath([.key("items", occurrence: 0), .index(76_543), .key("name", occurrence: 0)]),
                    oldText: #""user 76543""#, newText: #""renamed""#, oldEntry: result.changes.first?.oldEntry,
                    newEntry: result.changes.first?.newEntry)
            ])
        #expect(result.summary == "+0 −0 ~1")
    }

    @Test("an element inserted at the front of 10 MB of objects with ids is one addition")
    func insertionAtFront() async throws {
        let count = 90_000
        let result = try await OffPool.run {
            let oldText = Self.document(count: count, firstID: 1)
            let newText = Self.document(count: count + 1, firstID: 0).replacingOccurrences(
                of: #""count":\#(count + 1)"#, with: #""count":\#(count)"#)
            return JSONDiff.compare(try JSONDocument(oldText), try JSONDocument(newText))
        }
        #expect(result.changes.map(\.path.description) == ["$.items[0]"])
        #expect(result.changes.first?.kind == .added)
        #expect(result.totalCount == 1)
    }
}
