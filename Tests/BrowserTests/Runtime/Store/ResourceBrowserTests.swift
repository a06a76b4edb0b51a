import DemoAPI
import Foundation
import Siesta
import TestSupport
import Testing

@testable import Browser
@testable import BrowserRuntime

/// The Siesta wiring against the real demo server on loopback.
@Suite("ResourceBrowser over Siesta and the demo API")
@MainActor
struct ResourceBrowserTests {

    func eventNames(_ browser: ResourceBrowser) -> [String] { browser.state.events.map(\.name) }

    @Test("opening a resource observes it, calls loadIfNeeded() and logs Siesta's events")
    func openingLoads() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/users")
        #expect(browser.state.currentURL == server.baseURL.absoluteString + "users")
        await waitUntil("newData(network)") { eventNames(browser).contains("newData(network)") }
        let names = eventNames(browser)
        #expect(names.prefix(2) == ["observerAdded", "requested"])
        #expect(names.contains("onSuccess"))
        #expect(server.requestCount(forPath: "/users") == 1)
        let text = BrowserView.render(browser.state).text
        #expect(text.contains(#""username": "alovelace""#))
        #expect(text.contains("onSuccess        /users 200 GET"))
        await server.shutdown()
    }

    @Test("one loop: actions raised while one is handled wait their turn, and one dispatch redraws once")
    func oneLoop() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        var redraws = 0
        browser.onChange = { _ in redraws += 1 }
        // A resource the browser never opened still shows in the list Siesta keeps.
        _ = browser.service.resource("/posts")
        // Opening a resource navigates, adds the observer (whose observerAdded arrives at once,
        // while the navigation is being handled) and loads: all of it in one drain.
        browser.start(path: "/users")
        #expect(redraws == 1)
        #expect(browser.state.history.last == server.baseURL.absoluteString + "users")
        #expect(eventNames(browser) == ["observerAdded", "requested"])
        // The resources list follows events, with no timer and no explicit refresh.
        #expect(browser.state.resourceOrder == ["posts", "users"].map { server.baseURL.absoluteString + $0 })
        await waitUntil("newData(network)") { eventNames(browser).contains("newData(network)") }
        #expect(browser.state.resources[server.baseURL.absoluteString + "users"]?.latestData != nil)
        await server.shutdown()
    }

    @Test("r calls load(), l loadIfNeeded() sends nothing while fresh, w wipes")
    func loadKeys() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/counter")
        await waitUntil("first load") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("l")))
        #expect(browser.state.status?.text.hasPrefix("loadIfNeeded(): up to date") == true)
        browser.dispatch(.key(.character("r")))
        await waitUntil("second load") {
            server.requestCount(forPath: "/counter") == 2 && !(browser.state.current?.isLoading ?? true)
        }
        browser.dispatch(.key(.character("w")))
        #expect(eventNames(browser).contains("newData(wipe)"))
        #expect(browser.state.current?.latestData == nil)
        browser.dispatch(.key(.character("i")))
        #expect(browser.state.current?.isUpToDate == false)
        await server.shutdown()
    }

    @Test("an error response fills latestError with status, message and body")
    func errors() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/errors/503")
        await waitUntil("error") { browser.state.current?.latestError != nil }
        let error = try #require(browser.state.current?.latestError)
        #expect(error.httpStatusCode == 503)
        let text = BrowserView.render(browser.state).text
        #expect(text.contains("HTTP 503"))
        #expect(text.contains(#""status": 503"#))
        #expect(eventNames(browser).contains("error"))
        #expect(eventNames(browser).contains("onFailure"))
        await server.shutdown()
    }

    @Test("Enter on a link navigates with relative() and b goes back")
    func navigation() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/users/1")
        await waitUntil("user") { browser.state.current?.latestData != nil }
        let line = try #require(
            (0..<20).first { index in
                guard case .json(let document)? = browser.state.current?.latestData?.body else { return false }
                return document.link(atLine: index) == "/users/1/posts"
            })
        for _ in 0..<line { browser.dispatch(.key(.down)) }
        browser.dispatch(.key(.enter))
        #expect(browser.state.currentURL == server.baseURL.absoluteString + "users/1/posts")
        await waitUntil("posts") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("b")))
        #expect(browser.state.currentURL == server.baseURL.absoluteString + "users/1")
        #expect(browser.state.position.cursor == line)
        await server.shutdown()
    }

    @Test("a POST form goes through request(.post, json:) and reports onSuccess 201")
    func postForm() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/users")
        await waitUntil("users") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("p")))
        browser.dispatch(.paste(#"{"username": "zed", "name": "Zed", "email": "zed@example.com"}"#))
        browser.dispatch(.key(.control("s")))
        await waitUntil("the form's onSuccess") {
            guard let form = browser.state.topLayer as? RequestForm, case .succeeded = form.outcome else {
                return false
            }
            return true
        }
        guard let form = browser.state.topLayer as? RequestForm, case .succeeded(let status, let body) = form.outcome
        else {
            Issue.record("expected a finished form")
            return
        }
        #expect(status == 201)
        #expect(body.contains(#""username" : "zed""#), "the server's own text")
        // The first load and the POST; the load that follows the write may have gone out too.
        #expect((2...3).contains(server.requestCount(forPath: "/users")))
        browser.dispatch(.key(.escape))
        browser.dispatch(.key(.character("r")))
        await waitUntil("reload has zed") {
            guard case .json(let outline)? = browser.state.current?.latestData?.body else { return false }
            return (0..<outline.lineCount).contains { outline.line($0)?.plainText.contains("zed") == true }
        }
        await server.shutdown()
    }

    @Test("a PUT then overrideLocalContent changes latestData without a request")
    func overrideAfterPut() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/users/2")
        await waitUntil("user") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("a")))
        browser.dispatch(.paste(#"{"name": "Patched"}"#))
        browser.dispatch(.key(.control("s")))
        await waitUntil("PATCH finished") {
            if let form = browser.state.topLayer as? RequestForm, case .succeeded = form.outcome { return true }
            return false
        }
        // The write's follow-up reloads the resource shown: the first GET, the PATCH, that GET.
        await waitUntil("the follow-up load") {
            server.requestCount(forPath: "/users/2") == 3 && browser.state.current?.isLoading == false
        }
        let before = server.requestCount(forPath: "/users/2")
        browser.dispatch(.key(.control("o")))
        #expect(eventNames(browser).contains("newData(localOverride)"))
        #expect(BrowserView.render(browser.state).text.contains(#""name": "Patched""#))
        #expect(server.requestCount(forPath: "/users/2") == before)
        await server.shutdown()
    }

    @Test("the resources list shows every resource with a live state letter")
    func resourcesList() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/users")
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.paste("/errors/500"))
        browser.dispatch(.key(.enter))
        await waitUntil("both loaded") {
            browser.state.resources.values.filter { !$0.isLoading && ($0.latestData != nil || $0.latestError != nil) }
                .count == 2
        }
        browser.dispatch(.key(.character("s")))
        let text = BrowserView.render(browser.state).text
        #expect(text.contains(" D /users"))
        #expect(text.contains("▸E /errors/500"))
        await server.shutdown()
    }

    @Test("hostile bodies from the server reach the screen escaped")
    func hostile() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/hostile")
        await waitUntil("hostile text") { browser.state.current?.latestData != nil }
        let screen = BrowserView.render(browser.state)
        #expect(screen.text.contains("␛["))
        for cell in screen.cells {
            #expect(
                !cell.character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x202E })
        }
        await server.shutdown()
    }

    @Test("JSON from the server keeps its key order, repeated keys and the text of every number")
    func serverOrder() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/ordered")
        await waitUntil("ordered") { browser.state.current?.latestData != nil }
        let text = BrowserView.render(browser.state).text
        let lines = [
            #""zeta": 1.10,"#, #""alpha": 1e2,"#, #""alpha": -0,"#, #""big": 12345678901234567890,"#,
            #""huge": 1.7976931348623157e309,"#, #""url": "http://example.com/a","#, #""smile": "😀","#,
            #""b": true,"#, #""a": null,"#,
        ]
        var previous = text.startIndex
        for line in lines {
            let found = try #require(text.range(of: line, range: previous..<text.endIndex), "\(line) in order")
            previous = found.upperBound
        }
        await server.shutdown()
    }

    @Test("a JSON form body reaches the server byte for byte")
    func formBodyBytes() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/echo")
        await waitUntil("echo") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("p")))
        let typed = #"{"z":1,  "f":1.10,"e":1e2, "u":"a\/b",\#n "z":[ ]}"#
        browser.dispatch(.paste(typed))
        browser.dispatch(.key(.control("s")))
        guard let (_, outline) = await Fixtures.jsonResponse(of: browser) else { return }
        let echo = outline.document
        let base64 = try #require(echo.child(of: echo.root, key: "bodyBase64").flatMap(echo.string))
        #expect(Data(base64Encoded: base64) == Data(typed.utf8))
        let headers = try #require(echo.child(of: echo.root, key: "headers"))
        #expect(echo.child(of: headers, key: "content-type").flatMap(echo.string) == "application/json")
        await server.shutdown()
    }

    @Test("a search runs off the main actor over a large body and jumps to the match")
    func backgroundSearch() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: server.baseURL.absoluteString + "large?count=20000")
        await waitUntil("large") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("/")))
        browser.dispatch(.paste("ITEM 19999"))
        browser.dispatch(.key(.enter))
        await waitUntil("search finished") { browser.state.search?.isRunning == false }
        #expect(browser.state.search?.matches.count == 1)
        guard case .json(let outline)? = browser.state.current?.latestData?.body else {
            Issue.record("expected JSON")
            return
        }
        #expect(outline.line(browser.state.position.cursor)?.plainText.contains(#""item 19999""#) == true)
        await server.shutdown()
    }

    @Test("malformed JSON is an error that says where, and its bytes stay visible")
    func malformedJSON() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/broken/json")
        await waitUntil("error") { browser.state.current?.latestError != nil }
        let error = try #require(browser.state.current?.latestError)
        #expect(
            error.userMessage
                == "Cannot parse server response: invalid JSON at line 1, column 23: expected \",\" or \"]\" but found end of input"
        )
        #expect(BrowserView.render(browser.state).text.contains(#"{"unterminated": [1, 2"#))
        await server.shutdown()
    }
}
