import DemoAPI
import Foundation
import Siesta
import TestSupport
import Testing

@testable import Browser
@testable import BrowserRuntime

/// After a write, the views follow: what the request went to and its parent collection are
/// marked stale and what is on screen loads again. Against the demo API on loopback.
@Suite("views that follow writes")
@MainActor
struct WriteFollowUpTests {
    @Test("the parent of a URL is its path without the last segment; the service root is not a parent")
    func parents() throws {
        let url = try #require(URL(string: "http://h:1/users/3?x=1"))
        #expect(ResourceBrowser.staleAfterWrite(to: url) == ["http://h:1/users/3?x=1", "http://h:1/users"])
        let list = try #require(URL(string: "http://h:1/users/"))
        #expect(ResourceBrowser.staleAfterWrite(to: list) == ["http://h:1/users/"])
        let nested = try #require(URL(string: "http://h:1/api/v1/users/3/posts"))
        #expect(ResourceBrowser.staleAfterWrite(to: nested).last == "http://h:1/api/v1/users/3")
    }

    @Test("a POST to the list on screen marks it stale, says so, and loads it again with the new item")
    func postReloadsList() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        let list = server.baseURL.absoluteString + "posts"
        browser.start(path: "/posts")
        await waitUntil("the list") { browser.state.current?.latestData != nil }
        #expect(server.requestCount(forPath: "/posts") == 1)
        browser.dispatch(.key(.character("p")))
        Fixtures.type(browser, #"{"title": "Written", "body": "b", "userId": 1}"#)
        browser.dispatch(.key(.control("s")))
        await waitUntil("the POST and the reload") { server.requestCount(forPath: "/posts") == 3 }
        await waitUntil("the list with the new post") {
            guard browser.state.resources[list]?.isLoading == false,
                case .json(let outline)? = browser.state.resources[list]?.latestData?.body
            else { return false }
            return (0..<outline.lineCount).contains { outline.line($0)?.plainText.contains("Written") == true }
        }
        #expect(browser.state.events.contains { $0.detail.contains("POST 201: invalidate(): /posts") })
        #expect(browser.state.resources[list]?.isUpToDate == true, "loaded again, so fresh")
        await server.shutdown()
    }

    @Test("a DELETE answered 204 shows the resource as gone (404 on reload), and its list as stale")
    func deleteShowsGone() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        let list = server.baseURL.absoluteString + "posts"
        let item = list + "/2"
        browser.start(path: "/posts")
        await waitUntil("the list") { browser.state.current?.latestData != nil }
        browser.dispatch(.open(path: "/posts/2"))
        await waitUntil("the item") { browser.state.resources[item]?.latestData != nil }
        browser.dispatch(.key(.character("d")))
        browser.dispatch(.key(.character("y")))
        await waitUntil("the item gone") { browser.state.resources[item]?.latestError?.httpStatusCode == 404 }
        let shown = try #require(browser.state.resources[item])
        #expect(shown.latestData == nil, "the old data is not shown as if it were there")
        #expect(browser.state.resources[list]?.isUpToDate == false)
        #expect(
            browser.state.events.contains {
                $0.detail.contains("DELETE 204: wiped the deleted resource: /posts/2; invalidate(): /posts")
            }, "\(browser.state.events.map(\.detail))")
        await server.shutdown()
    }
}
