import DemoAPI
import Foundation
import NIOConcurrencyHelpers
import Siesta
import TUICore
import TestSupport
import Testing

@testable import Browser
@testable import BrowserRuntime

/// A cache holding one fresh entity, as an earlier run would have left it.
private final class OneEntryCache: EntityCache {
    private let entries = NIOLockedValueBox<[String: Entity<Data>]>([:])

    init(url: String, json: String) {
        entries.withLockedValue {
            $0[url] = Entity<Data>(content: Data(json.utf8), contentType: "application/json")
        }
    }

    @MainActor
    func key(for resource: Resource) -> String? { resource.url.absoluteString }
    func readEntity(forKey key: String) throws -> Entity<Data>? { entries.withLockedValue { $0[key] } }
    func writeEntity(_ entity: Entity<Data>, forKey key: String) throws {
        entries.withLockedValue { $0[key] = entity }
    }
    func updateEntityTimestamp(_ timestamp: TimeInterval, forKey key: String) throws {}
    func removeEntity(forKey key: String) throws { entries.withLockedValue { $0[key] = nil } }
}

/// What the Events pane and the panes say about sizes, cache hits, names and URLs.
@Suite("Events and URLs say what happened")
@MainActor
struct EventLogPolishTests {
    func lines(_ browser: ResourceBrowser, named name: String) -> [EventLogEntry] {
        browser.state.events.filter { $0.name == name }
    }

    @Test("a fresh cache hit logs onSuccess with no status and no request; a real 304 shows 304")
    func cacheHit() async throws {
        // A server of its own: requests are counted, and other tests share /users/2.
        let server = try await DemoServer.start()
        let path = "/users/2"
        let url = server.baseURL.absoluteString + "users/2"
        let browser = Fixtures.resourceBrowser(on: server)
        browser.service.configure { $0.pipeline[.rawData].cacheUsing(OneEntryCache(url: url, json: #"{"id": 2}"#)) }
        let before = server.requestCount(forPath: path)
        browser.start(path: path)
        // As in Siesta, the request ends with the cached entity as new data (onSuccess, not
        // onNotModified); the observers hear notModified.
        await waitUntil("cache hit") { !lines(browser, named: "onSuccess").isEmpty }
        #expect(lines(browser, named: "onSuccess").map(\.detail) == ["GET no request sent: the cached data is fresh"])
        #expect(lines(browser, named: "onNotModified").isEmpty)
        #expect(lines(browser, named: "notModified").count == 1)
        #expect(server.requestCount(forPath: path) == before)
        #expect(BrowserView.render(browser.state).text.contains("onSuccess        /users/2 GET no request"))
        // load() sends a request; the server's ETag answer is new data the first time, 304 after.
        browser.dispatch(.key(.character("r")))
        await waitUntil("onSuccess 200") { lines(browser, named: "onSuccess").count == 2 }
        #expect(lines(browser, named: "onSuccess").last?.detail == "200 GET ")
        browser.dispatch(.key(.character("r")))
        await waitUntil("a 304") { lines(browser, named: "onNotModified").count == 1 }
        #expect(lines(browser, named: "onNotModified").last?.detail == "304 GET ")
        #expect(server.requestCount(forPath: path) == before + 2)
        await server.shutdown()
    }

    @Test("a chunked response without Content-Length shows the size of the body received")
    func chunkedSize() async throws {
        let server = try await SharedDemoServer.get()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: server.baseURL.absoluteString + "chunked?count=3")
        await waitUntil("data") { browser.state.current?.latestData != nil }
        let data = try #require(browser.state.current?.latestData)
        #expect(data.headers["content-length"] == nil)
        #expect(data.headers["transfer-encoding"] == "chunked")
        let body = #"[{"id":0},{"id":1},{"id":2}]"#
        #expect(data.byteCount == body.utf8.count)
        let text = BrowserView.render(browser.state).text
        #expect(text.contains("latestData  application/json · 28 B"))
        #expect(lines(browser, named: "newData(network)").last?.detail == "application/json 28 B")
    }

    @Test("event names are never cut: the URL and detail give way")
    func wholeNames() {
        var state = Fixtures.state(width: 80, height: 24)
        state.log(
            EventLogEntry(
                time: 1000, event: .newData(.localOverride),
                resource: "/a/very/long/path/that/does/not/fit/in/the/events/pane/at/all", detail: "text/plain"))
        let text = BrowserView.render(state).text
        #expect(text.contains("newData(localOverride) /a/very"))
    }

    @Test("URLs are sent encoded and shown with their non-ASCII characters decoded")
    func readableURLs() async throws {
        let server = try await SharedDemoServer.get()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/echo")
        await waitUntil("echo") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.paste("/echo/café/日本?q=ü x"))
        browser.dispatch(.key(.enter))
        let sent = server.baseURL.absoluteString + "echo/caf%C3%A9/%E6%97%A5%E6%9C%AC?q=%C3%BC%20x"
        #expect(browser.state.currentURL == sent)
        await waitUntil("echo answer") { browser.state.current?.latestData != nil }
        guard case .json(let outline)? = browser.state.current?.latestData?.body else {
            Issue.record("expected the echo as JSON")
            return
        }
        let echo = outline.document
        #expect(echo.child(of: echo.root, key: "path").flatMap(echo.string) == "/echo/caf%C3%A9/%E6%97%A5%E6%9C%AC")
        let text = BrowserView.render(browser.state).text
        #expect(text.contains("GET \(server.baseURL.absoluteString)echo/café/日本?q=ü%20x"))
        #expect(text.contains("requested        /echo/café/日本?q=ü%20x"))
    }
}
