import Foundation
import Siesta
import Testing
import Workspace

@testable import Browser
@testable import BrowserRuntime

@Suite("Keys and actions in update")
struct BrowserUpdateTests {
    let usersURL = Fixtures.base + "users"

    @Test("load keys produce the matching Siesta commands")
    func loadKeys() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, "[]"))
        let commands = Fixtures.keys(
            &state, [.character("r"), .character("l"), .character("i"), .character("w"), .character("c")])
        let names = commands.map { command -> String in
            switch command {
            case .load(let url): return "load \(url)"
            case .loadIfNeeded(let url): return "loadIfNeeded \(url)"
            case .invalidate(let url): return "invalidate \(url)"
            case .wipe(let url): return "wipe \(url)"
            case .cancelLoads(let url): return "cancel \(url)"
            default: return "other"
            }
        }
        #expect(names == ["load", "loadIfNeeded", "invalidate", "wipe", "cancel"].map { "\($0) \(usersURL)" })
        #expect(
            state.events.suffix(5).map(\.name) == ["load()", "loadIfNeeded()", "invalidate()", "wipe()", "cancel()"])
    }

    @Test("Enter on a link navigates relative to the resource; b and f move in history")
    func navigation() throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, #"[{"url": "/users/1"}]"#))
        _ = Fixtures.keys(&state, [.character("j"), .character("j")])
        let commands = Fixtures.keys(&state, [.enter])
        guard case .navigate(let path, let from)? = commands.first else {
            Issue.record("expected navigate, got \(commands)")
            return
        }
        #expect(path == "/users/1")
        #expect(from == usersURL)
        _ = state.update(.navigated(url: Fixtures.base + "users/1"))
        #expect(state.currentURL == Fixtures.base + "users/1")
        guard case .show(let back)? = Fixtures.keys(&state, [.character("b")]).first else {
            Issue.record("expected show")
            return
        }
        #expect(back == usersURL)
        #expect(state.currentURL == usersURL)
        guard case .show(let forward)? = Fixtures.keys(&state, [.character("f")]).first else {
            Issue.record("expected show")
            return
        }
        #expect(forward == Fixtures.base + "users/1")
        #expect(Fixtures.keys(&state, [.character("f")]).isEmpty)
        #expect(state.status?.text == "no later resource in history")
    }

    @Test("Enter on a container folds it")
    func enterFolds() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, #"{"a": [1, 2], "b": 1}"#))
        _ = Fixtures.keys(&state, [.character("j"), .enter])
        #expect(BrowserView.render(state).text.contains(#""a": […] 2 items,"#))
    }

    @Test("folds are state: they outlast news about the same body and are forgotten with new data")
    func foldsAreState() {
        let snapshot = Fixtures.jsonSnapshot(usersURL, #"{"a": [1, 2], "b": 1}"#)
        var state = Fixtures.state(showing: snapshot)
        _ = Fixtures.keys(&state, [.character("j"), .enter])
        #expect(state.folds[usersURL]?.isEmpty == false)
        #expect(state.shownBody?.lineCount == 4)
        // The snapshot the runtime sends on the next request holds the same document, unfolded.
        var loading = snapshot
        loading.isLoading = true
        _ = state.update(.resourceChanged(loading, event: .requested))
        #expect(state.shownBody?.lineCount == 4, "still folded")
        #expect(BrowserView.render(state).text.contains(#""a": […] 2 items,"#))
        _ = state.update(
            .resourceChanged(Fixtures.jsonSnapshot(usersURL, #"{"a": [1, 2, 3], "b": 1}"#), event: .newData(.network)))
        #expect(state.folds[usersURL] == nil)
        #expect(state.shownBody?.lineCount == 8, "a new document starts unfolded")
    }

    @Test("g opens a prompt whose answer navigates")
    func goTo() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, "[]"))
        _ = Fixtures.keys(&state, [.character("g")])
        Fixtures.type(&state, "posts/2")
        #expect(
            BrowserView.render(state).text.contains("go to (URL, host:port/path, or path under the service): posts/2"))
        guard case .navigate(let path, let from)? = Fixtures.keys(&state, [.enter]).first else {
            Issue.record("expected navigate")
            return
        }
        #expect(path == Fixtures.base + "posts/2" && from == nil)
        #expect(state.layers.isEmpty)
    }

    @Test("p, typing and Ctrl-S sends a POST; invalid JSON is refused")
    func postForm() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, "[]"))
        _ = Fixtures.keys(&state, [.character("p")])
        Fixtures.type(&state, "{\"name\": }")
        #expect(Fixtures.keys(&state, [.control("s")]).isEmpty)
        #expect(
            BrowserView.render(state).text.contains(
                "Invalid JSON at line 1, column 10: expected a value but found \"}\""))
        _ = Fixtures.keys(&state, [.left, .character("1")])
        let commands = Fixtures.keys(&state, [.control("s")])
        guard case .send(let draft, let from)? = commands.first, case .json(let json) = draft.body else {
            Issue.record("expected send, got \(commands)")
            return
        }
        #expect(draft.method == .post && draft.url == usersURL && from == usersURL)
        #expect(json == "{\"name\": 1}")
        #expect(BrowserView.render(state).text.contains("sending…"))
        _ = state.update(.formFinished(.succeeded(status: 201, body: #"{"id": 11}"#)))
        #expect(BrowserView.render(state).text.contains(#"onSuccess 201  {"id": 11}"#))
        _ = Fixtures.keys(&state, [.escape])
        #expect(state.layers.isEmpty)
    }

    @Test("after a PUT succeeds the form offers load() and overrideLocalContent on Ctrl keys")
    func putOffersStrategies() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, #"{"a": 1}"#))
        _ = Fixtures.keys(&state, [.character("u")])
        guard let form = state.topLayer as? RequestForm else {
            Issue.record("expected a form")
            return
        }
        #expect(form.body.text == "{\n  \"a\": 1\n}")
        _ = Fixtures.keys(&state, [.control("s")])
        _ = state.update(.formFinished(.succeeded(status: 200, body: "{}")))
        #expect(BrowserView.render(state).text.contains("Ctrl-O overrideLocalContent(with: sent body)"))
        // Plain letters keep typing into the still-open body after the success.
        #expect(Fixtures.keys(&state, [.character("l"), .character("o"), .character("a")]).isEmpty)
        guard let typed = state.topLayer as? RequestForm else {
            Issue.record("the form should stay open while typing")
            return
        }
        #expect(typed.body.text.contains("loa"))
        guard case .overrideLocalContent(let url, _)? = Fixtures.keys(&state, [.control("o")]).first else {
            Issue.record("expected overrideLocalContent")
            return
        }
        #expect(url == usersURL)
    }

    @Test("d asks before sending DELETE")
    func deleteConfirms() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, "[]"))
        _ = Fixtures.keys(&state, [.character("d")])
        #expect(BrowserView.render(state).text.contains("DELETE http://127.0.0.1:9/users ?"))
        #expect(Fixtures.keys(&state, [.character("n")]).isEmpty)
        _ = Fixtures.keys(&state, [.character("d")])
        guard case .send(let draft, _)? = Fixtures.keys(&state, [.character("y")]).first else {
            Issue.record("expected send")
            return
        }
        #expect(draft.method == .delete)
    }

    @Test("scrolling stops at the last line and the view follows the cursor")
    func scrolling() {
        let items = (0..<200).map { "\($0)" }.joined(separator: ",")
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, "[\(items)]"))
        _ = Fixtures.keys(&state, [.pageDown, .pageDown])
        #expect(state.position.cursor > 40)
        _ = Fixtures.keys(&state, [.end])
        #expect(state.position.cursor == 201)
        _ = Fixtures.keys(&state, [.character("j")])
        #expect(state.position.cursor == 201)
        #expect(BrowserView.render(state).text.contains("  199"))
        _ = Fixtures.keys(&state, [.home])
        #expect(state.position == Viewport(cursor: 0, top: 0))
    }

    /// Carries out a `.startSearch` the way `ResourceBrowser` does, feeding every update back.
    func runSearch(_ commands: [Command], in state: inout BrowserState) async throws {
        guard case .startSearch(let url, let query, let generation)? = commands.last else {
            Issue.record("expected startSearch, got \(commands)")
            return
        }
        let source = try #require(state.resources[url]?.latestData?.body.searchSource)
        let search = try #require(BodySearch(source: source, query: query))
        let updates = Updates()
        await search.run { await updates.append($0) }
        for update in await updates.all { _ = state.update(.searchUpdate(generation: generation, update)) }
    }

    actor Updates {
        var all: [BodySearch.Update] = []
        func append(_ update: BodySearch.Update) { all.append(update) }
    }

    @Test("/ searches in the background, jumps to the first match after the cursor; n and N wrap")
    func search() async throws {
        let json = #"[{"name": "bob"}, {"name": "ann"}, {"name": "Bobby"}]"#
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, json))
        _ = Fixtures.keys(&state, [.character("/")])
        Fixtures.type(&state, "bob")
        let commands = Fixtures.keys(&state, [.enter])
        #expect(state.search?.isRunning == true)
        #expect(BrowserView.render(state).text.contains("/bob · no match · 0% · Esc stops"))
        try await runSearch(commands, in: &state)
        #expect(state.position.cursor == 2)
        #expect(state.search?.matches.count == 2)
        #expect(BrowserView.render(state).text.contains("/bob · 2 matches"))
        _ = Fixtures.keys(&state, [.character("n")])
        #expect(state.position.cursor == 8)
        _ = Fixtures.keys(&state, [.character("n")])
        #expect(state.position.cursor == 2)
        _ = Fixtures.keys(&state, [.character("N")])
        #expect(state.position.cursor == 8)
        #expect(state.searchQuery == "bob")
        _ = Fixtures.keys(&state, [.character("/")])
        guard let prompt = state.topLayer as? Prompt else {
            Issue.record("expected the search prompt")
            return
        }
        #expect(prompt.editor.text.isEmpty, "a new search starts empty")
    }

    @Test("a search inside a folded container unfolds it")
    func searchUnfolds() async throws {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, #"{"a": {"deep": {"needle": 1}}, "b": 2}"#))
        _ = Fixtures.keys(&state, [.character("j"), .character("z")])
        #expect(state.shownBody?.lineCount == 4)
        _ = Fixtures.keys(&state, [.character("k"), .character("/")])
        Fixtures.type(&state, "needle")
        try await runSearch(Fixtures.keys(&state, [.enter]), in: &state)
        #expect(state.position.cursor == 3)
        #expect(state.shownBody?.lineCount == 8)
    }

    @Test("an update from an earlier search never counts for a later one")
    func staleSearchUpdates() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, #"["x", "x", "x"]"#))
        _ = Fixtures.keys(&state, [.character("/")])
        Fixtures.type(&state, "x")
        _ = Fixtures.keys(&state, [.enter])
        let first = state.searchGeneration
        _ = state.update(.resourceChanged(Fixtures.jsonSnapshot(usersURL, #"["x"]"#), event: .newData(.network)))
        _ = Fixtures.keys(&state, [.character("n")])
        #expect(state.search?.generation != first)
        _ = state.update(
            .searchUpdate(generation: first, BodySearch.Update(matches: [3], progress: 1, isFinished: true)))
        #expect(state.search?.matches.isEmpty == true)
        #expect(state.position.cursor == 0)
    }

    @Test("z on a closing bracket folds its container and puts the cursor on it")
    func foldFromClosingLine() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, #"{"a": [1, 2, 3], "b": 0}"#))
        _ = Fixtures.keys(
            &state, [.character("j"), .character("j"), .character("j"), .character("j"), .character("j")])
        #expect(state.position.cursor == 5)
        _ = Fixtures.keys(&state, [.character("z")])
        #expect(state.position.cursor == 1)
        #expect(state.shownBody?.lineCount == 4)
    }

    @Test("Esc stops a running search; a new body forgets its matches")
    func searchStops() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, #"["x", "x"]"#))
        _ = Fixtures.keys(&state, [.character("/")])
        Fixtures.type(&state, "x")
        _ = Fixtures.keys(&state, [.enter])
        let generation = state.search?.generation ?? 0
        _ = state.update(
            .searchUpdate(generation: generation, BodySearch.Update(matches: [1], progress: 0.5, isFinished: false)))
        #expect(state.position.cursor == 1)
        #expect(Fixtures.keys(&state, [.escape]).contains { if case .cancelSearch = $0 { true } else { false } })
        #expect(state.search?.isRunning == false)
        #expect(BrowserView.render(state).text.contains("search stopped at 50%: 1 match for x"))
        _ = state.update(
            .searchUpdate(generation: generation, BodySearch.Update(matches: [2], progress: 1, isFinished: true)))
        #expect(state.search?.matches == [1], "updates after the stop are ignored")
        _ = state.update(.resourceChanged(Fixtures.jsonSnapshot(usersURL, #"["y"]"#), event: .newData(.network)))
        #expect(state.search == nil)
    }

    @Test("Tab cycles focus; t cycles themes; s toggles the resources list")
    func focusThemesResources() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, "[]"))
        state.themes = [.standard, Theme(name: "other", colors: [:])]
        _ = Fixtures.keys(&state, [.tab])
        #expect(state.focus == .events)
        _ = Fixtures.keys(&state, [.character("t")])
        #expect(state.theme.name == "other")
        _ = state.update(
            .resourcesListed([
                ResourceSnapshot(url: usersURL, isLoading: true),
                ResourceSnapshot(
                    url: Fixtures.base + "x",
                    latestError: ErrorSnapshot(userMessage: "bad", httpStatusCode: 500, body: nil, timestamp: 0)),
            ]))
        _ = Fixtures.keys(&state, [.character("s")])
        let text = BrowserView.render(state).text
        #expect(text.contains("cachedResources 2"))
        #expect(text.contains("▸L /users"))
        #expect(text.contains(" E /x"))
        guard case .navigate(let path, nil)? = Fixtures.keys(&state, [.character("j"), .enter]).first else {
            Issue.record("expected navigate")
            return
        }
        #expect(path == Fixtures.base + "x")
    }

    @Test("y asks for the GET as a curl command, secrets included, and logs it with secrets masked")
    func curl() {
        var state = Fixtures.state(
            showing: Fixtures.jsonSnapshot(usersURL, "[]"), headers: [("Authorization", "Bearer hunter2")])
        guard case .workspace(.exportCurl(let definition))? = Fixtures.keys(&state, [.character("y")]).first else {
            Issue.record("expected the curl export")
            return
        }
        #expect(definition.method == "GET")
        #expect(definition.url == usersURL)
        #expect(definition.headers == [HeaderField(name: "Authorization", value: "Bearer hunter2")])
        #expect(definition.body == nil)
        #expect(state.events.last?.detail == "curl http://127.0.0.1:9/users -H 'Authorization: Bearer ••••••'")
        #expect(!BrowserView.render(state).text.contains("hunter2"))
    }

    @Test("y copies the GET with the headers every request gets (User-Agent, Accept) unless --header replaces one")
    func curlWithDefaultHeaders() {
        var state = Fixtures.state(
            showing: Fixtures.jsonSnapshot(usersURL, "[]"), headers: [("accept", "text/csv")])
        state.defaultHeaders = [("User-Agent", "hammock/9.9"), ("Accept", "application/json, */*;q=0.5")]
        guard case .workspace(.exportCurl(let definition))? = Fixtures.keys(&state, [.character("y")]).first else {
            Issue.record("expected the curl export")
            return
        }
        #expect(
            definition.headers == [
                HeaderField(name: "accept", value: "text/csv"), HeaderField(name: "User-Agent", value: "hammock/9.9"),
            ])
        #expect(
            state.events.last?.detail
                == "curl http://127.0.0.1:9/users -H 'accept: text/csv' -H 'User-Agent: hammock/9.9'")
    }

    @Test("request hooks are logged with their names")
    func hooks() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(usersURL, "[]"))
        _ = state.update(
            .requestHook(.onSuccess, url: usersURL, method: .post, status: 201, detail: ""))
        _ = state.update(
            .requestHook(.onFailure, url: usersURL, method: .put, status: 400, detail: "bad"))
        let text = BrowserView.render(state).text
        #expect(text.contains("onSuccess"))
        #expect(text.contains("/users 201 POST"))
        #expect(text.contains("/users 400 PUT bad"))
    }

    @Test("q quits")
    func quit() {
        var state = Fixtures.state()
        guard case .quit? = Fixtures.keys(&state, [.character("q")]).first else {
            Issue.record("expected quit")
            return
        }
        #expect(state.isQuitting)
    }
}

@Suite("Saving the screen")
struct ExportKeyTests {
    @Test("Ctrl-P asks for an SVG export even while a form is open")
    func exportInForm() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "users", "[]"))
        _ = Fixtures.keys(&state, [.character("p")])
        guard case .exportSVG? = Fixtures.keys(&state, [.control("p")]).first else {
            Issue.record("expected exportSVG")
            return
        }
        guard state.topLayer is RequestForm else {
            Issue.record("the form should stay open")
            return
        }
    }
}

@Suite("Search highlighting")
struct SearchHighlightTests {
    @Test("visible matches of the search are underlined")
    func underline() throws {
        var state = Fixtures.state(
            showing: Fixtures.jsonSnapshot(Fixtures.base + "users", #"[{"name": "Bob"}, {"name": "bobby"}]"#))
        _ = Fixtures.keys(&state, [.character("/")])
        Fixtures.type(&state, "bob")
        _ = Fixtures.keys(&state, [.enter])
        let screen = BrowserView.render(state)
        let first = try #require(screen.find("Bob"))
        #expect(screen[first.x, first.y].style.attributes.contains(.underline))
        let second = try #require(screen.find("bobby"))
        #expect(screen[second.x + 2, second.y].style.attributes.contains(.underline))
        #expect(!screen[second.x + 3, second.y].style.attributes.contains(.underline))
    }
}
