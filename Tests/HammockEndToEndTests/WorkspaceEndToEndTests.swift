import DemoAPI
import Foundation
import TestSupport
import Testing

/// Saved requests, environments, history, the response head, curl import and Ctrl-C in the
/// built binary, over the demo API on loopback.
///
/// Every run keeps its history, state, configuration and working directory in a temporary
/// folder, so no test reads or writes a user's files.
@Suite("history, saved requests, environments and Ctrl-C in the hammock binary", .serialized)
struct WorkspaceEndToEndTests {
    @Test("a request saved with F2 is listed by C after a restart, opens in a form and is sent by Ctrl-S")
    func savedRequestAcrossRestarts() async throws {
        let server = try await DemoServer.start()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-saved")
        let collection = folder.path(".hammock")
        try FileManager.default.createDirectory(atPath: collection, withIntermediateDirectories: true)
        let body = #"{"title": "saved across runs", "userId": 2}"#
        do {
            let first = try Self.start(
                ["--collection", collection, server.baseURL.absoluteString + "posts"], in: folder)
            defer { first.close() }
            await first.waitFor("newData(network)")
            try first.keys("p")
            await first.waitFor("request(.post, …)")
            try first.type(body)
            await first.waitFor(body)
            try first.keys("F2")
            await first.waitFor("save as request named:")
            try first.type("Make a post")
            try first.keys("Enter")
            await first.waitFor("saved as \(collection)/make-a-post.yaml")
            try first.keys("Escape")
            await first.waitForAbsence(of: "request(.post, …)")
            try first.keys("q")
            #expect(await waitUntil("the first run to exit") { !first.isRunning })
        }
        let file = try String(contentsOfFile: folder.path(".hammock/make-a-post.yaml"), encoding: .utf8)
        #expect(file.contains("name: Make a post"), "\(file)")
        #expect(file.contains("method: POST"), "\(file)")
        #expect(file.contains("url: \(server.baseURL.absoluteString)posts"), "\(file)")
        #expect(file.contains(#"saved across runs"#), "\(file)")
        #expect(server.requestCount(forPath: "/posts") == 1, "the first run only loaded the list")

        // The second run finds the collection as ./.hammock in its working directory.
        let second = try Self.start([server.baseURL.absoluteString + "users/1"], in: folder)
        defer { second.close() }
        await second.waitFor("newData(network)")
        try second.keys("C")
        await second.waitFor("Make a post  POST \(server.baseURL.absoluteString)posts")
        try second.keys("Enter")
        let form = await second.waitFor(body)
        #expect(form.contains("request(.post, …)"), "\(form)")
        #expect(server.requestCount(forPath: "/posts") == 1, "opening a saved request sends nothing")
        try second.keys("C-s")
        await second.waitFor("onSuccess 201")
        #expect(await waitUntil("the POST to reach the server") { server.requestCount(forPath: "/posts") == 2 })
        try second.keys("C-r")
        let response = await second.waitFor(#""title": "saved across runs""#)
        #expect(response.contains(#""userId": 2"#), "\(response)")
        await server.shutdown()
    }

    @Test("the environment chosen with e fills {{item}} in g; an unknown variable is named and nothing is sent")
    func environmentSwitch() async throws {
        let server = try await DemoServer.start()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-env")
        try folder.write(".hammock/environments/one.yaml", "item: users/1\n")
        try folder.write(".hammock/environments/two.yaml", "item: users/2\n")
        let session = try Self.start(
            ["--collection", folder.path(".hammock"), "--env", "one", server.baseURL.absoluteString + "posts/1"],
            in: folder)
        defer { session.close() }
        await session.waitFor("newData(network)")
        await session.waitFor("env one")

        try session.keys("g")
        await session.waitFor("go to (URL")
        try session.type("/{{item}}")
        try session.keys("Enter")
        await session.waitFor(#""username": "alovelace""#)
        #expect(server.requestCount(forPath: "/users/1") == 1)
        #expect(server.requestCount(forPath: "/users/2") == 0)

        try session.keys("e")
        await session.waitFor("one  in use")
        try session.type("two")
        await session.waitFor("environments  1 of 3")
        try session.keys("Enter")
        await session.waitFor("environment: two")
        await session.waitFor("env two")
        try session.keys("g")
        await session.waitFor("go to (URL")
        try session.type("/{{item}}")
        try session.keys("Enter")
        await session.waitFor(#""username": "bkernighan""#)
        #expect(server.requestCount(forPath: "/users/2") == 1)
        #expect(server.requestCount(forPath: "/users/1") == 1)

        try session.keys("g")
        await session.waitFor("go to (URL")
        try session.type("/{{nobody}}")
        try session.keys("Enter")
        let refused = await session.waitFor("no value: nobody")
        #expect(refused.contains("GET \(server.baseURL.absoluteString)users/2 "), "the resource in focus stays")
        // A request made afterwards shows that the refused one never reached the server.
        try session.keys("g")
        await session.waitFor("go to (URL")
        try session.type("/users/3")
        try session.keys("Enter")
        let screen = await session.waitFor(#""username": "cshannon""#)
        #expect(server.requestCount(forPath: "/users/3") == 1)
        for path in ["/{{nobody}}", "/%7B%7Bnobody%7D%7D", "/"] {
            #expect(server.requestCount(forPath: path) == 0, "\(path) was requested")
        }
        let requested = screen.components(separatedBy: " requested ").count - 1
        #expect(requested == 4, "posts/1, users/1, users/2 and users/3 only:\n\(screen)")
        await server.shutdown()
    }

    @Test("history lists both loads of /counter, opens the older body read-only and diffs the two")
    func historyDiff() async throws {
        let server = try await DemoServer.start()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-history")
        let url = server.baseURL.absoluteString + "counter"
        let session = try Self.start([url], in: folder)
        defer { session.close() }
        await session.waitFor(#""count": 1"#)
        try session.keys("r")
        await session.waitFor(#""count": 2"#)

        try session.keys("h")
        await session.waitFor("history  2 of 2")
        await session.waitFor("GET \(url)  200 OK", count: 2)
        // Each row shows the number the diff's title names.
        let listed = await session.waitFor("#2 GET \(url)")
        #expect(listed.contains("#1 GET \(url)"), "\(listed)")
        // Newest first: Down selects the first load.
        try session.keys("Down")
        try session.keys("Enter")
        let old = await session.waitFor("read-only, from history")
        #expect(old.contains(#""count": 1"#), "\(old)")
        try session.keys("Escape")
        await session.waitForAbsence(of: "read-only, from history")
        await session.waitFor("history  2 of 2")

        try session.keys("C-d")
        await session.waitFor("marked: Ctrl-D on another entry diffs the two")
        try session.keys("Up")
        try session.keys("C-d")
        let diff = await session.waitFor("~ $.count: 1 → 2")
        #expect(diff.contains("diff #1 → #2: GET \(url)"), "\(diff)")
        #expect(diff.contains("@@ +0 −0 ~1 (JSON, by path)"), "\(diff)")
        try session.keys("Escape")
        await session.waitForAbsence(of: "~ $.count")
        await session.waitFor("history  2 of 2")
        #expect(server.requestCount(forPath: "/counter") == 2, "reading history sends nothing")
        await server.shutdown()
    }

    @Test("Ctrl-R on a GET in history sends it again, also when its resource is the one on screen")
    func historyResend() async throws {
        let server = try await DemoServer.start()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-resend")
        let session = try Self.start([server.baseURL.absoluteString + "counter"], in: folder)
        defer { session.close() }
        await session.waitFor(#""count": 1"#)
        try session.keys("h")
        await session.waitFor("history  1 of 1")
        try session.keys("C-r")
        await session.waitFor(#""count": 2"#)
        #expect(server.requestCount(forPath: "/counter") == 2)
        await server.shutdown()
    }

    @Test("Ctrl-C cancels a load in flight and keeps running; pressed twice it quits with status 0")
    func interruptCancelsThenQuits() async throws {
        let server = try await DemoServer.start()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-interrupt")
        let (session, statusFile) = try Self.startReportingExit(
            [server.baseURL.absoluteString + "slow?delay=20000"], in: folder)
        defer { session.close() }
        await session.waitFor("loadRequests 1  isRequesting true")
        try session.keys("C-c")
        await session.waitFor("cancelled the load: Ctrl-C again quits")
        await session.waitFor("requestCancelled")
        await session.waitFor("loadRequests 0  isRequesting false")
        #expect(session.isRunning)
        #expect(!FileManager.default.fileExists(atPath: statusFile))

        // Still running and taking keys: load again, then Ctrl-C twice in a row quits.
        try session.keys("r")
        await session.waitFor("loadRequests 1  isRequesting true")
        try session.keys("C-c", "C-c")
        #expect(await waitUntil("hammock to exit") { !session.isRunning })
        #expect(await Self.exitStatus(statusFile) == "0")
        await server.shutdown()
    }

    @Test("with nothing loading, one Ctrl-C quits with status 0")
    func interruptQuitsWhenIdle() async throws {
        let server = try await SharedDemoServer.get()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-interrupt-idle")
        let (session, statusFile) = try Self.startReportingExit(
            [server.baseURL.absoluteString + "users/1"], in: folder)
        defer { session.close() }
        await session.waitFor(#""username": "alovelace""#)
        await session.waitFor("loadRequests 0  isRequesting false")
        try session.keys("C-c")
        #expect(await waitUntil("hammock to exit") { !session.isRunning })
        #expect(await Self.exitStatus(statusFile) == "0")
    }

    @Test("m shows the status line, the redirect chain and the headers sent, with secrets masked")
    func responseHead() async throws {
        let server = try await SharedDemoServer.get()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-head")
        let base = server.baseURL.absoluteString
        let secret = "e2e-secret-\(UUID().uuidString.prefix(8))"
        let session = try Self.start(
            ["--header", "Authorization: Bearer \(secret)", base + "redirect/2"], in: folder)
        defer { session.close() }
        await session.waitFor("and ends with a newline.")
        try session.keys("m")
        let head = await session.waitFor("request headers sent")
        for line in [
            "latestData  response head", "HTTP/1.1 200 OK", "GET \(base)redirect/2",
            "↳ 302 from \(base)redirect/2 to \(base)redirect/1", "↳ 302 from \(base)redirect/1 to \(base)text",
            "final URL \(base)text", "Content-Type: text/plain", "User-Agent: hammock/", "Authorization: Bearer ••••••",
        ] {
            #expect(head.contains(line), "\(line) is missing:\n\(head)")
        }
        #expect(!head.contains(secret))
        try session.keys("m")
        await session.waitForAbsence(of: "request headers sent")
        await session.waitFor("and ends with a newline.")

        // The history file has the exchange, and not the secret.
        let history = folder.path("history.sqlite")
        #expect(
            await waitUntil("the history file to hold the exchange") {
                Self.bytes(ofDatabase: history).contains("/redirect/2")
            })
        #expect(!Self.bytes(ofDatabase: history).contains(secret))

        // The server received the same User-Agent.
        try session.keys("g")
        await session.waitFor("go to (URL")
        try session.type("/anything")
        try session.keys("Enter")
        await session.waitFor(#""user-agent": "hammock/"#)
    }

    @Test("I reads a curl command into a form that Ctrl-S sends as written")
    func curlImport() async throws {
        let server = try await SharedDemoServer.get()
        let folder = try TemporaryFolder(prefix: "hammock-e2e-curl")
        let path = SharedDemoServer.uniquePath("/anything/curl")
        let session = try Self.start([server.baseURL.absoluteString + "users/1"], in: folder)
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("I")
        await session.waitFor("curl command:")
        let url = server.baseURL.absoluteString + path.dropFirst()
        try session.type(
            #"curl -X POST '\#(url)' -H 'X-Trace: e2e' -H 'Content-Type: application/json' --data '{"from": "curl"}'"#)
        try session.keys("Enter")
        let form = await session.waitFor("request(.post, …)")
        #expect(form.contains("POST \(url)"), "\(form)")
        #expect(form.contains("X-Trace: e2e"), "\(form)")
        #expect(form.contains(#"{"from": "curl"}"#), "\(form)")
        #expect(server.requestCount(forPath: path) == 0)
        try session.keys("C-s")
        await session.waitFor("onSuccess 200")
        #expect(server.requestCount(forPath: path) == 1)
        try session.keys("C-r")
        let response = await session.waitFor(#""x-trace": "e2e""#)
        #expect(response.contains(#""method": "POST""#), "\(response)")
    }

    // MARK: running hammock in a temporary folder

    /// The environment of every run: state and configuration in `folder`.
    private static func environment(_ folder: TemporaryFolder) -> [String: String] {
        ["XDG_STATE_HOME": folder.path("state"), "XDG_CONFIG_HOME": folder.path("config")]
    }

    /// The options of every run: no entity cache, the history in `folder`.
    private static func isolation(_ folder: TemporaryFolder) -> [String] {
        ["--no-cache", "--history", folder.path("history.sqlite")]
    }

    /// Starts hammock with `arguments` in `folder`.
    private static func start(_ arguments: [String], in folder: TemporaryFolder) throws -> TmuxSession {
        try TmuxSession(
            arguments: isolation(folder) + arguments, environment: environment(folder), directory: folder.path)
    }

    /// Starts hammock through a shell that writes its exit status to the returned file.
    private static func startReportingExit(
        _ arguments: [String], in folder: TemporaryFolder
    ) throws -> (TmuxSession, String) {
        let statusFile = folder.path("exit-status")
        let command =
            ([TmuxSession.binaryPath] + isolation(folder) + arguments).map(TmuxSession.quote).joined(separator: " ")
            + "; echo $? > " + TmuxSession.quote(statusFile)
        let session = try TmuxSession(
            arguments: ["-c", command], environment: environment(folder), binary: "/bin/sh", directory: folder.path)
        return (session, statusFile)
    }

    /// The exit status the shell wrote, once it is there.
    private static func exitStatus(_ file: String) async -> String? {
        await waitUntil("the exit status to be written") {
            ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").hasSuffix("\n")
        }
        return (try? String(contentsOfFile: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The bytes of an SQLite database and its write-ahead log, as Latin-1 text to search.
    private static func bytes(ofDatabase path: String) -> String {
        [path, path + "-wal"].map { file in
            let data = FileManager.default.contents(atPath: file) ?? Data()
            return String(decoding: data.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
        }.joined()
    }
}
