import DemoAPI
import Foundation
import TestSupport
import Testing

/// What a new user hit in the first hour, run again in the hammock binary in tmux against the demo
/// API: Ctrl-C in prompts and lines, pasted bodies, keys, forms and the views after writes.
@Suite("hammock in tmux: the first hour", .serialized)
struct FirstHourEndToEndTests {
    @Test("Ctrl-C in the g prompt cancels it and keeps hammock running; ↑ in g brings the text back")
    func interruptGoPrompt() async throws {
        let server = try await SharedDemoServer.get()
        let session = try TmuxSession(arguments: [
            "--no-cache", "--no-history", server.baseURL.absoluteString + "users",
        ])
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("g")
        await session.waitFor("go to (URL")
        try session.keys("BSpace")
        try session.type("/users/2?fields=name")
        await session.waitFor("/users/2?fields=name")
        try session.keys("C-c")
        await session.waitFor("cancelled: ↑ in the same prompt brings the text back")
        #expect(session.isRunning)
        try session.keys("g")
        await session.waitFor("go to (URL")
        try session.keys("Up")
        await session.waitFor("go to (URL, host:port/path, or path under the service): /users/2?fields=name")
        try session.keys("Enter")
        await session.waitFor("GET \(server.baseURL.absoluteString)users/2?fields=name")
    }

    @Test("Ctrl-C in the history filter clears it, then closes the list; hammock keeps running")
    func interruptHistoryFilter() async throws {
        let server = try await SharedDemoServer.get()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-filter")
        let session = try TmuxSession(
            arguments: [
                "--no-cache", "--history", folder.path("history.sqlite"), server.baseURL.absoluteString + "users",
            ])
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("h")
        await session.waitFor("history  1 of 1")
        try session.type("users")
        await session.waitFor("filter: users")
        try session.keys("C-c")
        await session.waitFor("filter cleared")
        try session.keys("C-c")
        await session.waitForAbsence(of: "history  1 of 1")
        #expect(session.isRunning)
    }

    @Test("Ctrl-C in the WebSocket message line cancels the line; i and ↑ bring it back to send")
    func interruptWebSocketLine() async throws {
        let server = try await SharedDemoServer.get()
        let port = try #require(server.baseURL.port)
        let session = try TmuxSession(arguments: ["--no-cache", "--no-history", "ws://127.0.0.1:\(port)/ws/echo"])
        defer { session.close() }
        await session.waitFor("● open")
        try session.keys("i")
        await session.waitFor("send: ")
        try session.type("kept line")
        try session.keys("C-c")
        await session.waitFor("line cancelled: i, then ↑, brings it back")
        #expect(session.isRunning)
        try session.keys("i")
        await session.waitFor("send: ")
        try session.keys("Up")
        await session.waitFor("send: kept line")
        try session.keys("Enter")
        await session.waitFor("↓ text · 9 B")
    }

    @Test("a pasted text body reaches the server byte for byte: tab, CRLF, a lone CR and a NUL")
    func pastedBodyBytes() async throws {
        let server = try await DemoServer.start()
        let session = try TmuxSession(
            arguments: ["--no-cache", "--no-history", server.baseURL.absoluteString + "anything/paste"])
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("p")
        await session.waitFor("(JSON; Ctrl-T changes)")
        try session.keys("C-t")
        await session.waitFor("(text; Ctrl-T changes)")
        let pasted = "a\tb\r\nc\rd\u{0}e\n"
        try session.paste(pasted)
        // The form shows what will be sent: the tab to its stop, CRLF and CR marked, NUL escaped.
        await session.waitFor("a   b␍␊")
        try session.keys("C-s")
        await waitUntil("the POST's body") { server.lastRequestBody(forPath: "/anything/paste") != nil }
        #expect(server.lastRequestBody(forPath: "/anything/paste") == Data(pasted.utf8))
        await server.shutdown()
    }

    @Test("with a form open, a terminal made too small says q quits, and q quits instead of typing")
    func tooSmallQuitsOverForm() async throws {
        let server = try await SharedDemoServer.get()
        let session = try TmuxSession(arguments: [
            "--no-cache", "--no-history", server.baseURL.absoluteString + "users",
        ])
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("p")
        await session.waitFor("(JSON; Ctrl-T changes)")
        try session.resize(width: 30, height: 10)
        await session.waitFor("q quits")
        try session.keys("q")
        #expect(await waitUntil("hammock to exit") { !session.isRunning })
    }

    @Test("F2 with no collection says so before asking for a name; the form keeps its body")
    func saveWithoutCollection() async throws {
        let server = try await SharedDemoServer.get()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-nocollection")
        let session = try TmuxSession(
            arguments: ["--no-cache", "--no-history", server.baseURL.absoluteString + "posts"],
            directory: folder.path)
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("p")
        await session.waitFor("(JSON; Ctrl-T changes)")
        try session.type(#"{"title": "kept"}"#)
        try session.keys("F2")
        let screen = await session.waitFor("no collection to save to")
        #expect(!screen.contains("save as request named"))
        #expect(screen.contains(#"{"title": "kept"}"#))
    }

    @Test("the saved-requests filter lands on a request inside a folder, and Enter opens it")
    func collectionFilterOpensRequest() async throws {
        let server = try await SharedDemoServer.get()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-filter-folder")
        try folder.write(
            ".hammock/users/make-a-user.yaml",
            "name: Make a user\nmethod: POST\nurl: \(server.baseURL.absoluteString)users\nbody: '{\"name\": \"x\"}'\n")
        let session = try TmuxSession(
            arguments: ["--no-cache", "--no-history", server.baseURL.absoluteString + "posts"],
            directory: folder.path)
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("C")
        await session.waitFor("Make a user")
        try session.type("make")
        await session.waitFor("filter: make")
        try session.keys("Enter")
        await session.waitFor("request(.post, …)")
    }

    @Test(
        "after a DELETE answered 204 the item on screen shows as gone, not as its old data, with or without the cache",
        arguments: [false, true])
    func deleteShowsGone(withCache: Bool) async throws {
        let server = try await DemoServer.start()
        let folder = try TemporaryFolder(prefix: "hammock-delete-cache")
        // With the persistent cache on, the deleted item must not come back from the disk.
        let cache = withCache ? ["--cache", folder.path("cache.sqlite")] : ["--no-cache"]
        let session = try TmuxSession(
            arguments: cache + ["--no-history", server.baseURL.absoluteString + "posts/3"])
        defer { session.close() }
        let before = await session.waitFor("newData(network)")
        let title = try #require(before.firstMatch(of: /"title": "([^"]+)"/)?.1)
        try session.keys("d")
        await session.waitFor("DELETE")
        try session.keys("y")
        await session.waitFor("DELETE 204: wiped the deleted resource")
        try session.keys("Escape")
        let after = await session.waitFor("404")
        #expect(!after.contains(title), "the old body is gone from the screen")
        await server.shutdown()
    }

    @Test("the watch board's selection is the resource shown; a pin of another host keeps its path")
    func boardSelectionShown() async throws {
        let server = try await SharedDemoServer.get()
        let port = try #require(server.baseURL.port)
        let other = "http://localhost:\(port)/users"
        let session = try TmuxSession(
            arguments: [
                "--no-cache", "--no-history", "--watch", "/orders/7", "--watch", other,
                server.baseURL.absoluteString + "users/1",
            ])
        defer { session.close() }
        await session.waitFor("GET \(server.baseURL.absoluteString)orders/7")
        await session.waitFor("localhost:\(port)/users")
        try session.keys("j")
        await session.waitFor("GET \(other)")
        try session.keys("D")
        await session.waitFor("no change seen yet for \(other)")
    }

    @Test("Ctrl-N changes the form's method; an empty JSON body is sent as no body")
    func formMethodAndEmptyBody() async throws {
        let server = try await DemoServer.start()
        let session = try TmuxSession(
            arguments: ["--no-cache", "--no-history", server.baseURL.absoluteString + "anything/method"])
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("p")
        await session.waitFor("request(.post, …)")
        try session.keys("C-n")
        await session.waitFor("request(.put, …)")
        try session.keys("C-s")
        await session.waitFor("onSuccess 200")
        try session.keys("C-r")
        let response = await session.waitFor(#""method": "PUT""#)
        #expect(response.contains(#""data": """#), "no body was sent: \(response)")
        await server.shutdown()
    }

    @Test("the cookie jar reveals a value on Enter and deletes a cookie on Ctrl-X after asking")
    func cookieJar() async throws {
        let server = try await SharedDemoServer.get()
        let session = try TmuxSession(
            arguments: ["--no-cache", "--no-history", server.baseURL.absoluteString + "cookies/set?flavour=oat"])
        defer { session.close() }
        await session.waitFor(#""flavour": "oat""#)
        try session.keys("K")
        await session.waitFor("flavour=••••••")
        try session.keys("Enter")
        await session.waitFor("flavour=oat")
        try session.keys("C-x")
        await session.waitFor("delete the cookie flavour")
        try session.keys("y")
        await session.waitFor("deleted the cookie flavour for 127.0.0.1")
    }
}
