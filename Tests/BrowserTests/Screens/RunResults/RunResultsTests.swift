import Foundation
import TUICore
import Testing
import Workspace

@testable import Browser

/// The run results layer without a network: the saved requests list starts runs, news of the
/// run fills the rows, keys move, open exchanges, cancel, close and run again.
@Suite("The run results layer")
struct RunResultsTests {
    static let items = [
        PickerItem(id: "ping.yaml", label: "Ping", detail: "GET /ping"),
        PickerItem(id: "users", label: "users/", isGroup: true),
        PickerItem(id: "users/list.yaml", label: "List users", detail: "GET /users", depth: 1),
        PickerItem(id: "users/make.yaml", label: "Make a user", detail: "POST /users", depth: 1),
    ]

    /// The saved requests list, open over a resource.
    static func listState() -> BrowserState {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        state.layers = [Picker(purpose: .collection, items: items, isLoading: false)]
        return state
    }

    static func row(_ name: String, _ method: String = "GET", file: String = "/c/users") -> RunResultRow {
        RunResultRow(
            key: RunResultRow.key(file: file + "/" + name + ".yaml", line: nil, name: name), name: name,
            file: file + "/" + name + ".yaml", method: method)
    }

    static func result(
        _ name: String, _ outcome: RunOutcome, status: Int? = 200, file: String = "/c/users",
        assertions: [AssertionOutcome] = [], asDependency: Bool = false
    ) -> RunRequestResult {
        RunRequestResult(
            name: name, file: file + "/" + name + ".yaml", method: "GET", url: "http://127.0.0.1:9/" + name,
            requestText: "GET http://127.0.0.1:9/\(name)\nAccept: */*\n", status: status,
            responseHeaders: [HeaderField(name: "Content-Type", value: "application/json")],
            responseBody: #"{"id": 1}"#, duration: .milliseconds(12), assertions: assertions,
            captures: [CapturedValue(name: "token", shownValue: "••••")], ranAsDependency: asDependency,
            outcome: outcome)
    }

    /// A run of `users/` started from the list, planned with two requests.
    static func runningState() -> BrowserState {
        var state = listState()
        _ = Fixtures.keys(&state, [.down, .control("f")])
        _ = state.update(
            .run(
                generation: state.runGeneration,
                .planned([row("list"), row("make", "POST")], problems: [], environment: "dev")))
        return state
    }

    static func results(_ state: BrowserState) -> RunResults? { state.layer(RunResults.self) }

    @Test("Ctrl-R runs the request, Ctrl-F its folder, Ctrl-A the collection; each opens a results list over the list")
    func startingRuns() throws {
        var state = Self.listState()
        let commands = Fixtures.keys(&state, [.down, .control("r")])
        guard case .startRun(.request("users/list.yaml"), let generation)? = commands.first else {
            Issue.record("expected a run of the request, got \(commands)")
            return
        }
        #expect(generation == 1)
        #expect(state.topLayer is RunResults)
        #expect(state.layers.first is Picker, "Esc goes back to the list")
        _ = Fixtures.keys(&state, [.escape])
        #expect(state.topLayer is Picker)
        let folder = Fixtures.keys(&state, [.control("f")])
        guard case .startRun(.folder("users"), 2)? = folder.first else {
            Issue.record("expected a run of the folder, got \(folder)")
            return
        }
        _ = Fixtures.keys(&state, [.escape])
        let all = Fixtures.keys(&state, [.control("a")])
        guard case .startRun(.collection, 3)? = all.first else {
            Issue.record("expected a run of the collection, got \(all)")
            return
        }
        // A request at the top: its folder is the collection.
        #expect(RunTarget.folder(of: "ping.yaml") == .collection)
        #expect(RunTarget.folder(of: "a/b/c.yaml") == .folder("a/b"))
    }

    @Test("rows wait, run and finish; a request from outside runs first in its place; the count follows")
    func rowsFollowTheRun() throws {
        var state = Self.runningState()
        let generation = state.runGeneration
        var list = try #require(Self.results(state))
        #expect(list.rows.map(\.state) == [.waiting, .waiting])
        #expect(list.environment == "dev")
        // A login from another folder runs first for `list`.
        var login = Self.row("login", file: "/c/auth")
        login.ranFirst = true
        _ = state.update(.run(generation: generation, .started(login, attempt: 1)))
        list = try #require(Self.results(state))
        #expect(list.rows.map(\.name) == ["login", "list", "make"])
        #expect(list.rows[0].state == .running(attempt: 1))
        #expect(list.selected?.name == "list", "the cursor stays on its row")
        _ = state.update(
            .run(generation: generation, .finished(Self.result("login", .passed, file: "/c/auth", asDependency: true))))
        _ = state.update(
            .run(generation: generation, .ranFirst(request: "login", placeholders: ["{{token}}"], neededBy: "list")))
        _ = state.update(.run(generation: generation, .started(Self.row("list"), attempt: 1)))
        _ = state.update(.run(generation: generation, .finished(Self.result("list", .passed))))
        list = try #require(Self.results(state))
        #expect(list.doneCount == 2)
        #expect(list.rows[0].ranFirst && list.rows[0].result?.outcome == .passed)
        #expect(state.events.last?.detail == "login ran first: {{token}} was needed by list")
        #expect(state.events.last?.name == "run")
        // A news of another run is not this list's.
        _ = state.update(.run(generation: generation + 7, .finished(Self.result("make", .failed))))
        #expect(Self.results(state)?.doneCount == 2)
    }

    @Test("j k End move the cursor; Enter on a done row opens its exchange, on a waiting row says so")
    func cursorAndOpen() throws {
        var state = Self.runningState()
        let generation = state.runGeneration
        let failure = AssertionOutcome(
            source: "$.id == 2", passed: false, expected: "== 2", actual: "1", path: "$['id']",
            differences: ["~ $['id']: 2 → 1"])
        _ = state.update(
            .run(
                generation: generation,
                .finished(
                    Self.result(
                        "list", .failed,
                        assertions: [
                            AssertionOutcome(source: "status == 200", passed: true, expected: "== 200", actual: "200"),
                            failure,
                        ]))))
        _ = Fixtures.keys(&state, [.character("j")])
        #expect(Self.results(state)?.position.cursor == 1)
        _ = Fixtures.keys(&state, [.enter])
        #expect(state.status?.text == "make has not run yet")
        _ = Fixtures.keys(&state, [.character("k"), .end])
        #expect(Self.results(state)?.position.cursor == 1)
        _ = Fixtures.keys(&state, [.home, .enter])
        let viewer = try #require(state.topLayer as? TextViewer)
        guard case .text(let document) = viewer.body else {
            Issue.record("expected the exchange as text")
            return
        }
        let text = document.text
        #expect(viewer.title == "run · list")
        #expect(viewer.note == "GET 200 · 12 ms · failed: 1 of 2 assertions")
        #expect(text.contains("GET http://127.0.0.1:9/list\nAccept: */*"))
        #expect(text.contains("status 200 · 12 ms\nContent-Type: application/json\n\n{\"id\": 1}"))
        #expect(text.contains("✓ status == 200"))
        #expect(
            text.contains(
                "✗ $.id == 2\n    expected    == 2\n    actual      1\n    at          $['id']\n    differences\n"
                    + "      ~ $['id']: 2 → 1"))
        #expect(text.contains("token = ••••"))
        _ = Fixtures.keys(&state, [.escape])
        #expect(state.topLayer is RunResults, "Esc goes back to the list of results")
    }

    @Test("x and Ctrl-C cancel a run that goes on; the end marks what did not run; then x says so and Ctrl-C closes")
    func cancelling() throws {
        var state = Self.runningState()
        let generation = state.runGeneration
        _ = state.update(.run(generation: generation, .started(Self.row("list"), attempt: 1)))
        var commands = Fixtures.keys(&state, [.character("x")])
        guard case .cancelRun(generation)? = commands.first else {
            Issue.record("expected the run cancelled, got \(commands)")
            return
        }
        commands = Fixtures.keys(&state, [.control("c")])
        guard case .cancelRun(generation)? = commands.first else {
            Issue.record("expected Ctrl-C to cancel, got \(commands)")
            return
        }
        #expect(state.topLayer is RunResults, "cancelling keeps the list")
        let ended = RunResult(startedAt: Date(), duration: .milliseconds(1500), files: [])
        _ = state.update(.run(generation: generation, .ended(ended, cancelled: true)))
        let list = try #require(Self.results(state))
        #expect(list.phase == .cancelled(seconds: 1.5))
        #expect(list.rows.map(\.state) == [.cancelled, .waiting])
        #expect(state.events.last?.detail == "users/ cancelled: 0 passed · 1.50 s")
        let screen = BrowserView.render(state)
        #expect(screen.find("cancelled after 1.50 s  ✓ 0 passed  – 2 not run") != nil)
        #expect(Fixtures.keys(&state, [.character("x")]).isEmpty)
        #expect(state.status?.text == "the run is over: r runs it again")
        _ = Fixtures.keys(&state, [.control("c")])
        #expect(state.topLayer is Picker)
    }

    @Test("Esc while the run goes closes the list and cancels the run; r once it is over runs it again")
    func closeAndAgain() throws {
        var state = Self.runningState()
        let generation = state.runGeneration
        let commands = Fixtures.keys(&state, [.escape])
        guard case .cancelRun(generation)? = commands.first else {
            Issue.record("expected the run cancelled with its list, got \(commands)")
            return
        }
        #expect(state.topLayer is Picker)
        // News after the list closed still reaches Events.
        _ = state.update(
            .run(
                generation: generation,
                .ended(RunResult(startedAt: Date(), duration: .seconds(1), files: []), cancelled: true)))
        #expect(state.events.last?.detail.hasPrefix("users/ cancelled") == true)

        state = Self.runningState()
        let first = state.runGeneration
        #expect(Fixtures.keys(&state, [.character("r")]).isEmpty, "r does nothing while the run goes on")
        _ = state.update(
            .run(
                generation: first,
                .ended(RunResult(startedAt: Date(), duration: .seconds(1), files: []), cancelled: false)))
        let again = Fixtures.keys(&state, [.character("r")])
        guard case .startRun(.folder("users"), let next)? = again.first else {
            Issue.record("expected the same run again, got \(again)")
            return
        }
        #expect(next == first + 1)
        #expect(Self.results(state)?.generation == next)
        #expect(state.layers.count { $0 is RunResults } == 1, "the new list takes the old one's place")
    }

    @Test("the footer and ? help come from the bindings, narrowed to what the run allows")
    func keysFromBindings() throws {
        var state = Self.runningState()
        var footer = BrowserView.render(state).line(state.height - 1)
        #expect(footer.contains("Enter exchange"))
        #expect(footer.contains("x cancel"))
        #expect(!footer.contains("r again"))
        _ = state.update(
            .run(
                generation: state.runGeneration,
                .ended(RunResult(startedAt: Date(), duration: .seconds(1), files: []), cancelled: false)))
        footer = BrowserView.render(state).line(state.height - 1)
        #expect(footer.contains("r again"))
        #expect(!footer.contains("x cancel"))
        _ = Fixtures.keys(&state, [.character("?")])
        let screen = BrowserView.render(state)
        #expect(screen.find("help: run keys") != nil)
        #expect(screen.find("run the same requests again") != nil)
        #expect(LayerRegistry.knows(binding: "run.cancel"))
        #expect(LayerRegistry.knows(binding: "list.runFolder"))
    }

    @Test("a run that cannot start says why in its list, the status line and Events")
    func failedToStart() throws {
        var state = Self.listState()
        _ = Fixtures.keys(&state, [.control("a")])
        _ = state.update(.run(generation: state.runGeneration, .failed("no collection to run")))
        #expect(Self.results(state)?.phase == .failed("no collection to run"))
        #expect(state.status?.text == "no collection to run")
        #expect(state.events.last?.kind == .error)
        #expect(state.runTargets.isEmpty)
    }
}
