import DemoAPI
import Foundation
import Siesta
import TUICore
import TestSupport
import Testing

@testable import Browser
@testable import BrowserRuntime

/// The `g` prompt reads its text with `URLInput`, and JSON from any origin gets the document view.
@Suite("The g prompt")
@MainActor
struct GoToPromptTests {
    func go(_ browser: ResourceBrowser, _ text: String) {
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.paste(text))
        browser.dispatch(.key(.enter))
    }

    @Test("JSON from a URL outside the service's base is pretty-printed, coloured, foldable and linked")
    func otherOrigin() async throws {
        let home = try await DemoServer.start()
        let other = try await SharedDemoServer.get()
        let otherBase = other.baseURL.absoluteString
        let browser = Fixtures.resourceBrowser(on: home)
        browser.start(path: "/users")
        await waitUntil("home") { browser.state.current?.latestData != nil }
        // The bare host:port form, as typed on the command line.
        let port = try #require(other.baseURL.port)
        go(browser, "127.0.0.1:\(port)/users/1")
        #expect(browser.state.currentURL == otherBase + "users/1")
        await waitUntil("other") { browser.state.current?.latestData != nil }
        guard case .json? = browser.state.current?.latestData?.body else {
            Issue.record("expected the JSON document view")
            return
        }
        let screen = BrowserView.render(browser.state)
        let key = try #require(screen.find(#""username""#))
        #expect(screen.find(#"  "username": "alovelace""#) != nil, "pretty-printed")
        #expect(screen[key.x, key.y].style == browser.state.theme.style(.jsonKey), "coloured")
        // Fold the object on its first line, then follow the "posts" link on the other origin.
        browser.dispatch(.key(.character("z")))
        #expect(BrowserView.render(browser.state).find(#""username""#) == nil, "folded")
        browser.dispatch(.key(.character("z")))
        let postsLine = try #require(
            (0..<20).first { line in
                guard case .json(let outline)? = browser.state.current?.latestData?.body else { return false }
                return outline.line(line)?.plainText.contains(#""posts""#) == true
            })
        for _ in 0..<postsLine { browser.dispatch(.key(.character("j"))) }
        browser.dispatch(.key(.enter))
        #expect(browser.state.currentURL == otherBase + "users/1/posts")
        await home.shutdown()
    }

    @Test("a path resolves against the service base, and refusals say why in a sentence")
    func relativeAndRefused() async throws {
        let server = try await SharedDemoServer.get()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/users/1")
        await waitUntil("user") { browser.state.current?.latestData != nil }
        go(browser, "posts?userId=1")
        #expect(browser.state.currentURL == server.baseURL.absoluteString + "posts?userId=1")
        go(browser, "ftp://example.org/file")
        #expect(browser.state.currentURL == server.baseURL.absoluteString + "posts?userId=1")
        #expect(browser.state.status?.text == "cannot open 'ftp://example.org/file': hammock speaks http and https")
        #expect(browser.state.status?.isError == true)
        go(browser, "http://")
        #expect(BrowserView.render(browser.state).text.contains("cannot open 'http://': it names no host"))
        #expect(browser.state.events.last?.detail.hasPrefix("cannot open 'http://'") == true)
    }

    @Test("a form's edited URL field is read like the g prompt")
    func formURL() async throws {
        let server = try await SharedDemoServer.get()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: server.baseURL.absoluteString + "users/1")
        await waitUntil("user") { browser.state.current?.latestData != nil }
        func send(to url: String) {
            browser.dispatch(.key(.character("p")))
            browser.dispatch(.key(.backTab))
            browser.dispatch(.key(.backTab))
            for _ in 0..<80 { browser.dispatch(.key(.backspace)) }
            browser.dispatch(.paste(url))
            browser.dispatch(.key(.tab))
            browser.dispatch(.key(.tab))
            browser.dispatch(.paste("{}"))
            browser.dispatch(.key(.control("s")))
        }
        send(to: "echo/a b")
        guard let form = await Fixtures.formWithResponse(browser) else { return }
        #expect(form.response?.url == server.baseURL.absoluteString + "echo/a%20b")
        browser.dispatch(.key(.escape))
        browser.dispatch(.key(.escape))
        send(to: "ftp://example.org/")
        guard let refused = browser.state.topLayer as? RequestForm, case .failed(_, let message, _) = refused.outcome
        else {
            Issue.record("expected a refused form")
            return
        }
        #expect(message == "cannot open 'ftp://example.org/': hammock speaks http and https")
    }
}
