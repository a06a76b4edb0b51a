import DemoAPI
import Foundation
import Siesta
import TUICore
import TestSupport
import Testing
import Workspace

@testable import Browser
@testable import BrowserRuntime

/// Checks edited in a form and written to real files, and runs started from the saved requests
/// list against the demo API: results, exchanges, dependencies said in Events, cancelling.
@Suite("Runs and checks in the browser")
@MainActor
struct RunBrowserTests {
    struct Setup {
        let server: DemoServer
        let folder: TemporaryFolder
        let browser: ResourceBrowser
        let collection: RequestCollection
    }

    /// A browser over the demo API with a collection in a temporary folder: `auth/login.yaml`
    /// captures a token, `api/` has a request that needs it and one whose assertion fails (its
    /// URL a path, which goes to the API browsed), `slow/` one that waits `slowDelay` ms; the
    /// environment `local` gives `base`, and is in use.
    func setUp(slowDelay: Int = 0) async throws -> Setup {
        let server = try await DemoServer.start()
        let folder = try TemporaryFolder()
        var base = server.baseURL.absoluteString
        if base.hasSuffix("/") { base.removeLast() }
        try folder.write(".hammock/environments/local.yaml", "base: \(base)\n")
        try folder.write(
            ".hammock/auth/login.yaml",
            """
            name: login
            method: GET
            url: "{{base}}/token"
            capture:
              - token: body
            assert:
              - status == 200

            """)
        try folder.write(
            ".hammock/api/get-me.yaml",
            """
            name: get-me
            method: GET
            url: "{{base}}/auth"
            headers:
              - Authorization: "Bearer {{token}}"
            assert:
              - status == 200
              - $.token exists

            """)
        try folder.write(
            ".hammock/api/missing.yaml",
            """
            name: missing
            method: GET
            url: /errors/404
            assert:
              - status == 200

            """)
        if slowDelay > 0 {
            try folder.write(
                ".hammock/slow/wait.yaml",
                """
                name: wait
                method: GET
                url: "{{base}}/slow?delay=\(slowDelay)"

                """)
        }
        let collection = RequestCollection(folder: folder.path(".hammock"))
        let workspace = WorkspaceSession(collection: collection)
        let service = Service(baseURL: server.baseURL)
        let browser = ResourceBrowser(
            service: service,
            state: BrowserState(width: 150, height: 45, serviceBaseURL: server.baseURL.absoluteString),
            workspace: workspace)
        workspace.selectEnvironment("local")
        return Setup(server: server, folder: folder, browser: browser, collection: collection)
    }

    func picker(_ browser: ResourceBrowser) -> Picker? {
        if let picker = browser.state.topLayer as? Picker { return picker }
        return nil
    }

    func results(_ browser: ResourceBrowser) -> RunResults? { browser.state.layer(RunResults.self) }

    /// Opens the saved requests list and puts the cursor on the request `id`.
    func select(_ id: String, in browser: ResourceBrowser) async {
        browser.dispatch(.key(.character("C")))
        await waitUntil("listed") { picker(browser)?.isLoading == false }
        while let picker = picker(browser), picker.selected?.id != id, picker.cursor < picker.visibleItems.count - 1 {
            browser.dispatch(.key(.down))
        }
        #expect(picker(browser)?.selected?.id == id)
    }

    @Test("F3 shows a saved request's checks; an edit F2 saves lands in its file, a line that does not read in none")
    func editAndSaveChecks() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.shutdown() } }
        let browser = setup.browser
        browser.start(path: "/")
        await select("api/get-me.yaml", in: browser)
        browser.dispatch(.key(.enter))
        await waitUntil("the form") { browser.state.layer(RequestForm.self)?.savedRequest != nil }
        browser.dispatch(.key(.function(3)))
        var form = try #require(browser.state.topLayer as? RequestForm)
        #expect(form.page == .checks)
        #expect(form.assertions.text == "status == 200\n$.token exists")
        // A line that does not read: refused with its column, and the file stays as it was.
        browser.dispatch(.paste("\n$.token ==="))
        browser.dispatch(.key(.function(2)))
        form = try #require(browser.state.topLayer as? RequestForm)
        #expect(
            form.validationMessage?.hasPrefix("assertion line 3, column 9: ") == true, "\(form.validationMessage ?? "")"
        )
        #expect(form.assertions.row == 2 && form.assertions.column == 8, "the cursor is where the problem is")
        browser.dispatch(.key(.end))
        for _ in 0..<3 { browser.dispatch(.key(.backspace)) }
        browser.dispatch(.paste("== \"mytoken\""))
        browser.dispatch(.key(.backTab))
        browser.dispatch(.key(.control("u")))
        browser.dispatch(.paste("me: $.token"))
        browser.dispatch(.key(.tab))
        browser.dispatch(.key(.tab))
        browser.dispatch(.paste("2 every 250ms"))
        browser.dispatch(.key(.tab))
        browser.dispatch(.paste("5m"))
        browser.dispatch(.key(.function(2)))
        #expect(browser.state.topLayer is Prompt)
        browser.dispatch(.key(.enter))
        let expected = RequestChecks(
            captures: [CaptureRule(name: "me", query: "$.token")],
            assertions: ["status == 200", "$.token exists", "$.token == \"mytoken\""],
            retry: RetryRule(count: 2, interval: .milliseconds(250)), freshFor: .seconds(300))
        await waitUntil("the checks written") {
            (try? setup.collection.request(id: "api/get-me.yaml"))?.checks == expected
        }
        let saved = try setup.collection.request(id: "api/get-me.yaml")
        #expect(saved.definition?.headers.first?.value == "Bearer {{token}}", "the request stays as it was")
        let text = try String(contentsOfFile: setup.folder.path(".hammock/api/get-me.yaml"), encoding: .utf8)
        #expect(text.contains("capture:\n  - me: \"$.token\"\n"))
        #expect(text.contains("retry:\n  count: 2\n  interval: 250ms\nfresh: 5m\n"))

        // A new form saved with checks writes them in a new file.
        browser.dispatch(.key(.escape))
        browser.dispatch(.key(.character("p")))
        browser.dispatch(.key(.function(3)))
        browser.dispatch(.paste("status == 201"))
        browser.dispatch(.key(.function(2)))
        browser.dispatch(.paste("Make one"))
        browser.dispatch(.key(.enter))
        await waitUntil("a new file with its checks") {
            (try? setup.collection.request(id: "make-one.yaml"))?.checks.assertions == ["status == 201"]
        }
    }

    @Test("a request of a .http file opened in the form is sent with the file's @name = value variables")
    func httpFileVariables() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.shutdown() } }
        let path = SharedDemoServer.uniquePath()
        try setup.folder.write(
            ".hammock/files/echo.http",
            "@where = \(path)\n\n### Echo\nPOST {{base}}{{where}}\nContent-Type: application/json\n\n{\"a\": 1}\n")
        let browser = setup.browser
        browser.start(path: "/")
        await select("files/echo.http#1", in: browser)
        browser.dispatch(.key(.enter))
        await waitUntil("the form") { browser.state.layer(RequestForm.self)?.savedRequest?.id == "files/echo.http#1" }
        browser.dispatch(.key(.control("s")))
        // Without the file's variable nothing is sent: `{{where}}` would have no value.
        await waitUntil("sent with the file's variable") { setup.server.requestCount(forPath: path) == 1 }
    }

    @Test("Ctrl-F runs a folder against the demo API: a row each, what ran first said in Events, exchanges open")
    func runFolder() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.shutdown() } }
        let browser = setup.browser
        browser.start(path: "/")
        await select("api/get-me.yaml", in: browser)
        browser.dispatch(.key(.control("f")))
        #expect(results(browser)?.target == .folder("api"))
        await waitUntil("the run is over") {
            if case .finished? = results(browser)?.phase { return true }
            return false
        }
        let list = try #require(results(browser))
        // get-me needs {{token}}: the login (in another folder) runs first, in its place.
        #expect(list.rows.map(\.name) == ["login", "get-me", "missing"])
        #expect(list.rows.map { $0.result?.outcome } == [.passed, .passed, .failed])
        #expect(list.rows[0].ranFirst)
        #expect(list.environment == "local")
        #expect(setup.server.requestCount(forPath: "/token") == 1)
        #expect(
            browser.state.events.contains {
                $0.name == "run" && $0.detail == "login ran first: {{token}} was needed by get-me"
            })
        #expect(browser.state.events.last?.detail.hasPrefix("api/ done: 2 passed, 1 failed · ") == true)
        let screen = browser.renderFrame()
        #expect(screen.find("done in ") != nil)
        #expect(screen.find("✓ 2 passed  ✗ 1 failed") != nil)

        // The failure's exchange: what was expected and what came.
        browser.dispatch(.key(.end))
        browser.dispatch(.key(.enter))
        let viewer = try #require(browser.state.topLayer as? TextViewer)
        guard case .text(let document) = viewer.body else {
            Issue.record("expected the exchange as text")
            return
        }
        #expect(
            document.text.contains(
                "✗ status == 200\n    expected    == 200\n    actual      404\n    at          status"))
        #expect(document.text.contains("status 404 · "))
        browser.dispatch(.key(.escape))
        // The token is a secret of the run: masked in what get-me sent.
        browser.dispatch(.key(.up))
        browser.dispatch(.key(.enter))
        let sent = try #require(browser.state.topLayer as? TextViewer)
        guard case .text(let exchange) = sent.body else {
            Issue.record("expected the exchange as text")
            return
        }
        #expect(exchange.text.contains("GET \(setup.server.baseURL.absoluteString)auth"))
        #expect(!exchange.text.contains("mytoken"))
        #expect(exchange.text.contains("✓ $.token exists"))
    }

    @Test("Ctrl-R runs one request, with what it needs from elsewhere in the collection first")
    func runRequest() async throws {
        let setup = try await setUp()
        defer { Task { await setup.server.shutdown() } }
        let browser = setup.browser
        browser.start(path: "/")
        await select("api/get-me.yaml", in: browser)
        browser.dispatch(.key(.control("r")))
        await waitUntil("the run is over") { results(browser)?.isRunning == false }
        let list = try #require(results(browser))
        #expect(list.rows.map(\.name) == ["login", "get-me"])
        #expect(list.rows.allSatisfy { $0.result?.outcome == .passed })
        #expect(setup.server.requestCount(forPath: "/errors/404") == 0)
    }

    @Test("x cancels a run while its request is in flight; the list says so and the rest does not run")
    func cancelRun() async throws {
        let setup = try await setUp(slowDelay: 30_000)
        defer { Task { await setup.server.shutdown() } }
        let browser = setup.browser
        browser.start(path: "/")
        await select("slow/wait.yaml", in: browser)
        browser.dispatch(.key(.control("r")))
        await waitUntil("the request in flight") {
            if case .running? = results(browser)?.rows.first?.state { return true }
            return false
        }
        let started = ContinuousClock.now
        browser.dispatch(.key(.character("x")))
        await waitUntil("cancelled") {
            if case .cancelled? = results(browser)?.phase { return true }
            return false
        }
        #expect(ContinuousClock.now - started < .seconds(TestTime.scaled(10)))
        #expect(results(browser)?.rows.first?.result?.outcome != .passed)
        #expect(browser.state.events.last?.detail.hasPrefix("slow/wait.yaml cancelled") == true)
        #expect(browser.runs.isRunning == false)
    }
}
