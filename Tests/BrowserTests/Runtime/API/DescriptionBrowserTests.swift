import DemoAPI
import Foundation
import HTTPCore
import OrderedJSON
import Siesta
import TUICore
import TestSupport
import Testing
import Workspace

@testable import Browser
@testable import BrowserRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The API description in the browser, over real HTTP to the demo API: found by itself, its
/// operations listed, forms filled from it, every response checked.
@MainActor
@Suite("the API description in the browser", .serialized)
struct DescriptionBrowserTests {
    private static func browser() async throws -> (ResourceBrowser, DemoServer, HTTPTransport) {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        let transport = HTTPTransport()
        browser.findDescription(transport: transport, explicit: nil)
        browser.start()
        await waitUntil("the index") { browser.state.current?.latestData != nil }
        await waitUntil("the description", timeout: 15) { browser.state.api != nil }
        return (browser, server, transport)
    }

    @Test("the index's Link header leads to /openapi.json: said in Events, and its responses are checked")
    func discovered() async throws {
        let (browser, server, transport) = try await Self.browser()
        defer {
            Task {
                await transport.shutdown()
                await server.shutdown()
            }
        }
        let api = try #require(browser.state.api)
        #expect(api.source == server.baseURL.absoluteString + "openapi.json")
        #expect(api.title == "hammock demo API 1.0.0 (OpenAPI 3.1.0)")
        let line = try #require(browser.state.events.first { $0.name == "openapi" })
        #expect(line.detail.hasPrefix("hammock demo API 1.0.0 (OpenAPI 3.1.0): "), "\(line.detail)")
        // Quietly: the description's request is not one of the browser's resources.
        #expect(browser.state.resources[api.source] == nil)
        // The index was checked once the description came.
        await waitUntil("the index's check") { browser.state.schemaChecks[server.baseURL.absoluteString] != nil }
        #expect(browser.state.schemaChecks[server.baseURL.absoluteString]?.verdict == .valid)
        #expect(BrowserView.render(browser.state).find("schema ✓") != nil)
    }

    @Test("an API that publishes no description is said once in Events, however many responses follow")
    func noDescriptionSaidOnce() async throws {
        let server = try await ScriptedHTTPServer.start { request in
            request.line.hasPrefix("GET /items")
                ? .ok("[]", headers: ["Content-Type: application/json"])
                : .send(ScriptedHTTPServer.Reply.response(status: "404 Not Found", body: "none"))
        }
        let recorder = ExchangeRecorder()
        let service = Service(baseURL: server.baseURL, networking: recorder.provider())
        let browser = ResourceBrowser(
            service: service,
            state: BrowserState(width: 150, height: 45, serviceBaseURL: server.baseURL.absoluteString + "/"),
            exchangeRecorder: recorder)
        let transport = HTTPTransport()
        defer {
            Task {
                await transport.shutdown()
                await server.stop()
            }
        }
        browser.findDescription(transport: transport, explicit: nil)
        browser.start(path: "/items/1")
        func notFound() -> [String] {
            browser.state.events.filter { $0.name == "openapi" }.map(\.detail)
        }
        await waitUntil("the search's end", timeout: 15) { !notFound().isEmpty }
        for path in ["/items/2", "/items/3"] {
            browser.dispatch(.key(.character("g")))
            browser.dispatch(.paste(server.baseURL.absoluteString + path))
            browser.dispatch(.key(.enter))
            await waitUntil("\(path) loaded") {
                browser.state.currentURL?.hasSuffix(path) == true && browser.state.current?.latestData != nil
            }
        }
        let lines = notFound()
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("no description found (") == true, "\(lines)")
        #expect(lines.first?.contains("(0 ") == false, "\(lines)")
    }

    @Test("/inventory breaks its schema: ✗ on the border, V lists each violation by path, Events says it")
    func violation() async throws {
        let (browser, server, transport) = try await Self.browser()
        defer {
            Task {
                await transport.shutdown()
                await server.shutdown()
            }
        }
        let url = server.baseURL.absoluteString + "inventory"
        browser.dispatch(.open(path: "/inventory"))
        await waitUntil("the inventory's check") { browser.state.schemaChecks[url] != nil }
        let check = try #require(browser.state.schemaChecks[url])
        guard case .violations(let violations, _) = check.verdict else {
            Issue.record("expected violations: \(check.verdict)")
            return
        }
        #expect(
            Set(violations.map(\.instanceLocation)) == ["$['items'][1]['quantity']", "$['items'][2]"], "\(violations)")
        #expect(violations.contains { $0.keyword == "required" && $0.message.contains("sku") })
        let screen = BrowserView.render(browser.state)
        #expect(screen.find("schema ✗ 2 (V)") != nil)
        #expect(screen.find("getInventory") != nil, "the URL pane names the operation")
        #expect(browser.state.events.contains { $0.name == "schema ✗" && $0.detail.contains("$['items']") })
        browser.dispatch(.key(.character("V")))
        let viewer = try #require(browser.state.topLayer as? TextViewer)
        #expect(viewer.title.hasPrefix("schema check · /inventory"))
        let text = BrowserView.render(browser.state).text
        #expect(text.contains("✗ $['items'][1]['quantity']: "), "\(text)")
        #expect(text.contains("schema: "))
    }

    @Test(
        "O lists the operations by tag at this URL's; a GET that needs nothing loads; a POST opens a filled form that the server takes"
    )
    func operations() async throws {
        let (browser, server, transport) = try await Self.browser()
        defer {
            Task {
                await transport.shutdown()
                await server.shutdown()
            }
        }
        browser.dispatch(.open(path: "/orders"))
        await waitUntil("orders") {
            browser.state.current?.latestData != nil && browser.state.currentURL?.hasSuffix("orders") == true
        }
        browser.dispatch(.key(.character("O")))
        let picker = try #require(browser.state.topLayer as? Picker)
        #expect(picker.purpose == .operations)
        #expect(
            BrowserState.operationID(ofItem: picker.selected?.id ?? "") == "GET /orders", "the cursor is on this URL's")
        #expect(picker.items.first?.isGroup == true && picker.items.first?.label == "users")
        // Filter to the list of users and load it.
        Fixtures.type(browser, "listUsers")
        let filtered = try #require(browser.state.topLayer as? Picker)
        #expect(filtered.selected.map { BrowserState.operationID(ofItem: $0.id) } == "GET /users")
        browser.dispatch(.key(.enter))
        await waitUntil("the users") { browser.state.currentURL == server.baseURL.absoluteString + "users" }
        #expect(browser.state.topLayer == nil)

        // POST /users: a form with the description's example, sent as is.
        browser.dispatch(.key(.character("O")))
        Fixtures.type(browser, "createUser")
        browser.dispatch(.key(.enter))
        let form = try #require(browser.state.topLayer as? RequestForm)
        #expect(form.method == .post && form.url.text == server.baseURL.absoluteString + "users")
        #expect(form.body.text.contains("\"username\": \"ada\""), "\(form.body.text)")
        #expect(form.schema?.contains("\"username\"") == true)
        #expect(form.guide.last?.hasPrefix("body application/json, required") == true)
        browser.dispatch(.key(.control("s")))
        await waitUntil("the response") {
            if case .succeeded(let status, _) = (browser.state.topLayer as? RequestForm)?.outcome {
                return status == 201
            }
            return false
        }
        await waitUntil("the POST's check") { browser.state.schemaChecks["POST " + form.url.text] != nil }
        #expect(browser.state.schemaChecks["POST " + form.url.text]?.verdict == .valid)
    }

    @Test("a form body that breaks the schema is sent anyway, with a warning in Events")
    func bodyWarning() async throws {
        let (browser, server, transport) = try await Self.browser()
        defer {
            Task {
                await transport.shutdown()
                await server.shutdown()
            }
        }
        // Any form to a described operation is checked: p on /posts, a title that is a number.
        browser.dispatch(.open(path: "/posts"))
        await waitUntil("posts") { browser.state.currentURL?.hasSuffix("/posts") == true }
        browser.dispatch(.key(.character("p")))
        #expect(browser.state.topLayer is RequestForm)
        browser.dispatch(.paste(#"{"userId": 1, "title": 5, "body": "b"}"#))
        let requestsBefore = server.requestCount(forPath: "/posts")
        browser.dispatch(.key(.control("s")))
        await waitUntil("the warning") {
            browser.state.events.contains { $0.detail.contains("breaks its schema (sent anyway)") }
        }
        // The server answers as it will (here 400: a title must be a string); the point is it went.
        await waitUntil("the POST sent all the same") { server.requestCount(forPath: "/posts") > requestsBefore }
    }

    @Test("--openapi names a file; one that is not a description is said and nothing else changes")
    func explicitFile() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.shutdown() } }
        let folder = try TemporaryFolder()
        let file = try folder.write("broken.yaml", "openapi: [3\n")
        let browser = Fixtures.resourceBrowser(on: server)
        browser.findDescription(transport: nil, explicit: file)
        browser.start()
        await waitUntil("the note") {
            browser.state.events.contains { $0.detail.hasPrefix("API description \(file) not used: ") }
        }
        #expect(browser.state.api == nil)
        browser.dispatch(.key(.character("O")))
        #expect(browser.state.status?.text.hasPrefix("no API description for ") == true)
    }

    @Test("Ctrl-S in the operations writes the collection, as hammock import openapi does")
    func importFromTheBrowser() async throws {
        let server = try await DemoServer.start()
        let transport = HTTPTransport()
        defer {
            Task {
                await transport.shutdown()
                await server.shutdown()
            }
        }
        let folder = try TemporaryFolder()
        let recorder = ExchangeRecorder()
        let browser = ResourceBrowser(
            service: Service(baseURL: server.baseURL, networking: recorder.provider()),
            state: BrowserState(width: 150, height: 45, serviceBaseURL: server.baseURL.absoluteString),
            exchangeRecorder: recorder,
            workspace: WorkspaceSession(collection: RequestCollection(folder: folder.path("api"))))
        browser.findDescription(transport: transport, explicit: nil)
        browser.start()
        await waitUntil("the description", timeout: 15) { browser.state.api != nil }
        browser.dispatch(.key(.character("O")))
        browser.dispatch(.key(.control("s")))
        await waitUntil("the report") {
            (browser.state.topLayer as? TextViewer)?.title.hasPrefix("imported into") == true
        }
        #expect(FileManager.default.fileExists(atPath: folder.path("api/users/create-a-user.yaml")))
        #expect(FileManager.default.fileExists(atPath: folder.path("api/.openapi/base.json")))
        let text = BrowserView.render(browser.state).text
        #expect(text.contains("+ users/list-the-users.yaml"), "\(text)")
    }

    @Test("every GET the demo describes answers within its schema, but /inventory")
    func demoHoldsToItsDescription() async throws {
        let server = try await DemoServer.start()
        let transport = HTTPTransport()
        defer {
            Task {
                await transport.shutdown()
                await server.shutdown()
            }
        }
        let url = server.baseURL.appendingPathComponent("openapi.json")
        let description = try await DescriptionFinder.read(url, transport: transport)
        #expect(description.warnings.isEmpty, "\(description.warnings)")
        let checker = ResponseChecker(description)
        var checked: [String] = []
        for operation in description.operations where operation.method == "GET" && operation.id != "streamEvents" {
            let request = OperationRequest(
                operation: operation, in: description, baseURL: server.baseURL.absoluteString)
            let target = try #require(URL(string: request.definition.url))
            var urlRequest = URLRequest(url: target)
            urlRequest.httpMethod = "GET"
            let response = try await transport.send(urlRequest)
            let contentType = response.headerFields.first { $0.name.lowercased() == "content-type" }?.value ?? ""
            let body = contentType.contains("json") ? try JSONDocument(data: response.body) : nil
            let check = try #require(
                checker.check(
                    method: "GET", url: request.definition.url, status: response.statusCode, contentType: contentType,
                    body: body), "\(operation.id) is matched")
            if operation.id == "getInventory" {
                #expect(check.isViolated, "the one route outside its schema")
            } else {
                #expect(
                    check.verdict == .valid || check.verdict == .unchecked("the body is not JSON"),
                    "\(operation.id): \(check.report)")
            }
            checked.append(operation.id)
        }
        #expect(checked.count >= 15, "\(checked)")
    }
}
