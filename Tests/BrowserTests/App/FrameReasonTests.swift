import DemoAPI
import Foundation
import Siesta
import TUICore
import TestSupport
import Testing

@testable import Browser
@testable import BrowserRuntime

/// What the browser tells the frame pacer about each change: news the user waits for is drawn at
/// once, other news may wait in a storm. Against the demo API on loopback.
@Suite("how soon a change is drawn")
@MainActor
struct FrameReasonTests {
    /// A browser that keeps the reason of every change it reports, and the event that came with it.
    final class Recorder {
        var reports: [(reason: FramePacer.Reason, events: [String])] = []
        var seen = 0
    }

    func recording(_ browser: ResourceBrowser) -> Recorder {
        let recorder = Recorder()
        recorder.seen = browser.state.events.count
        browser.onChange = { [weak browser] reason in
            guard let browser else { return }
            let events = browser.state.events.dropFirst(recorder.seen).map { "\($0.name) \($0.resource)" }
            recorder.seen = browser.state.events.count
            recorder.reports.append((reason, events))
        }
        return recorder
    }

    @Test("the answer to r on the resource in focus is drawn at once")
    func answerInFocus() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start(path: "/counter")
        await waitUntil("first load") { browser.state.current?.latestData != nil }
        let recorder = recording(browser)
        browser.dispatch(.key(.character("r")))
        await waitUntil("the second load") {
            server.requestCount(forPath: "/counter") == 2 && browser.state.current?.isLoading == false
        }
        let answer = try #require(recorder.reports.first { $0.events.contains { $0.hasPrefix("newData") } })
        #expect(answer.reason == .prompt)
        #expect(recorder.reports.allSatisfy { $0.reason == .prompt })
        await server.shutdown()
    }

    @Test("a watched resource out of focus refreshing is background news; the resource in focus answering is not")
    func watchedOutOfFocus() async throws {
        let server = try await DemoServer.start()
        let browser = Fixtures.resourceBrowser(on: server)
        let counter = server.baseURL.absoluteString + "live/counter"
        browser.dispatch(.pin(path: "/live/counter"))
        await waitUntil("the pinned load") { browser.state.resources[counter]?.latestData != nil }
        // The board steps aside and another resource fills the panes.
        browser.dispatch(.key(.tab))
        browser.dispatch(.open(path: "/users"))
        await waitUntil("the other resource") { browser.state.current?.latestData != nil }
        #expect(browser.state.currentURL != counter)
        let recorder = recording(browser)
        // A refresh nobody asked for just now: background news.
        browser.service.resource(absoluteURL: counter).load()
        // At least 2: on a slow run the pin's own interval may have refreshed it too.
        await waitUntil("the refresh") { server.requestCount(forPath: "/live/counter") >= 2 }
        await waitUntil("its answer") { browser.state.resources[counter]?.isLoading == false }
        let refreshes = recorder.reports.filter { $0.events.contains { $0.hasSuffix("/live/counter") } }
        #expect(!refreshes.isEmpty)
        #expect(refreshes.allSatisfy { $0.reason == .background })

        // The resource in focus answering meanwhile is drawn at once.
        recorder.reports.removeAll()
        browser.dispatch(.key(.character("r")))
        await waitUntil("the reload") {
            server.requestCount(forPath: "/users") == 2 && browser.state.current?.isLoading == false
        }
        let answers = recorder.reports.filter { $0.events.contains { $0.hasPrefix("onSuccess /users") } }
        #expect(answers.map(\.reason) == [.prompt])
        await server.shutdown()
    }

    @Test("news about a URL a key is waiting for is prompt; ticks are background")
    func awaitedOutOfFocus() throws {
        let state = BrowserState(width: 80, height: 24, serviceBaseURL: "http://x.invalid/")
        let other = ResourceSnapshot(url: "http://x.invalid/other")
        #expect(state.frameReason(for: .resourceChanged(other, event: nil), awaited: []) == .background)
        #expect(
            state.frameReason(for: .resourceChanged(other, event: nil), awaited: ["http://x.invalid/other"]) == .prompt)
        #expect(state.frameReason(for: .key(.character("j")), awaited: []) == .prompt)
        #expect(state.frameReason(for: .tick(now: 1), awaited: []) == .background)
    }
}
