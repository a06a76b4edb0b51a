import DemoAPI
import Foundation
import Siesta
import TestSupport
import Testing

@testable import Browser
@testable import BrowserRuntime

/// The watch board, what changed, streams and the HAR export over real HTTP to the demo API on
/// loopback, its live resources stepping every 300 ms.
@MainActor
@Suite("watch, streams and HAR against the demo API", .serialized)
struct WatchEndToEndTests {
    private static func text(of stream: StreamSnapshot) -> String {
        if case .text(let document) = stream.body { return document.text }
        return ""
    }

    /// Types `interval` for the board's selected row, as '=' does.
    private static func typeInterval(_ interval: String, in browser: ResourceBrowser) {
        browser.dispatch(.key(.character("=")))
        browser.dispatch(.paste(interval))
        browser.dispatch(.key(.enter))
    }

    private static func browser() async throws -> (ResourceBrowser, DemoServer) {
        let server = try await DemoServer.start(liveStep: .milliseconds(300))
        let browser = Fixtures.resourceBrowser(on: server)
        browser.start()
        await waitUntil("the index") { browser.state.current?.latestData != nil }
        return (browser, server)
    }

    @Test("pinned resources refresh by themselves: a changing one says what changed, a static one gets 304s")
    func pinnedRefresh() async throws {
        let (browser, server) = try await Self.browser()
        defer { Task { await server.shutdown() } }
        let counter = server.baseURL.absoluteString + "live/counter"
        let still = server.baseURL.absoluteString + "live/static"
        browser.dispatch(.pin(path: "/live/counter"))
        browser.dispatch(.pin(path: "/live/static"))
        #expect(browser.state.watch.entries.map(\.url) == [counter, still])
        // Every 0.2 s: '=' on the board types the interval.
        Self.typeInterval("0.2", in: browser)
        browser.dispatch(.key(.down))
        Self.typeInterval("0.2", in: browser)
        #expect(browser.state.watch.entries.map(\.interval) == [0.2, 0.2])

        await waitUntil("the counter to change", timeout: 15) {
            browser.state.changes[counter]?.summary.contains("count ") == true
        }
        let change = try #require(browser.state.changes[counter])
        #expect(change.summary.hasPrefix("+0 −0 ~2  count "), "count and updatedAt change: \(change.summary)")
        #expect(browser.state.watch.entries[0].lastChange == change.summary)
        // The line of the version this change belongs to says it (a newer version may have come
        // since, its diff still running).
        let lines = browser.state.events.filter { $0.name == "newData(network)" && $0.resource == "/live/counter" }
        #expect(lines.contains { $0.detail.hasPrefix(change.summary) }, "\(lines.map(\.detail))")
        #expect((browser.state.versions[counter]?.count ?? 0) >= 2)

        await waitUntil("304s for the static resource", timeout: 15) {
            browser.state.watch.entries[1].notModifiedCount >= 3
        }
        #expect(browser.state.changes[still] == nil, "an unchanged resource never changes")
        #expect(server.requestCount(forPath: "/live/static") >= 4)
        let hooks = browser.state.events.filter { $0.name == "onNotModified" && $0.resource == "/live/static" }
        #expect(hooks.contains { $0.detail.hasPrefix("304") }, "the server answered 304: \(hooks.map(\.detail))")

        // Paused, it sends nothing more.
        browser.dispatch(.key(.character("A")))
        #expect(browser.state.watch.isAllPaused)
        // A refresh in flight is cancelled by the pause; after that, nothing more goes out.
        await waitUntil("the last refresh to end") { browser.state.resources[still]?.isLoading == false }
        // A request cancelled by the pause may already be on the wire and reach the server a
        // moment later: what the browser sends is counted where it sends it.
        let sent = browser.state.watch.entries[1].requestCount
        let before = server.requestCount(forPath: "/live/static")
        await waitForClock(toPass: Date.timeIntervalSinceReferenceDate, by: 1)
        #expect(browser.state.watch.entries[1].requestCount == sent)
        #expect(server.requestCount(forPath: "/live/static") <= before + 1, "at most the one cancelled in flight")
    }

    @Test("a pinned resource watched by a path shows the value there and only that value's changes")
    func watchedByPath() async throws {
        let (browser, server) = try await Self.browser()
        defer { Task { await server.shutdown() } }
        let counter = server.baseURL.absoluteString + "live/counter"
        browser.dispatch(.pin(path: "/live/counter"))
        Self.typeInterval("0.2", in: browser)
        // `$` on the board: watch only the count (the time beside it changes too).
        browser.dispatch(.key(.character("$")))
        browser.dispatch(.key(.backspace))
        browser.dispatch(.paste("$.count"))
        browser.dispatch(.key(.enter))
        #expect(browser.state.watch.entries[0].path == "$.count")
        await waitUntil("a change at the path", timeout: 15) {
            browser.state.changes[counter]?.watchedPath == "$.count"
        }
        let change = try #require(browser.state.changes[counter])
        #expect(change.counts == "+0 −0 ~1", "updatedAt is left out: \(change.diffText)")
        #expect(change.summary.hasPrefix("count "), "\(change.summary)")
        #expect(!change.diffText.contains("updatedAt"))
        let entry = browser.state.watch.entries[0]
        #expect(entry.lastChange == change.summary)
        let value = try #require(entry.watchedValue)
        #expect(Int(value) != nil, "the row shows the count: \(value)")
        let screen = BrowserView.render(browser.state)
        let row = screen.find("↻").map { screen.line($0.y) } ?? ""
        #expect(row.contains("$.count "), "\(row)")
    }

    @Test("pausing a pinned resource cancels its refresh in flight and keeps the data it had")
    func pauseCancelsRefresh() async throws {
        let (browser, server) = try await Self.browser()
        defer { Task { await server.shutdown() } }
        // The first request gets the whole body at once; later ones drip a byte a second.
        let url = server.baseURL.absoluteString + "broken/drip?bytes=60&fast=1"
        browser.dispatch(.pin(path: url))
        Self.typeInterval("0.2", in: browser)
        await waitUntil("the first body and a dripping refresh", timeout: 15) {
            browser.state.resources[url]?.latestData != nil && browser.state.resources[url]?.isLoading == true
                && server.requestCount(forPath: "/broken/drip") == 2
        }
        let received = browser.state.resources[url]?.latestData?.timestamp
        browser.dispatch(.key(.character(" ")))
        #expect(browser.state.watch.entries.first?.isPaused == true)
        await waitUntil("the refresh to be cancelled") { browser.state.resources[url]?.isLoading == false }
        #expect(
            browser.state.events.contains { $0.name == "requestCancelled" && $0.resource.hasPrefix("/broken/drip") })
        #expect(
            browser.state.resources[url]?.latestData?.timestamp == received, "the data from before the refresh stays")
        #expect(browser.state.resources[url]?.latestData?.byteCount == 60)
        #expect(browser.state.resources[url]?.latestError == nil, "a cancelled refresh is not an error")
        await waitForClock(toPass: Date.timeIntervalSinceReferenceDate, by: 1)
        #expect(server.requestCount(forPath: "/broken/drip") == 2, "paused, nothing more goes out")
    }

    @Test("Server-Sent Events show as they arrive, reconnect with Last-Event-ID after a drop, and c stops them")
    func serverSentEvents() async throws {
        let (browser, server) = try await Self.browser()
        defer { Task { await server.shutdown() } }
        let url = server.baseURL.absoluteString + "events?drop=2&retry=100"
        browser.dispatch(.open(path: url))
        await waitUntil("four events over two connections", timeout: 15) {
            (browser.state.streams[url]?.eventCount ?? 0) >= 4
        }
        let stream = try #require(browser.state.streams[url])
        #expect(stream.kindName == "Server-Sent Events")
        #expect(stream.reconnectCount >= 1)
        let text = Self.text(of: stream)
        #expect(text.contains("id 1 ·") && text.contains("id 2 ·"))
        #expect(text.contains("id 3 ·"), "the reconnection went on after Last-Event-ID 2:\n\(text)")
        #expect(!text.contains("id 1 ·\n") && text.components(separatedBy: "id 1 ·").count == 2, "id 1 came once")
        #expect(browser.state.shownBody.map { $0.isSameDocument(as: stream.body) } == true)
        #expect(browser.state.current?.isLoading == false, "the load ended at the head; the stream goes on")

        browser.dispatch(.key(.character("c")))
        await waitUntil("the stream to stop") { browser.state.streams[url]?.phase == .stopped }
        let count = browser.state.streams[url]?.eventCount ?? 0
        await waitForClock(toPass: Date.timeIntervalSinceReferenceDate, by: 0.5)
        #expect(browser.state.streams[url]?.eventCount == count, "nothing arrives after c")
    }

    @Test("a long-lived NDJSON response is shown line by line and ends when the server ends it")
    func ndjson() async throws {
        let (browser, server) = try await Self.browser()
        defer { Task { await server.shutdown() } }
        let url = server.baseURL.absoluteString + "live/ndjson?count=3"
        browser.dispatch(.open(path: url))
        await waitUntil("the stream to end", timeout: 15) {
            if case .ended? = browser.state.streams[url]?.phase { return true }
            return false
        }
        let stream = try #require(browser.state.streams[url])
        #expect(stream.kindName == "NDJSON" && stream.eventCount == 3)
        let text = Self.text(of: stream)
        #expect(text.contains("── #3 ·"))
    }

    @Test("E writes the session as HAR 1.2 with the Authorization header masked")
    func har() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.shutdown() } }
        let browser = Fixtures.resourceBrowser(on: server)
        browser.service.configure { $0.headers["Authorization"] = "Bearer sekrit-token-123" }
        browser.start(path: "users/1")
        await waitUntil("the user") {
            browser.state.resources[server.baseURL.absoluteString + "users/1"]?.latestData != nil
        }
        let folder = try TemporaryFolder(prefix: "hammock-har")
        let file = folder.path("session.har")
        browser.dispatch(.key(.character("E")))
        browser.dispatch(.key(.control("u")))
        browser.dispatch(.paste(file))
        browser.dispatch(.key(.enter))
        await waitUntil("the HAR note") { browser.state.status?.text.contains("as HAR 1.2 to") == true }
        let data = try #require(FileManager.default.contents(atPath: file))
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("sekrit-token-123"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let log = try #require(root["log"] as? [String: Any])
        #expect(log["version"] as? String == "1.2")
        let entries = try #require(log["entries"] as? [[String: Any]])
        let user = try #require(
            entries.first { (($0["request"] as? [String: Any])?["url"] as? String)?.hasSuffix("/users/1") == true })
        let response = try #require(user["response"] as? [String: Any])
        #expect(response["status"] as? Int == 200)
        let content = try #require(response["content"] as? [String: Any])
        #expect((content["text"] as? String)?.contains("\"id\"") == true)
        let headers = try #require((user["request"] as? [String: Any])?["headers"] as? [[String: Any]])
        let authorization = headers.first { ($0["name"] as? String)?.lowercased() == "authorization" }
        #expect(authorization != nil && (authorization?["value"] as? String)?.contains("sekrit") == false)
    }

    @Test("a body too large for the session log is in the HAR with its real size and why it was left out")
    func harBodyLeftOut() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.shutdown() } }
        let browser = Fixtures.resourceBrowser(on: server)
        let path = "large"
        browser.start(path: path)
        await waitUntil("the large body") {
            browser.state.resources[server.baseURL.absoluteString + path]?.latestData != nil
        }
        let folder = try TemporaryFolder(prefix: "hammock-har")
        let file = folder.path("session.har")
        browser.dispatch(.key(.character("E")))
        browser.dispatch(.key(.control("u")))
        browser.dispatch(.paste(file))
        browser.dispatch(.key(.enter))
        await waitUntil("the HAR note") { browser.state.status?.text.contains("as HAR 1.2 to") == true }
        let note = browser.state.events.last { $0.detail.contains("as HAR 1.2 to") }?.detail ?? ""
        #expect(note.hasSuffix("; 1 body left out: larger than the 1 MiB the session log keeps of one body"), "\(note)")

        let data = try #require(FileManager.default.contents(atPath: file))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require((root["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let entry = try #require(
            entries.first { (($0["request"] as? [String: Any])?["url"] as? String)?.hasSuffix(path) == true })
        let response = try #require(entry["response"] as? [String: Any])
        let headers = try #require(response["headers"] as? [[String: Any]])
        let length = try #require(
            headers.first { ($0["name"] as? String)?.lowercased() == "content-length" }
                .flatMap { ($0["value"] as? String).flatMap(Int.init) })
        #expect(length > ExchangeRecorder.maximumSessionBodyBytes)
        let content = try #require(response["content"] as? [String: Any])
        #expect(content["size"] as? Int == length)
        #expect(response["bodySize"] as? Int == length)
        #expect(content["text"] == nil)
        #expect(
            content["comment"] as? String
                == "The body, \(length) bytes, was left out: larger than the 1 MiB the session log keeps of one body.")
    }

    @Test("the timeline numbers each version of a resource, and a diff's title names the rows it compares")
    func timelineNumbers() async throws {
        let (browser, server) = try await Self.browser()
        defer { Task { await server.shutdown() } }
        let counter = server.baseURL.absoluteString + "live/counter"
        browser.dispatch(.key(.character("g")))
        browser.dispatch(.key(.control("u")))
        browser.dispatch(.paste("/live/counter"))
        browser.dispatch(.key(.enter))
        await waitUntil("the first version") { browser.state.versions[counter]?.count == 1 }
        for count in 2...3 {
            // The counter steps every 300 ms: once a step has passed, a load brings a new version.
            await waitForClock(toPass: Date.timeIntervalSinceReferenceDate, by: 0.35)
            browser.dispatch(.key(.character("r")))
            await waitUntil("version \(count)") { browser.state.versions[counter]?.count == count }
        }
        // The index loaded first is the run's first version: this resource's ids start later.
        #expect(browser.state.versions[counter]?.first?.id != 1)
        browser.dispatch(.key(.character("T")))
        guard let picker = browser.state.topLayer as? Picker else {
            Issue.record("T opened no timeline")
            return
        }
        #expect(picker.items.map { String($0.label.prefix(3)) } == ["#3 ", "#2 ", "#1 "])
        // Enter on the newest compares it with the one before.
        browser.dispatch(.key(.enter))
        await waitUntil("the diff") { Self.viewerTitle(browser) != nil }
        #expect(Self.viewerTitle(browser) == "versions #2 → #3 · /live/counter")
        // Ctrl-D marks the newest, Ctrl-D on the oldest compares the two.
        browser.dispatch(.key(.escape))
        browser.dispatch(.key(.control("d")))
        browser.dispatch(.key(.down))
        browser.dispatch(.key(.down))
        browser.dispatch(.key(.control("d")))
        await waitUntil("the second diff") { Self.viewerTitle(browser) == "versions #1 → #3 · /live/counter" }
    }

    private static func viewerTitle(_ browser: ResourceBrowser) -> String? {
        if let viewer = browser.state.topLayer as? TextViewer { return viewer.title }
        return nil
    }
}
