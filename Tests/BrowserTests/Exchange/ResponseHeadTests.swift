import DemoAPI
import Foundation
import Siesta
import TUICore
import TestSupport
import Testing

@testable import Browser
@testable import BrowserRuntime

/// `m`: the response as HTTP sent it, over the real demo API.
@Suite("The response head")
@MainActor
struct ResponseHeadTests {
    @Test("m shows the status line, the redirect chain, the final URL, timing and every header; m again the body")
    func headAfterRedirects() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/redirect/2")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        let record = try #require(browser.state.current?.lastExchange)
        #expect(record.statusCode == 200)
        #expect(record.redirects.map(\.statusCode).count == 2)
        #expect(record.finalURL == server.baseURL.absoluteString + "text")
        browser.dispatch(.key(.character("m")))
        #expect(browser.state.showsResponseHead)
        let text = BrowserView.render(browser.state).text
        #expect(text.contains("HTTP/1.1 200 OK"))
        #expect(text.contains("final URL \(server.baseURL.absoluteString)text"))
        #expect(text.contains("↳ 302 from \(server.baseURL.absoluteString)redirect/2"))
        #expect(text.contains("TTFB "))
        #expect(text.contains("response headers ("))
        #expect(text.lowercased().contains("content-type: text/plain"))
        // The isLoading pane shows the last timing.
        #expect(text.contains("last 200 · TTFB"))
        browser.dispatch(.key(.character("m")))
        #expect(!browser.state.showsResponseHead)
        #expect(!BrowserView.render(browser.state).text.contains("response headers ("))
        await server.shutdown()
    }

    @Test("secret headers sent and received are masked in the head")
    func masked() async throws {
        let server = try await DemoServer.start()
        let recorder = ExchangeRecorder()
        let service = Service(baseURL: server.baseURL, networking: recorder.provider())
        service.configure { $0.headers["Authorization"] = "Bearer sekret-token-123" }
        let browser = ResourceBrowser(
            service: service,
            state: BrowserState(width: 150, height: 45, serviceBaseURL: server.baseURL.absoluteString),
            exchangeRecorder: recorder)
        browser.start(path: "/users")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("m")))
        let text = BrowserView.render(browser.state).text
        #expect(text.contains("request headers sent ("))
        #expect(text.contains("Authorization: Bearer"))
        #expect(!text.contains("sekret-token-123"))
        await server.shutdown()
    }

    @Test("a redirect hop's own headers show under it, a cookie it set masked")
    func hopHeaders() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: server.baseURL.absoluteString + "cookies/set?flavour=oat")
        await waitUntil("loaded") { browser.state.current?.latestData != nil }
        browser.dispatch(.key(.character("m")))
        let text = BrowserView.render(browser.state).text
        #expect(text.contains("↳ 302 from"))
        #expect(text.contains("      Set-Cookie: flavour=••••••"))
        #expect(!text.contains("Set-Cookie: flavour=oat"))
        await server.shutdown()
    }

    @Test("before any exchange, m says there is none yet")
    func noExchange() {
        var state = Fixtures.state(showing: Fixtures.jsonSnapshot(Fixtures.base + "a", #"{"a":1}"#))
        _ = Fixtures.keys(&state, [.character("m")])
        #expect(state.status?.text.hasPrefix("no response to this URL in this run yet") == true)
        #expect(BrowserView.render(state).text.contains("no response to this URL in this run yet"))
    }

    @Test("an error body with no data fills latestData's pane under a marker")
    func errorBodyInBigPane() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/errors/503")
        await waitUntil("error") { browser.state.current?.latestError != nil }
        let text = BrowserView.render(browser.state).text
        #expect(text.contains("latestData is nil · the body of latestError (HTTP 503"))
        #expect(!text.contains("nil: l loadIfNeeded()"))
        await server.shutdown()
    }
}
