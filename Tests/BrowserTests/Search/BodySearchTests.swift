import Foundation
import OrderedJSON
import Testing

@testable import Browser

@Suite("Searching a body in the background")
struct BodySearchTests {
    actor Recorder {
        var updates: [BodySearch.Update] = []
        func append(_ update: BodySearch.Update) { updates.append(update) }
    }

    func bigDocument(items: Int) throws -> JSONDocument {
        let text = "[" + (0..<items).map { #"{"id":\#($0),"name":"item \#($0)"}"# }.joined(separator: ",") + "]"
        return try JSONDocument(text)
    }

    @Test("every match is reported once, in order, with a final update")
    func wholeBody() async throws {
        let document = try bigDocument(items: 100_000)
        let search = try #require(BodySearch(source: .json(document), query: "ITEM 9999"))
        let recorder = Recorder()
        await search.run { await recorder.append($0) }
        let updates = await recorder.updates
        let matches = updates.flatMap(\.matches)
        #expect(matches.count == 11)  // item 9999 and item 99990…99999
        #expect(matches == matches.sorted())
        #expect(matches.allSatisfy { document.string($0)?.hasPrefix("item 9999") == true })
        #expect(updates.last?.isFinished == true)
        #expect(updates.last?.progress == 1)
        #expect(updates.dropLast().allSatisfy { !$0.isFinished })
    }

    @Test("cancelled mid-way, it stops without finishing")
    func cancelled() async throws {
        let document = try bigDocument(items: 200_000)
        let search = try #require(BodySearch(source: .json(document), query: "item"))
        let recorder = Recorder()
        let task = Task {
            await search.run { update in
                await recorder.append(update)
                // Cancel from inside the first report: the search must not go on.
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        await task.value
        let updates = await recorder.updates
        #expect(updates.count == 1)
        #expect(updates.first?.isFinished == false)
        #expect((updates.first?.progress ?? 1) < 0.5)
    }

    @Test("text bodies are searched by line")
    func text() async throws {
        let text = (0..<50_000).map { $0 % 1000 == 7 ? "line \($0) has a NEEDLE" : "line \($0)" }.joined(
            separator: "\n")
        let search = try #require(BodySearch(source: .text(text), query: "needle"))
        let recorder = Recorder()
        await search.run { await recorder.append($0) }
        let matches = await recorder.updates.flatMap(\.matches)
        #expect(matches == stride(from: 7, to: 50_000, by: 1000).map { $0 })
        #expect(await recorder.updates.last?.isFinished == true)
    }

    @Test("the number of matches is capped")
    func limit() async throws {
        let document = try JSONDocument(
            "[" + Array(repeating: "1", count: BodySearch.maximumMatches + 10).joined(separator: ",") + "]")
        let search = try #require(BodySearch(source: .json(document), query: "1"))
        let recorder = Recorder()
        await search.run { await recorder.append($0) }
        let updates = await recorder.updates
        #expect(updates.flatMap(\.matches).count == BodySearch.maximumMatches)
        #expect(updates.last?.reachedLimit == true)
        #expect(updates.last?.isFinished == true)
    }
}
