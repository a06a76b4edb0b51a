import Foundation
import Siesta
import TUICore
import Testing

@testable import Browser

/// The watch board, change highlights and the timeline as state and screen, without a network.
@Suite("watch board, what changed and timeline in the state")
struct WatchBoardTests {
    static let order = Fixtures.base + "orders/7"

    private static func pinnedState() -> BrowserState {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(order, #"{"id":7,"status":"paid"}"#))
        state.watch.defaultInterval = 2
        return state
    }

    @Test("P pins the resource shown with the default interval; P again unpins it")
    func pinAndUnpin() {
        var state = Self.pinnedState()
        var commands = Fixtures.keys(&state, [.character("P")])
        guard case .watch(.pin(let url, let interval))? = commands.first else {
            Issue.record("no pin command: \(commands)")
            return
        }
        #expect(url == Self.order && interval == 2)
        #expect(state.watch.isPinned(Self.order))
        #expect(state.status?.text.contains("pinned /orders/7: refreshes every 2.0s") == true)
        commands = Fixtures.keys(&state, [.character("P")])
        guard case .watch(.unpin(let unpinned))? = commands.first else {
            Issue.record("no unpin command: \(commands)")
            return
        }
        #expect(unpinned == Self.order)
        #expect(state.watch.entries.isEmpty)
    }

    @Test("v shows the board with a row per pinned resource; its keys pause, retime, open and unpin")
    func boardKeys() {
        var state = Self.pinnedState()
        _ = Fixtures.keys(&state, [.character("P"), .character("v")])
        #expect(state.focus == .watch)
        let screen = BrowserView.render(state)
        let row = screen.find("↻").map { screen.line($0.y) } ?? ""
        #expect(row.contains("D") && row.contains("↻2.0s") && row.contains("newData"), "\(row)")
        #expect(screen.find("1 pinned") != nil)
        #expect(screen.find("Space pause") != nil, "the board's keys are on its border")

        var commands = Fixtures.keys(&state, [.character(" ")])
        #expect(commands.first.map { "\($0)" } == "\(Command.watch(.pause(url: Self.order, true)))")
        #expect(state.watch.entries[0].isPaused)
        #expect(BrowserView.render(state).find("‖") != nil)
        commands = Fixtures.keys(&state, [.character("+")])
        #expect(commands.first.map { "\($0)" } == "\(Command.watch(.interval(url: Self.order, 4)))")
        commands = Fixtures.keys(&state, [.character("-"), .character("-")])
        #expect(state.watch.entries[0].interval == 1)
        _ = Fixtures.keys(&state, [.character("=")])
        Fixtures.type(&state, "500ms")
        commands = Fixtures.keys(&state, [.enter])
        #expect(commands.first.map { "\($0)" } == "\(Command.watch(.interval(url: Self.order, 0.5)))")
        _ = Fixtures.keys(&state, [.character("=")])
        Fixtures.type(&state, "soon")
        _ = Fixtures.keys(&state, [.enter])
        #expect(state.status?.isError == true && state.watch.entries[0].interval == 0.5)

        commands = Fixtures.keys(&state, [.enter])
        #expect(commands.first.map { "\($0)" } == "\(Command.navigate(path: Self.order, from: nil))")
        #expect(!state.watch.isShown && state.focus == .latestData)
        _ = Fixtures.keys(&state, [.character("v")])
        commands = Fixtures.keys(&state, [.character("x")])
        #expect(commands.first.map { "\($0)" } == "\(Command.watch(.unpin(url: Self.order)))")
    }

    @Test("the board's selection is the resource shown: moving it shows the next, in place in history")
    func selectionIsShown() {
        var state = Self.pinnedState()
        let counter = Fixtures.base + "live/counter"
        _ = Fixtures.keys(&state, [.character("P")])
        // Pinned by --watch: the board shows with focus, its first row (the resource shown) selected.
        _ = state.update(.pin(path: counter))
        #expect(state.watch.entries.map(\.url) == [Self.order, counter])
        #expect(state.focus == .watch && state.currentURL == Self.order)
        var commands = Fixtures.keys(&state, [.down])
        #expect(commands.map { "\($0)" } == ["\(Command.show(url: counter))"])
        #expect(state.currentURL == counter)
        #expect(state.history == [Self.order, counter])
        // D and the panes speak of the same resource: the one selected and shown.
        let screen = BrowserView.render(state)
        let marked = screen.find("▸").map { screen.line($0.y) } ?? ""
        #expect(marked.contains("/live/counter"), "\(marked)")
        // Back up: the resource shown before, with no history entry of the board's own left.
        commands = Fixtures.keys(&state, [.up])
        #expect(commands.map { "\($0)" } == ["\(Command.show(url: Self.order))"])
        #expect(state.history == [Self.order])
        _ = Fixtures.keys(&state, [.down])
        _ = Fixtures.keys(&state, [.up])
        _ = Fixtures.keys(&state, [.down])
        #expect(state.history == [Self.order, counter], "moving to and fro adds one entry at most")
    }

    @Test("focus coming to the board lands on the pinned resource being looked at, so the view stays")
    func focusLandsOnShown() {
        var state = Self.pinnedState()
        let counter = Fixtures.base + "live/counter"
        _ = Fixtures.keys(&state, [.character("P")])
        _ = state.update(.pin(path: counter))
        _ = Fixtures.keys(&state, [.down])
        #expect(state.currentURL == counter)
        // Away from the board, back to the first pinned resource by history.
        _ = Fixtures.keys(&state, [.character("v")])
        _ = state.update(.navigated(url: Self.order))
        #expect(state.focus != .watch)
        let commands = Fixtures.keys(&state, [.character("v")])
        #expect(state.focus == .watch)
        #expect(state.currentURL == Self.order, "the view did not jump to the board's old selection")
        #expect(state.watch.selected?.url == Self.order)
        #expect(!commands.contains { "\($0)" == "\(Command.show(url: counter))" })
    }

    @Test("a pinned URL of another host keeps its path on the board, its host shortened")
    func otherHostLabel() {
        #expect(WatchBoardView.rowLabel("http://localhost:18777/users", maxColumns: 21) == "localhost:18777/users")
        #expect(WatchBoardView.rowLabel("http://localhost:18777/users", maxColumns: 16) == "localhost…/users")
        #expect(WatchBoardView.rowLabel("https://api.example.org/v1/items/42/parts", maxColumns: 14) == "…/42/parts")
        #expect(WatchBoardView.rowLabel("/orders/7", maxColumns: 20) == "/orders/7")
    }

    @Test("A pauses every pinned resource, and again resumes them")
    func pauseAll() {
        var state = Self.pinnedState()
        _ = Fixtures.keys(&state, [.character("P")])
        _ = state.update(.pin(path: "/live/counter"))
        #expect(state.watch.entries.count == 2 && state.watch.isShown)
        var commands = Fixtures.keys(&state, [.character("A")])
        #expect(commands.count == 2 && state.watch.isAllPaused)
        commands = Fixtures.keys(&state, [.character("A")])
        #expect(commands.count == 2 && !state.watch.entries.contains(where: \.isPaused))
    }

    @Test("a change is said in Events, on the board, highlighted until a key, and D shows it whole")
    func changeShown() throws {
        var state = Self.pinnedState()
        _ = Fixtures.keys(&state, [.character("P")])
        let newSnapshot = Fixtures.jsonSnapshot(Self.order, #"{"id":7,"status":"shipped"}"#)
        _ = state.update(.resourceChanged(newSnapshot, event: .newData(.network)))
        _ = state.update(
            .versionsChanged(
                url: Self.order,
                [
                    ResourceVersion(id: 1, url: Self.order, time: 990, event: "newData(network)", size: 24),
                    ResourceVersion(id: 2, url: Self.order, time: 1000, event: "newData(network)", size: 27),
                ]))
        guard case .json(let outline)? = newSnapshot.latestData?.body else { throw CancellationError() }
        let statusLine = try #require(
            (0..<outline.lineCount).first { outline.line($0)?.plainText.contains("shipped") == true })
        let entry = try #require(outline.entry(atLine: statusLine))
        let change = ResourceChange(
            method: .json, summary: #"status "paid" → "shipped""#, added: 0, removed: 0, changed: 1,
            highlightedEntries: [entry], diffText: "@@ +0 −0 ~1 (JSON, by path)\n~ $.status: \"paid\" → \"shipped\"")
        _ = state.update(.changeDetected(url: Self.order, version: 2, change))

        let newData = try #require(state.events.last { $0.name == "newData(network)" })
        #expect(newData.detail.hasPrefix(#"status "paid" → "shipped"  · "#), "\(newData.detail)")
        #expect(state.watch.entries[0].lastChange == #"status "paid" → "shipped""#)
        #expect(state.versions[Self.order]?.last?.change == #"status "paid" → "shipped""#)

        var screen = BrowserView.render(state)
        let shipped = try #require(screen.find("\"shipped\""))
        #expect(screen.line(shipped.y).contains("▌"), "the changed line is marked")
        #expect(screen.find("changed +0 −0 ~1 (D)") != nil, "the title says it while it is highlighted")

        _ = Fixtures.keys(&state, [.character("j")])
        screen = BrowserView.render(state)
        let after = try #require(screen.find("\"shipped\""))
        #expect(!screen.line(after.y).contains("▌"), "a key press ends the highlight")

        _ = Fixtures.keys(&state, [.character("D")])
        guard let viewer = state.topLayer as? TextViewer else {
            Issue.record("D opened no viewer")
            return
        }
        #expect(viewer.title == "what changed · /orders/7")
        #expect(BrowserView.render(state).find(#"~ $.status: "paid" → "shipped""#) != nil)
    }

    @Test("the highlight also ends by itself after a few seconds")
    func highlightExpires() {
        var state = Self.pinnedState()
        let change = ResourceChange(
            method: .json, summary: "x", added: 1, removed: 0, changed: 0, highlightedEntries: [1], diffText: "")
        _ = state.update(.changeDetected(url: Self.order, version: 1, change))
        #expect(state.highlight != nil)
        _ = state.update(.tick(now: state.now + BrowserState.highlightDuration - 0.1))
        #expect(state.highlight != nil)
        _ = state.update(.tick(now: state.now + 0.2))
        #expect(state.highlight == nil)
    }

    @Test("T lists the versions newest first; Enter compares one with the one before, Ctrl-D any two")
    func timeline() {
        var state = Self.pinnedState()
        let versions = (1...3).map {
            ResourceVersion(
                id: $0, url: Self.order, time: 1000 + Double($0), event: "newData(network)", size: 10 * $0,
                change: $0 == 1 ? nil : "change \($0)")
        }
        _ = state.update(.versionsChanged(url: Self.order, versions))
        _ = Fixtures.keys(&state, [.character("T")])
        guard let picker = state.topLayer as? Picker else {
            Issue.record("T opened no list")
            return
        }
        #expect(picker.items.map(\.id) == ["3", "2", "1"])
        #expect(picker.items.last?.detail.contains("first version in this run") == true)
        var commands = Fixtures.keys(&state, [.enter])
        #expect(commands.first.map { "\($0)" } == "\(Command.compareVersions(url: Self.order, older: 2, newer: 3))")
        commands = Fixtures.keys(&state, [.control("d"), .down, .down, .control("d")])
        #expect(commands.last.map { "\($0)" } == "\(Command.compareVersions(url: Self.order, older: 1, newer: 3))")
        _ = Fixtures.keys(&state, [.enter])
        if let picker = state.topLayer as? Picker {
            #expect(picker.message == "the first version in this run: nothing before it to compare")
        }
    }

    @Test("the timeline filters as you type, keeps what changed, and its cursor stays on its version")
    func timelineFilterAndCursor() {
        var state = Self.pinnedState()
        let versions = (1...3).map {
            ResourceVersion(id: $0, url: Self.order, time: 1000 + Double($0), event: "newData(network)", size: 10 * $0)
        }
        _ = state.update(.versionsChanged(url: Self.order, versions))
        let change = ResourceChange(
            method: .json, summary: "status moved", added: 0, removed: 0, changed: 1, highlightedEntries: [],
            diffText: "")
        _ = state.update(.changeDetected(url: Self.order, version: 3, change))
        _ = Fixtures.keys(&state, [.character("T"), .down])
        // A fourth version arrives: the list is rebuilt without the diff, which is kept.
        _ = state.update(
            .versionsChanged(
                url: Self.order,
                versions + [ResourceVersion(id: 4, url: Self.order, time: 1004, event: "newData(network)", size: 40)]))
        guard var picker = state.topLayer as? Picker else {
            Issue.record("no timeline")
            return
        }
        #expect(picker.selected?.id == "2", "the cursor stayed on version 2")
        #expect(picker.items.first { $0.id == "3" }?.detail.contains("status moved") == true)
        #expect(picker.message?.hasPrefix("4 versions of /orders/7") == true)
        Fixtures.type(&state, "moved")
        guard let filtered = state.topLayer as? Picker else {
            Issue.record("expected the timeline to stay open while it is filtered")
            return
        }
        picker = filtered
        #expect(picker.filter.text == "moved")
        #expect(picker.visibleItems.map(\.id) == ["3"])
    }
}
