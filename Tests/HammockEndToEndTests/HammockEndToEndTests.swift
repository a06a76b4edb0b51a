import DemoAPI
import Foundation
import TestSupport
import Testing

@Suite("hammock in tmux against the demo API", .serialized)
struct HammockEndToEndTests {
    @Test("with no URL it starts the demo API and shows the root resource with its events")
    func startUp() async throws {
        let session = try TmuxSession(arguments: ["--no-cache"])
        defer { session.close() }
        // The index: its links come first (keys in the server's order), its name further down.
        let screen = await session.waitFor(#""liveStatic": "/live/static""#)
        #expect(screen.contains("┌ URL"))
        #expect(screen.contains("latestData"))
        #expect(screen.contains("observerAdded"))
        #expect(screen.contains("requested"))
        await session.waitFor("newData(network)")
    }

    @Test("load keys call load(), invalidate() and wipe() and the events show it")
    func loadKeys() async throws {
        let session = try TmuxSession(arguments: ["--no-cache"])
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("r")
        // The reload answers 304; wait for it, or invalidate() would be cleared by its arrival.
        await session.waitFor("onNotModified")
        try session.keys("i")
        await session.waitFor("isUpToDate false")
        try session.keys("w")
        await session.waitFor("newData(wipe)")
        try session.keys("l")
        // After wipe() there is no data, so loadIfNeeded() asks the network again.
        await session.waitFor("newData(network)", count: 2)
    }

    @Test("Enter follows a link, b goes back")
    func navigation() async throws {
        let server = try await DemoServer.start()
        let session = try TmuxSession(arguments: ["--no-cache", server.baseURL.absoluteString + "users/1"])
        defer { session.close() }
        await session.waitFor("\"posts\": \"/users/1/posts\"")
        try session.keys("/")
        try session.type("/users/1/posts")
        try session.keys("Enter")
        // The search runs in the background; its label on the border says when it found the link.
        await session.waitFor("//users/1/posts · 1 match")
        try session.keys("Enter")
        await session.waitFor("GET \(server.baseURL.absoluteString)users/1/posts")
        await session.waitFor("\"title\": \"Notes on")
        try session.keys("b")
        await session.waitFor("GET \(server.baseURL.absoluteString)users/1 ")
        await server.shutdown()
    }

    @Test("JSON shows in the server's key order, repeated keys and number text as sent")
    func serverOrder() async throws {
        let server = try await DemoServer.start()
        let session = try TmuxSession(arguments: ["--no-cache", server.baseURL.absoluteString + "ordered"])
        defer { session.close() }
        let screen = await session.waitFor(#""zeta": 1.10,"#)
        let lines = screen.components(separatedBy: "\n")
        let zeta = try #require(lines.firstIndex { $0.contains(#""zeta": 1.10,"#) })
        #expect(lines[zeta + 1].contains(#""alpha": 1e2,"#))
        #expect(lines[zeta + 2].contains(#""alpha": -0,"#))
        #expect(lines[zeta + 3].contains(#""big": 12345678901234567890,"#))
        #expect(lines[zeta + 4].contains(#""huge": 1.7976931348623157e309,"#))
        await server.shutdown()
    }

    @Test("Right scrolls long lines sideways and the borders mark the cut text")
    func horizontalScroll() async throws {
        let session = try TmuxSession(arguments: ["--no-cache"], width: 40, height: 20)
        defer { session.close() }
        let before = await session.waitFor(#""brokenCharset": "/broken/charset""#)
        #expect(before.contains("›"))
        #expect(!before.contains("‹"))
        try session.keys("Right")
        let after = await session.waitFor("col 20")
        #expect(after.contains("‹"))
        #expect(after.contains(#""/broken/charset","#))
        try session.keys("Left")
        await session.waitFor("line 1 ─")
    }

    @Test("a POST form sends through request(.post, json:) and shows onSuccess 201")
    func postForm() async throws {
        let server = try await DemoServer.start()
        let session = try TmuxSession(arguments: ["--no-cache", server.baseURL.absoluteString + "users"])
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("p")
        await session.waitFor("request(.post, …)")
        try session.type(#"{"username": "zed", "name": "Zed", "email": "zed@example.com"}"#)
        try session.keys("C-s")
        let screen = await session.waitFor("onSuccess 201")
        #expect(screen.contains("zed"))
        try session.keys("Escape")
        // Esc and r sent back to back would arrive as Alt-r, as from a terminal.
        await session.waitForAbsence(of: "request(.post, …)")
        try session.keys("r")
        await session.waitFor("newData(network)", count: 2)
        try session.keys("End")
        await session.waitFor("\"username\": \"zed\"")
        await server.shutdown()
    }

    @Test("invalid JSON in a form is refused with its position")
    func invalidJSON() async throws {
        let session = try TmuxSession(arguments: ["--no-cache"])
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("p")
        try session.type(#"{"a": }"#)
        try session.keys("C-s")
        await session.waitFor("Invalid JSON at line 1, column 7")
    }

    @Test("q quits and restores the terminal")
    func quit() async throws {
        let session = try TmuxSession(arguments: ["--no-cache"])
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("q")
        #expect(await waitUntil("hammock to exit") { !session.isRunning })
    }

    @Test("q quits at once while a connection to the embedded demo API has sent nothing")
    func quitWithSilentConnection() async throws {
        let session = try TmuxSession(arguments: ["--no-cache"])
        defer { session.close() }
        let screen = await session.waitFor("newData(network)")
        let port = try #require(
            screen.firstMatch(of: /service\.baseURL http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) })
        // An HTTP client opens connections it may never send a request on (one made for a request
        // cancelled while it connected); the demo API must not wait for one when hammock quits.
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0)
        try session.keys("q")
        #expect(await waitUntil("hammock to exit") { !session.isRunning })
    }
}

@Suite("hammock's persistent cache in tmux")
struct HammockCacheEndToEndTests {
    @Test("a second run shows newData(cache) from the SQLite cache before the network answers")
    func secondRunUsesCache() async throws {
        let server = try await DemoServer.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hammock-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cacheFile = folder.appendingPathComponent("entities.sqlite").path
        let url = server.baseURL.absoluteString + "users/3"
        do {
            let first = try TmuxSession(arguments: ["--cache", cacheFile, url])
            defer { first.close() }
            await first.waitFor("newData(network)")
            try first.keys("q")
            // The cache is written before hammock exits.
            #expect(await waitUntil("the first run to exit") { !first.isRunning })
        }
        let second = try TmuxSession(arguments: ["--cache", cacheFile, url])
        defer { second.close() }
        let screen = await second.waitFor("newData(cache)")
        #expect(screen.contains(#""username": "cshannon""#))
        await server.shutdown()
    }
}
