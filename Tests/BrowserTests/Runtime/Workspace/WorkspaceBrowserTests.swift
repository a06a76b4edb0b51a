import DemoAPI
import Foundation
import HTTPCore
import SQLiteStore
import Siesta
import TUICore
import TestSupport
import Testing
import Workspace

@testable import Browser
@testable import BrowserRuntime

/// History, saved requests, environments, curl and cookies, driven through the browser over
/// the real demo API, with the history and collection in temporary folders.
@Suite("The browser's workspace")
@MainActor
struct WorkspaceBrowserTests {
    struct Setup {
        let server: DemoServer
        let folder: TemporaryFolder
        let browser: ResourceBrowser
        let workspace: WorkspaceSession
    }

    func setUp(history: Bool = true, cookies: Bool = false, liveStep: Duration = .seconds(2)) async throws -> Setup {
        let server = try await DemoServer.start(liveStep: liveStep)
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path(".hammock"), withIntermediateDirectories: true)
        let recorder = ExchangeRecorder()
        var settings = HTTPClientSettings()
        if cookies { settings.cookieJar = HTTPCookieJar() }
        let service = Service(baseURL: server.baseURL, networking: recorder.provider(settings: settings))
        let workspace = WorkspaceSession(
            collection: RequestCollection(folder: folder.path(".hammock")), cookieJar: settings.cookieJar,
            processEnvironment: ["HAMMOCK_TEST_TOKEN": "from-the-process"])
        let browser = ResourceBrowser(
            service: service,
            state: BrowserState(width: 150, height: 45, serviceBaseURL: server.baseURL.absoluteString),
            exchangeRecorder: recorder, workspace: workspace)
        if history {
            var opened = false
            workspace.openHistory(at: URL(fileURLWithPath: folder.path("state/history.sqlite"))) { opened = true }
            await waitUntil("history open") { opened }
        }
        return Setup(server: server, folder: folder, browser: browser, workspace: workspace)
    }

    func picker(_ browser: ResourceBrowser) -> Picker? {
        if let picker = browser.state.topLayer as? Picker { return picker }
        return nil
    }

    func viewerText(_ browser: ResourceBrowser) -> String? {
        guard let viewer = browser.state.topLayer as? TextViewer, case .text(let document) = viewer.body else {
            return nil
        }
        return document.text
    }

    @Test("every request lands in history; two versions of a changing resource diff by JSON path")
    func historyDiff() async throws {
        let setup = try await setUp()
        let browser = setup.browser
        browser.start(path: "/counter")
        await waitUntil("first") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("r")))
        await waitUntil("second") { setup.server.requestCount(forPath: "/counter") == 2 }
        await waitUntilAsync("both recorded") { (try? await setup.workspace.history?.entries().count) == 2 }
        browser.dispatch(.key(.character("h")))
        await waitUntil("listed") { picker(browser)?.isLoading == false }
        let items = try #require(picker(browser)?.items)
        #expect(items.count == 2)
        #expect(items.allSatisfy { $0.label.hasSuffix("/counter") && $0.detail.hasPrefix("200 OK") })
        // Filter as you type.
        browser.dispatch(.paste("nothing-like-this"))
        #expect(picker(browser)?.visibleItems.isEmpty == true)
        for _ in 0..<17 { browser.dispatch(.key(.backspace)) }
        #expect(picker(browser)?.visibleItems.count == 2)
        browser.dispatch(.key(.control("d")))
        browser.dispatch(.key(.down))
        browser.dispatch(.key(.control("d")))
        await waitUntil("diff") { viewerText(browser) != nil }
        let text = try #require(viewerText(browser))
        #expect(text.hasPrefix("@@ +0 −0 ~1 (JSON, by path)"))
        #expect(text.contains("~ $.count: 1 → 2"))
        // Esc goes back to the list.
        browser.dispatch(.key(.escape))
        #expect(picker(browser) != nil)
        await setup.server.shutdown()
    }

    @Test("JSONPath expressions are kept per API origin across runs, beside the history file")
    func queryHistoryAcrossRuns() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.shutdown() } }
        let browser = setup.browser
        browser.start()
        await waitUntil("the index") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("$")))
        browser.dispatch(.paste("..href"))
        browser.dispatch(.key(.escape))
        let path = setup.folder.path("state/history.queries.json")
        let origin = URLOrigin.of(setup.server.baseURL)
        await waitUntil("the expression on disk") { FileManager.default.fileExists(atPath: path) }
        #expect(try await QueryHistoryFile(fileURL: URL(fileURLWithPath: path)).load() == [origin: ["$..href"]])

        // The next run over the same API finds it with ↑ in the pane.
        let workspace = WorkspaceSession(collection: nil)
        let next = ResourceBrowser(
            service: Service(baseURL: setup.server.baseURL),
            state: BrowserState(width: 150, height: 45, serviceBaseURL: setup.server.baseURL.absoluteString),
            workspace: workspace)
        var opened = false
        workspace.openHistory(at: URL(fileURLWithPath: setup.folder.path("state/history.sqlite"))) { opened = true }
        await waitUntil("history open") { opened }
        await waitUntil("the kept expressions") {
            next.state.promptRecall[BrowserState.pathQueryRecall(origin: origin)]?.lines == ["$..href"]
        }
        next.start()
        await waitUntil("the index") { next.state.current?.latestData != nil }
        next.dispatch(.key(.character("$")))
        next.dispatch(.key(.up))
        #expect((next.state.topLayer as? PathQuery)?.expression == "$..href")
        #expect(next.state.promptRecall[BrowserState.pathQueryRecall(origin: "http://elsewhere:80")] == nil)
    }

    @Test("an open history list follows exchanges written after it opened")
    func historyFollows() async throws {
        let setup = try await setUp()
        let browser = setup.browser
        browser.dispatch(.key(.character("h")))
        await waitUntil("listed") { picker(browser)?.isLoading == false }
        #expect(picker(browser)?.items.isEmpty == true)
        browser.start(path: "/users/1")
        await waitUntil("the new exchange in the open list") { picker(browser)?.items.count == 1 }
        #expect(picker(browser)?.selected?.label.contains(" GET ") == true)
        await setup.server.shutdown()
    }

    @Test("a history diff of a list matched by id names each changed item where it was and where it is")
    func historyDiffOfMovedItems() async throws {
        let setup = try await setUp()
        let browser = setup.browser
        browser.start(path: "/users")
        await waitUntil("first") { browser.state.current?.latestData != nil }
        // On the server, user 1 goes and user 3 is renamed: user 3 moves from index 2 to 1.
        await Self.finished(browser.service.resource("/users/1").request(.delete))
        await Self.finished(browser.service.resource("/users/3").request(.patch, json: ["name": "Renamed"]))
        browser.dispatch(.key(.character("r")))
        await waitUntil("second") { setup.server.requestCount(forPath: "/users") == 2 }
        await waitUntilAsync("recorded") { (try? await setup.workspace.history?.entries().count) == 4 }
        let store = try #require(setup.workspace.history)
        let loads = try await store.entries(matching: "GET").filter { $0.url.hasSuffix("/users") }
        let (newer, older) = (try #require(loads.first), try #require(loads.last))
        let oldItems = try Self.ids(try #require(try await store.body(of: older.id)))
        let newItems = try Self.ids(try #require(try await store.body(of: newer.id)))
        #expect(oldItems.firstIndex(of: 3) == 2 && newItems.firstIndex(of: 3) == 1)
        browser.dispatch(.key(.character("h")))
        await waitUntil("listed") { picker(browser)?.isLoading == false }
        browser.dispatch(.paste("GET"))
        // The rows carry the numbers the diff's title names.
        let url = setup.server.baseURL.absoluteString + "users"
        #expect(picker(browser)?.visibleItems.map(\.label) == ["#\(newer.id) GET \(url)", "#\(older.id) GET \(url)"])
        browser.dispatch(.key(.control("d")))
        browser.dispatch(.key(.down))
        browser.dispatch(.key(.control("d")))
        await waitUntil("diff") { viewerText(browser) != nil }
        let text = try #require(viewerText(browser))
        if let viewer = browser.state.topLayer as? TextViewer {
            #expect(viewer.title.hasPrefix("diff #\(older.id) → #\(newer.id): GET "))
        }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"~ $[2→1].name: "Claude Shannon" → "Renamed""#), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("- $[0]: ") }, "\(lines)")
        // Every changed value inside an item: the item at the old index and the one at the new
        // index are the same item.
        for line in lines where line.hasPrefix("~ $[") {
            let inside = line.dropFirst("~ $[".count).prefix { $0 != "]" }
            let indices = inside.split(separator: "→").compactMap { Int($0) }
            let (oldIndex, newIndex) = (indices.first ?? -1, indices.last ?? -1)
            guard oldItems.indices.contains(oldIndex), newItems.indices.contains(newIndex) else {
                Issue.record("\(line) names no item")
                continue
            }
            #expect(oldItems[oldIndex] == newItems[newIndex], "\(line) names two different items")
        }
        await setup.server.shutdown()
    }

    /// Waits until `request` has finished.
    private static func finished(_ request: any Request) async {
        await withCheckedContinuation { continuation in request.onCompletion { _ in continuation.resume() } }
    }

    /// The ids of the objects of a JSON array body, in order.
    private static func ids(_ body: Data) throws -> [Int] {
        let items = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
        return items.compactMap { $0["id"] as? Int }
    }

    @Test("Enter on a history entry opens its body read-only; Ctrl-R re-sends a POST as a filled form")
    func historyOpenAndResend() async throws {
        let setup = try await setUp()
        let browser = setup.browser
        browser.start(path: "/anything")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("p")))
        browser.dispatch(.paste(#"{"note": "kept as typed"}"#))
        browser.dispatch(.key(.control("s")))
        guard await Fixtures.formWithResponse(browser) != nil else { return }
        browser.dispatch(.key(.escape))
        // The first load, the POST, and the load that follows the write.
        await waitUntilAsync("recorded") { (try? await setup.workspace.history?.entries().count) == 3 }
        browser.dispatch(.key(.character("h")))
        await waitUntil("listed") { picker(browser)?.isLoading == false }
        #expect(picker(browser)?.selected?.label.contains(" GET ") == true)
        browser.dispatch(.key(.down))
        #expect(picker(browser)?.selected?.label.contains(" POST ") == true)
        #expect(picker(browser)?.selected?.label.contains(" POST ") == true)
        browser.dispatch(.key(.enter))
        await waitUntil("body") {
            if browser.state.topLayer is TextViewer { return true }
            return false
        }
        let screen = BrowserView.render(browser.state).text
        #expect(screen.contains("read-only, from history"))
        #expect(screen.contains(#""note": "kept as typed""#) || screen.contains(#"kept as typed"#))
        browser.dispatch(.key(.escape))
        browser.dispatch(.key(.control("r")))
        await waitUntil("form") {
            if browser.state.topLayer is RequestForm { return true }
            return false
        }
        guard let form = browser.state.topLayer as? RequestForm else {
            Issue.record("expected the re-sent request's form")
            return
        }
        #expect(form.method == .post)
        #expect(form.body.text == #"{"note": "kept as typed"}"#)
        await setup.server.shutdown()
    }

    @Test("a form saved with F2 is a YAML file; after a restart it opens from the list with the same fields")
    func savedRequestAcrossRestart() async throws {
        let setup = try await setUp(history: false)
        let browser = setup.browser
        browser.start(path: "/posts")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("p")))
        browser.dispatch(.key(.backTab))
        browser.dispatch(.paste("X-Trace: abc"))
        browser.dispatch(.key(.tab))
        browser.dispatch(.paste("{\"title\": \"Hi\"}\n"))
        browser.dispatch(.key(.function(2)))
        browser.dispatch(.paste("New post"))
        browser.dispatch(.key(.enter))
        let file = setup.folder.path(".hammock/new-post.yaml")
        await waitUntil("saved") { FileManager.default.fileExists(atPath: file) }
        // A second browser on the same folder: the restart.
        let service = Service(baseURL: setup.server.baseURL)
        let again = ResourceBrowser(
            service: service,
            state: BrowserState(width: 150, height: 45, serviceBaseURL: setup.server.baseURL.absoluteString),
            workspace: WorkspaceSession(collection: RequestCollection(folder: setup.folder.path(".hammock"))))
        again.start(path: "/posts")
        again.dispatch(.key(.character("C")))
        await waitUntil("listed") { picker(again)?.isLoading == false }
        #expect(picker(again)?.items.map(\.label) == ["New post"])
        again.dispatch(.key(.enter))
        await waitUntil("form") {
            if again.state.topLayer is RequestForm { return true }
            return false
        }
        guard let form = again.state.topLayer as? RequestForm else {
            Issue.record("expected the saved request's form after the restart")
            return
        }
        #expect(form.method == .post)
        #expect(form.url.text == setup.server.baseURL.absoluteString + "posts")
        #expect(form.headers.text == "X-Trace: abc")
        #expect(form.body.text == "{\"title\": \"Hi\"}\n")
        await setup.server.shutdown()
    }

    @Test("the environment fills {{variables}}: switching it changes the URL sent, and a missing one sends nothing")
    func environments() async throws {
        let setup = try await setUp(history: false)
        try setup.folder.write(".hammock/environments/one.yaml", "item: users/1\n")
        try setup.folder.write(".hammock/environments/two.yaml", "item: users/2\n")
        let browser = setup.browser
        browser.start(path: "/posts")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("e")))
        await waitUntil("listed") { picker(browser)?.isLoading == false }
        #expect(picker(browser)?.items.map(\.label) == ["(none)", "one", "two"])
        browser.dispatch(.key(.down))
        browser.dispatch(.key(.enter))
        #expect(browser.state.environment == "one")
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.paste("/{{item}}"))
        browser.dispatch(.key(.enter))
        await waitUntil("users/1") { setup.server.requestCount(forPath: "/users/1") == 1 }
        browser.dispatch(.key(.character("e")))
        await waitUntil("listed") { picker(browser)?.isLoading == false }
        browser.dispatch(.paste("two"))
        browser.dispatch(.key(.enter))
        #expect(browser.state.environment == "two")
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.paste("/{{item}}"))
        browser.dispatch(.key(.enter))
        await waitUntil("users/2") { setup.server.requestCount(forPath: "/users/2") == 1 }
        // An unknown variable in a form: an error naming it, and nothing reaches the server.
        let before = setup.server.requestCount(forPath: "/anything")
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.paste("/anything"))
        browser.dispatch(.key(.enter))
        await waitUntil("anything") { setup.server.requestCount(forPath: "/anything") == before + 1 }
        browser.dispatch(.key(.character("p")))
        browser.dispatch(.paste(#"{"who": "{{nobody}}"}"#))
        browser.dispatch(.key(.control("s")))
        // The environment's files are checked first, off the main actor.
        await waitUntil("the form's outcome") {
            guard let form = browser.state.topLayer as? RequestForm else { return false }
            if case .failed = form.outcome { return true }
            return false
        }
        guard let form = browser.state.topLayer as? RequestForm, case .failed(_, let message, _) = form.outcome else {
            Issue.record("expected a refused form")
            return
        }
        #expect(message.contains("nobody"))
        #expect(message.hasSuffix("nothing was sent"))
        #expect(setup.server.requestCount(forPath: "/anything") == before + 1)
        await setup.server.shutdown()
    }

    @Test("an environment file edited outside hammock is read again before the next request, and Events says so")
    func environmentFileEdited() async throws {
        let setup = try await setUp(history: false)
        let auth = "auth:\n  type: bearer\n  token: \"{{token}}\"\n"
        let file = try setup.folder.write(".hammock/environments/dev.yaml", "item: users/1\ntoken: tok-1\n" + auth)
        let browser = setup.browser
        setup.workspace.selectEnvironment("dev")
        browser.start(path: "/anything")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        #expect(Self.echoedBody(browser).contains("Bearer tok-1"))
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.paste("/{{item}}"))
        browser.dispatch(.key(.enter))
        await waitUntil("users/1") { setup.server.requestCount(forPath: "/users/1") == 1 }

        // Edited by another program: the next typed URL and the next load use the new values.
        try setup.folder.write(".hammock/environments/dev.yaml", "item: users/2\ntoken: tok-2\n" + auth)
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.paste("/{{item}}"))
        browser.dispatch(.key(.enter))
        await waitUntil("users/2") { setup.server.requestCount(forPath: "/users/2") == 1 }
        #expect(setup.server.requestCount(forPath: "/users/1") == 1)
        let notes = browser.state.events.filter { $0.detail.hasPrefix("environment dev re-read") }
        #expect(notes.map(\.detail) == ["environment dev re-read: \(file) changed"])
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.paste("/anything"))
        browser.dispatch(.key(.enter))
        await waitUntil("the echo again") { browser.state.current?.url.hasSuffix("/anything") == true }
        browser.dispatch(.key(.character("r")))
        await waitUntil("the new token") { Self.echoedBody(browser).contains("Bearer tok-2") }
        #expect(browser.state.events.filter { $0.detail.hasPrefix("environment dev re-read") }.count == 1)
        await setup.server.shutdown()
    }

    @Test("an environment file that became broken keeps the last good values and says why, with file and line")
    func environmentFileBroken() async throws {
        let setup = try await setUp(history: false)
        let file = try setup.folder.write(".hammock/environments/dev.yaml", "kind: users\n")
        let browser = setup.browser
        setup.workspace.selectEnvironment("dev")
        browser.start(path: "/posts")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        try setup.folder.write(".hammock/environments/dev.yaml", "kind: posts\nlist: [1, 2]\n")
        for id in 1...2 {
            browser.dispatch(.key(.character("g")))
            browser.dispatch(.paste("/{{kind}}/\(id)"))
            browser.dispatch(.key(.enter))
            await waitUntil("users/\(id)") { setup.server.requestCount(forPath: "/users/\(id)") == 1 }
        }
        let problems = browser.state.events.filter { $0.detail.hasPrefix("environment dev not re-read") }
        #expect(problems.count == 1, "said once: \(problems.map(\.detail))")
        let problem = problems.first?.detail ?? ""
        #expect(problem.contains("\(file), line 2: the value of “list” must be a single value"), "\(problem)")
        #expect(problem.hasSuffix("the values read before stay in use"), "\(problem)")
        #expect(problems.first?.kind == .error)
        // Mended: read again, and said.
        try setup.folder.write(".hammock/environments/dev.yaml", "kind: posts\n")
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.paste("/{{kind}}/1"))
        browser.dispatch(.key(.enter))
        await waitUntil("posts/1") { setup.server.requestCount(forPath: "/posts/1") == 1 }
        #expect(browser.state.events.contains { $0.detail == "environment dev re-read: \(file) changed" })
        await setup.server.shutdown()
    }

    @Test("while the environment's files are looked at, commands wait in order, but q quits at once")
    func quitDoesNotWaitForTheEnvironment() async throws {
        let setup = try await setUp(history: false)
        try setup.folder.write(".hammock/environments/dev.yaml", "item: users/1\n")
        let browser = setup.browser
        setup.workspace.selectEnvironment("dev")
        browser.start(path: "/posts")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        var quit = false
        browser.onEffect = { command in
            if case .quit = command { quit = true }
        }
        let before = setup.server.requestCount(forPath: "/posts")
        browser.dispatch(.key(.character("r")))
        browser.dispatch(.key(.character("q")))
        #expect(quit, "q did not wait for the look at the environment's files")
        #expect(setup.server.requestCount(forPath: "/posts") == before, "the load waits for it")
        await waitUntil("the load, once the files were looked at") {
            setup.server.requestCount(forPath: "/posts") == before + 1
        }
        await setup.server.shutdown()
    }

    /// The echo of `/anything` on screen, as text.
    private static func echoedBody(_ browser: ResourceBrowser) -> String {
        guard case .json(let outline)? = browser.state.current?.latestData?.body else { return "" }
        return String(decoding: outline.document.data, as: UTF8.self)
    }

    @Test("two header lines of one name in a form go out as two lines, and replace the configured value")
    func repeatedHeaderLines() async throws {
        let setup = try await setUp(history: false)
        let browser = setup.browser
        browser.start(path: "/anything")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        let url = try #require(browser.state.currentURL)
        browser.dispatch(.key(.character("I")))
        browser.dispatch(
            .paste("curl -X PUT '\(url)' -H 'X-A: 1' -H 'Accept: text/plain' -H 'x-a: 2' --data-raw 'x'"))
        browser.dispatch(.key(.enter))
        try #require(
            browser.state.topLayer is RequestForm, "expected a form, status: \(browser.state.status?.text ?? "")")
        browser.dispatch(.key(.control("s")))
        let (_, outline) = try #require(await Fixtures.jsonResponse(of: browser))
        let echoed = String(decoding: outline.document.data, as: UTF8.self)
        // The demo joins the lines of one name with ", "; a folded value would read "1,2".
        #expect(echoed.contains(#""x-a" : "1, 2""#), "\(echoed)")
        #expect(echoed.contains(#""accept" : "text/plain""#), "\(echoed)")
        #expect(!echoed.contains("\\u001f"), "\(echoed)")
        let exchange = try #require(browser.exchangeRecorder?.lastExchange(method: .put, url: url))
        #expect(exchange.requestHeaders.filter { $0.name.lowercased() == "x-a" }.map(\.value) == ["1", "2"])
        await setup.server.shutdown()
    }

    @Test("a pasted curl command with continuations becomes a filled form; Ctrl-Y shows the form as curl")
    func curlInAndOut() async throws {
        let setup = try await setUp(history: false)
        let browser = setup.browser
        browser.start(path: "/posts")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("I")))
        browser.dispatch(
            .paste("curl -X PATCH \\\n  'http://example.test/posts/1' \\\n  -H 'X-One: 1' \\\n  --data-raw '{\"a\":1}'")
        )
        browser.dispatch(.key(.enter))
        guard let form = browser.state.topLayer as? RequestForm else {
            Issue.record("expected a form, status: \(browser.state.status?.text ?? "")")
            return
        }
        #expect(form.method == .patch)
        #expect(form.url.text == "http://example.test/posts/1")
        #expect(form.headers.text.hasPrefix("X-One: 1"))
        #expect(form.body.text == #"{"a":1}"#)
        var copied: String?
        browser.onEffect = { command in
            if case .copyToClipboard(let text) = command { copied = text }
        }
        browser.dispatch(.key(.control("y")))
        let command = try #require(
            copied, "status: \(browser.state.status?.text ?? "-"), events: \(browser.state.events.map(\.detail))")
        #expect(command.contains("-X PATCH"))
        #expect(command.contains(" http://example.test/posts/1 "))
        #expect(command.contains("-H 'Content-Type: application/x-www-form-urlencoded'"))
        #expect(command.contains(#"--data-raw '{"a":1}'"#))
        #expect(viewerText(browser)?.contains("X-One: 1") == true)
        await setup.server.shutdown()
    }

    @Test(
        "a cookie set by a redirect is sent on later requests; K lists it masked, Enter reveals it, Ctrl-X deletes it")
    func cookies() async throws {
        let setup = try await setUp(history: false, cookies: true)
        let browser = setup.browser
        browser.start(path: setup.server.baseURL.absoluteString + "cookies/set?flavour=oat&size=large")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        #expect(BrowserView.render(browser.state).text.contains(#""flavour": "oat""#))
        browser.dispatch(.key(.character("K")))
        await waitUntil("listed") { picker(browser)?.isLoading == false }
        var jar = BrowserView.render(browser.state).text
        #expect(jar.contains("flavour=••••••"))
        #expect(!jar.contains("oat"))
        Fixtures.type(browser, "flav")
        browser.dispatch(.key(.enter))
        jar = BrowserView.render(browser.state).text
        #expect(jar.contains("flavour=oat"), "revealed on Enter")
        browser.dispatch(.key(.enter))
        #expect(!BrowserView.render(browser.state).text.contains("flavour=oat"), "hidden again")
        browser.dispatch(.key(.control("x")))
        browser.dispatch(.key(.character("y")))
        await waitUntil("deleted") { picker(browser)?.items.count == 1 }
        #expect(picker(browser)?.message == "deleted the cookie flavour for 127.0.0.1")
        // The next request no longer carries it.
        browser.dispatch(.key(.escape))
        browser.dispatch(.open(path: setup.server.baseURL.absoluteString + "cookies"))
        await waitUntil("the cookies the server saw") {
            BrowserView.render(browser.state).text.contains(#""size": "large""#)
        }
        #expect(!BrowserView.render(browser.state).text.contains(#""flavour": "oat""#))
        await setup.server.shutdown()
    }

    @Test("a history write that fails (another program holds the file's lock) is said once; later writes land")
    func historyWriteFailure() async throws {
        let setup = try await setUp()
        let browser = setup.browser
        let history = try #require(setup.workspace.history)
        let lock = try BlockingSQLiteConnection(path: setup.folder.path("state/history.sqlite"))
        try lock.execute("BEGIN EXCLUSIVE")
        browser.start(path: "/users/1")
        // The store waits out its busy timeout (5 s) before giving up.
        await waitUntil("the failure to be said", timeout: 20) {
            browser.state.status?.text.hasPrefix("history could not keep an exchange:") == true
        }
        #expect(
            browser.state.status?.text.contains("database is locked") == true, "\(browser.state.status?.text ?? "")")
        try lock.execute("COMMIT")
        browser.start(path: "/users/2")
        await waitUntil("history to be written again", timeout: 20) {
            browser.state.status?.text == "history is written again"
        }
        let urls = try await history.entries().map(\.url)
        #expect(urls.contains { $0.hasSuffix("/users/2") })
        #expect(!urls.contains { $0.hasSuffix("/users/1") })
        await setup.server.shutdown()
    }

    @Test("S writes the shown body, as received, to a file and refuses to overwrite one")
    func saveBody() async throws {
        let setup = try await setUp(history: false)
        let browser = setup.browser
        browser.start(path: "/users/1")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        let path = setup.folder.path("user.json")
        browser.dispatch(.key(.character("S")))
        browser.dispatch(.paste(path))
        browser.dispatch(.key(.enter))
        await waitUntil("written") { FileManager.default.fileExists(atPath: path) }
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        guard case .json(let outline)? = browser.state.current?.latestData?.body else {
            Issue.record("expected the shown body as JSON")
            return
        }
        #expect(written == outline.document.data)
        browser.dispatch(.key(.character("S")))
        browser.dispatch(.paste(path))
        browser.dispatch(.key(.enter))
        await waitUntil("refused") { browser.state.status?.text.hasSuffix("exists: choose another name") == true }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written)
        // Written beside the target and linked into place: no temporary file stays behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: setup.folder.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")

        // A path that cannot be written (below a file; chmod does not stop root) is a message, and
        // the browser goes on.
        browser.dispatch(.key(.character("S")))
        browser.dispatch(.paste(path + "/inside.json"))
        browser.dispatch(.key(.enter))
        await waitUntil("refused with the reason") {
            browser.state.status?.text == "could not write \(path): a part of the path is a file, not a folder"
        }
        browser.start(path: "/users/2")
        await waitUntil("the next load") {
            browser.state.current?.url.hasSuffix("/users/2") == true && browser.state.current?.latestData != nil
        }
        await setup.server.shutdown()
    }

    @Test("an environment's bearer token goes on every load; the URL pane names the environment")
    func bearerOnLoads() async throws {
        let setup = try await setUp(history: false)
        try setup.folder.write(
            ".hammock/environments/staging.yaml", "token: tok-123\nauth:\n  type: bearer\n  token: \"{{token}}\"\n")
        let browser = setup.browser
        setup.workspace.selectEnvironment("staging")
        browser.start(path: "/anything")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        guard case .json(let outline)? = browser.state.current?.latestData?.body else {
            Issue.record("expected JSON")
            return
        }
        let echoed = String(decoding: outline.document.data, as: UTF8.self)
        #expect(echoed.contains("Bearer tok-123"))
        let screen = BrowserView.render(browser.state).text
        #expect(screen.contains("env staging"))
        await setup.server.shutdown()
    }

    @Test("basic auth without a password asks for it, never shows it, and the form then sends it")
    func basicPassword() async throws {
        let setup = try await setUp(history: false)
        try setup.folder.write(".hammock/environments/dev.yaml", "auth:\n  type: basic\n  username: ada\n")
        let browser = setup.browser
        setup.workspace.selectEnvironment("dev")
        browser.start(path: "/anything")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        let before = setup.server.requestCount(forPath: "/anything")
        browser.dispatch(.key(.character("p")))
        browser.dispatch(.paste("{}"))
        browser.dispatch(.key(.control("s")))
        // The environment's files are checked first, off the main actor.
        await waitUntil("the password prompt") {
            if browser.state.topLayer is Prompt { return true }
            return false
        }
        guard let prompt = browser.state.topLayer as? Prompt, prompt.isSecret else {
            Issue.record("expected the password prompt")
            return
        }
        #expect(setup.server.requestCount(forPath: "/anything") == before)
        browser.dispatch(.paste("s3cret"))
        #expect(!BrowserView.render(browser.state).text.contains("s3cret"))
        browser.dispatch(.key(.enter))
        browser.dispatch(.key(.control("s")))
        guard let form = await Fixtures.formWithResponse(browser) else { return }
        guard case .json(let outline)? = form.response?.body else {
            Issue.record("expected the echo")
            return
        }
        // ada:s3cret
        #expect(String(decoding: outline.document.data, as: UTF8.self).contains("Basic YWRhOnMzY3JldA=="))
        #expect(!browser.state.events.contains { $0.detail.contains("s3cret") })
        await setup.server.shutdown()
    }

    @Test("form fields are filled before they are encoded, and the auth stays on the service's origin")
    func formVariablesAndOrigin() async throws {
        let setup = try await setUp(history: false)
        try setup.folder.write(
            ".hammock/environments/dev.yaml", "who: ada & bob\nauth:\n  type: bearer\n  token: tok-9\n")
        let browser = setup.browser
        setup.workspace.selectEnvironment("dev")
        browser.start(path: "/anything")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("p")))
        browser.dispatch(.key(.control("t")))
        browser.dispatch(.key(.control("t")))
        browser.dispatch(.paste("name={{who}}"))
        browser.dispatch(.key(.control("s")))
        guard let (_, outline) = await Fixtures.jsonResponse(of: browser) else { return }
        let echoed = String(decoding: outline.document.data, as: UTF8.self)
        #expect(echoed.contains(#""data" : "name=ada%20%26%20bob""#))
        browser.dispatch(.key(.escape))
        // Another origin (the shared server, another port) never gets the token.
        let other = try await SharedDemoServer.get()
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.paste(other.baseURL.absoluteString + "anything"))
        browser.dispatch(.key(.enter))
        await waitUntil("other loaded") {
            browser.state.currentURL == other.baseURL.absoluteString + "anything"
                && browser.state.current?.latestData != nil
        }
        guard case .json(let otherOutline)? = browser.state.current?.latestData?.body else {
            Issue.record("expected the other origin's echo as JSON, to check that no token reached it")
            return
        }
        #expect(!String(decoding: otherOutline.document.data, as: UTF8.self).contains("tok-9"))
        await setup.server.shutdown()
    }

    @Test("a link in a body is never filled from the environment; typed text is")
    func linksAreNotTemplates() {
        let url = Fixtures.base + "a"
        var state = Fixtures.state(
            showing: Fixtures.jsonSnapshot(url, #"{"next": "http://evil.test/?k={{env:HOME}}"}"#))
        let followed = Fixtures.keys(&state, [.character("j"), .enter])
        guard case .navigate(let path, _)? = followed.first else {
            Issue.record("expected a plain navigate, got \(followed)")
            return
        }
        #expect(path == "http://evil.test/?k={{env:HOME}}")
        _ = Fixtures.keys(&state, [.character("g")])
        Fixtures.type(&state, "/{{item}}")
        let typed = Fixtures.keys(&state, [.enter])
        guard case .navigateTyped(let text)? = typed.first else {
            Issue.record("expected navigateTyped, got \(typed)")
            return
        }
        #expect(text == "/{{item}}")
    }

    @Test("Esc in the save-as prompt goes back to the form, edits kept")
    func saveAsEscape() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        state.hasCollection = true
        _ = Fixtures.keys(&state, [.character("p")])
        Fixtures.type(&state, "{}")
        _ = Fixtures.keys(&state, [.function(2)])
        guard state.topLayer is Prompt else {
            Issue.record("expected the name prompt")
            return
        }
        _ = Fixtures.keys(&state, [.escape])
        guard let form = state.topLayer as? RequestForm else {
            Issue.record("expected the form back")
            return
        }
        #expect(form.body.text == "{}")
    }

    @Test("an exported curl command is the request as sent: variables filled, the environment's auth added")
    func exportPrepared() async throws {
        let setup = try await setUp(history: false)
        try setup.folder.write(
            ".hammock/environments/dev.yaml", "who: ada\nauth:\n  type: bearer\n  token: tok-7\n")
        let browser = setup.browser
        setup.workspace.selectEnvironment("dev")
        browser.start(path: "/anything")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        var copied: String?
        browser.onEffect = { command in
            if case .copyToClipboard(let text) = command { copied = text }
        }
        browser.dispatch(.key(.character("p")))
        browser.dispatch(.paste(#"{"who": "{{who}}"}"#))
        browser.dispatch(.key(.control("y")))
        // The environment's files are checked first, off the main actor.
        await waitUntil("the command") { copied != nil }
        let command = try #require(copied)
        #expect(command.contains(#"--data-raw '{"who": "ada"}'"#))
        #expect(command.contains("-H 'Authorization: Bearer tok-7'"))
        await setup.server.shutdown()
    }

    @Test("a GET form with nothing typed sends no body; a curl line ending in \\ keeps the prompt open")
    func getFormAndContinuation() async throws {
        let setup = try await setUp(history: false)
        let browser = setup.browser
        browser.start(path: "/posts")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("I")))
        browser.dispatch(.paste("curl \\"))
        browser.dispatch(.key(.enter))
        guard let prompt = browser.state.topLayer as? Prompt else {
            Issue.record("the prompt closed on a continuation")
            return
        }
        #expect(prompt.editor.text == "curl  ")
        browser.dispatch(.paste(setup.server.baseURL.absoluteString + "anything"))
        browser.dispatch(.key(.enter))
        browser.dispatch(.key(.control("s")))
        guard let (form, outline) = await Fixtures.jsonResponse(of: browser) else { return }
        #expect(form.method == .get)
        let echoed = String(decoding: outline.document.data, as: UTF8.self)
        #expect(echoed.contains(#""method" : "GET""#))
        #expect(!echoed.contains("content-type"))
        await setup.server.shutdown()
    }

    @Test("a form refused for a missing variable keeps its draft; Ctrl-C in an edited form closes it, keeping it")
    func draftsKept() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", "{}"))
        _ = Fixtures.keys(&state, [.character("p")])
        Fixtures.type(&state, "{}")
        _ = state.update(.formFinished(.failed(status: nil, message: "no value: x; nothing was sent", body: nil)))
        _ = Fixtures.keys(&state, [.escape])
        #expect(state.status?.text.hasPrefix("draft kept") == true)
        _ = Fixtures.keys(&state, [.character("p")])
        _ = Fixtures.keys(&state, [.control("c")])
        #expect(!state.isQuitting)
        #expect(state.layers.isEmpty)
        #expect(state.status?.text.hasPrefix("draft kept") == true)
        _ = Fixtures.keys(&state, [.character("p")])
        guard let form = state.topLayer as? RequestForm else {
            Issue.record("expected the kept draft")
            return
        }
        #expect(form.body.text == "{}")
    }

    @Test("F2 on a form opened from the collection, name unchanged, writes the same file again")
    func updateSaved() async throws {
        let setup = try await setUp(history: false)
        let browser = setup.browser
        browser.start(path: "/posts")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("p")))
        browser.dispatch(.paste(#"{"v": 1}"#))
        browser.dispatch(.key(.function(2)))
        browser.dispatch(.paste("Make one"))
        browser.dispatch(.key(.enter))
        let file = setup.folder.path(".hammock/make-one.yaml")
        await waitUntil("saved") { FileManager.default.fileExists(atPath: file) }
        browser.dispatch(.key(.escape))
        browser.dispatch(.key(.character("C")))
        await waitUntil("listed") { picker(browser)?.isLoading == false }
        browser.dispatch(.key(.enter))
        await waitUntil("form") { browser.state.layer(RequestForm.self)?.savedRequest != nil }
        for _ in 0..<2 { browser.dispatch(.key(.backspace)) }
        browser.dispatch(.paste(#"2}"#))
        browser.dispatch(.key(.function(2)))
        guard let prompt = browser.state.topLayer as? Prompt else {
            Issue.record("expected the name prompt")
            return
        }
        #expect(prompt.editor.text == "Make one")
        browser.dispatch(.key(.enter))
        let collection = RequestCollection(folder: setup.folder.path(".hammock"))
        await waitUntil("rewritten") {
            (try? collection.request(id: "make-one.yaml"))?.definition?.body == #"{"v": 2}"#
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: setup.folder.path(".hammock"))
        #expect(files.filter { $0.hasSuffix(".yaml") } == ["make-one.yaml"])
        await setup.server.shutdown()
    }
}
