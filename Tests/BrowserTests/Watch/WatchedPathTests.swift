import Foundation
import OrderedJSON
import TUICore
import Testing

@testable import Browser

/// A pinned resource watched by a JSONPath: its changes limited to what the path selects, its
/// row showing the values there.
@Suite("watched by path")
struct WatchedPathTests {
    private static func json(_ text: String) throws -> ChangeDetector.Version {
        .json(try JSONDocument(text))
    }

    static let order = Fixtures.base + "orders/7"

    @Test("only the changes at the path count; the row's value is what the path selects now")
    func limitedToPath() throws {
        let old = try Self.json(#"{"id":7,"status":"paid","updatedAt":"2026-11-27T10:00:00Z","total":10}"#)
        let newDocument = try JSONDocument(
            #"{"id":7,"status":"shipped","updatedAt":"2026-11-27T10:00:05Z","total":12}"#)
        let change = ChangeDetector.compare(old, .json(newDocument), within: try JSONPath("$.status"))
        #expect(change.summary == #"status "paid" → "shipped""#)
        #expect(change.counts == "+0 −0 ~1")
        #expect(change.watchedPath == "$.status")
        #expect(change.watchedValue == #""shipped""#)
        let status = try #require(newDocument.child(of: newDocument.root, key: "status"))
        #expect(change.highlightedEntries == [status], "only the value at the path is highlighted")
        #expect(change.diffText.hasPrefix("@@ +0 −0 ~1 at $.status (JSON, by path)"), "\(change.diffText)")
        #expect(!change.diffText.contains("updatedAt") && !change.diffText.contains("total"))

        let elsewhere = ChangeDetector.compare(old, .json(newDocument), within: try JSONPath("$.id"))
        #expect(elsewhere.isEmpty)
        #expect(elsewhere.summary == "no change at $.id")
        #expect(elsewhere.diffText == "@@ no value differs at $.id (3 changes elsewhere)")
        #expect(elsewhere.watchedValue == "7")
        // Without a path, everything counts, as before.
        #expect(ChangeDetector.compare(old, .json(newDocument)).counts == "+0 −0 ~3")
    }

    @Test("an element added or a parent replaced counts when it holds a selected value")
    func containersAroundThePath() throws {
        let added = ChangeDetector.compare(
            try Self.json(#"{"items":[{"id":1}],"n":1}"#), try Self.json(#"{"items":[{"id":1},{"id":2}],"n":2}"#),
            within: try JSONPath("$.items[*].id"))
        #expect(added.summary == #"+ items[1] {"id":2}"#)
        #expect(added.watchedValue == "2 values: 1, 2")
        let replaced = ChangeDetector.compare(
            try Self.json(#"{"a":{"b":1},"c":1}"#), try Self.json(#"{"a":[1],"c":2}"#), within: try JSONPath("$.a.b"))
        #expect(replaced.counts == "+0 −0 ~1", "the object holding $.a.b became an array: \(replaced.diffText)")
        #expect(replaced.watchedValue == "nothing at the path")
        let removed = ChangeDetector.compare(
            try Self.json(#"{"tags":["x","y"]}"#), try Self.json(#"{"tags":["x"]}"#), within: try JSONPath("$.tags[1]"))
        #expect(removed.summary == "− tags[1]")
    }

    @Test("a body that is not JSON says so where the values would be")
    func notJSON() throws {
        let change = ChangeDetector.compare(.text("a"), .text("b"), within: try JSONPath("$.a"))
        #expect(change.watchedValue == "the body is not JSON")
        #expect(change.summary == "line 1: a → b")
    }

    @Test("a selection is the subtrees the path selects: inside one, or holding one, touches it")
    func selection() throws {
        let document = try JSONDocument(#"{"a":{"b":[1,2]},"c":{"d":3},"e":4}"#)
        let selection = PathSelection(try JSONPath("$.a.b"), in: document)
        let a = try #require(document.child(of: document.root, key: "a"))
        let b = try #require(document.child(of: a, key: "b"))
        let one = try #require(document.child(of: b, index: 0))
        let c = try #require(document.child(of: document.root, key: "c"))
        let d = try #require(document.child(of: c, key: "d"))
        #expect(selection.touches(b) && selection.touches(one), "the value and what is inside it")
        #expect(selection.touches(a) && selection.touches(document.root), "what holds it")
        #expect(!selection.touches(c) && !selection.touches(d), "beside it")
        #expect(selection.summary == "[1,2]")
        let many = PathSelection(try JSONPath("$..*"), in: document)
        #expect(many.summary == #"7 values: {"b":[1,2]}, {"d":3}, 4, [1,2], 1, 2, 3"#, "\(many.summary)")
        #expect(many.summary.count <= PathSelection.summaryWidth)
        #expect(PathSelection(try JSONPath("$.x"), in: document).touches(a) == false)
    }

    @Test("$ on the board asks for a path, checks it, shows it on the row; empty watches the whole body")
    func boardPrompt() throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Self.order, #"{"id":7,"status":"paid"}"#))
        _ = Fixtures.keys(&state, [.character("P"), .character("v"), .character("$")])
        let prompt = try #require(state.topLayer as? Prompt)
        #expect(prompt.label.hasPrefix("watch only the values at (JSONPath"))
        #expect(prompt.editor.text == "$", "nothing queried yet: the root")

        Fixtures.type(&state, "$.status[")
        var commands = Fixtures.keys(&state, [.enter])
        #expect(commands.isEmpty)
        #expect(state.status?.isError == true)
        #expect(state.status?.text.hasPrefix("not watched by that path: Invalid JSONPath at column") == true)
        #expect(state.watch.entries[0].path == nil)

        _ = Fixtures.keys(&state, [.character("$")])
        Fixtures.type(&state, "$.status")
        commands = Fixtures.keys(&state, [.enter])
        #expect(commands.map { "\($0)" } == ["\(Command.watch(.path(url: Self.order, "$.status")))"])
        #expect(state.watch.entries[0].path == "$.status")
        _ = state.update(.watchedValue(url: Self.order, path: "$.status", #""paid""#))
        _ = state.update(.watchedValue(url: Self.order, path: "$.other", "stale"))
        var screen = BrowserView.render(state)
        let row = screen.find("↻").map { screen.line($0.y) } ?? ""
        #expect(row.contains(#"$.status "paid""#), "\(row)")

        // A change of the whole body (diffed before the path was set) is not the board's news.
        let whole = ChangeDetector.compare(
            .json(try JSONDocument(#"{"id":7,"status":"paid"}"#)), .json(try JSONDocument(#"{"id":8,"status":"paid"}"#))
        )
        _ = state.update(.changeDetected(url: Self.order, version: 1, whole))
        #expect(state.watch.entries[0].lastChange == nil)

        // The prompt opens with the path; emptied, the whole body is watched again.
        _ = Fixtures.keys(&state, [.character("$")])
        #expect((state.topLayer as? Prompt)?.editor.text == "$.status")
        commands = Fixtures.keys(&state, [.backspace, .enter])
        #expect(commands.map { "\($0)" } == ["\(Command.watch(.path(url: Self.order, nil)))"])
        #expect(state.watch.entries[0].path == nil && state.watch.entries[0].watchedValue == nil)
        screen = BrowserView.render(state)
        #expect(screen.find("$.status") == nil)
    }

    @Test("the path prompt suggests the resource's last query, else the path under the cursor")
    func suggestions() throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Self.order, #"{"id":7,"status":"paid"}"#))
        _ = Fixtures.keys(&state, [.character("P")])
        state.pathQueries[Self.order] = "$.id"
        #expect(state.suggestedWatchPath(for: state.watch.entries[0]) == "$.id")
        state.pathQueries[Self.order] = nil
        state.focus = .latestData
        _ = Fixtures.keys(&state, [.down])
        #expect(state.suggestedWatchPath(for: state.watch.entries[0]) == "$['id']")
    }
}
