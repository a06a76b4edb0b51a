import DemoAPI
import Foundation
import HTTPCore
import TestSupport
import Testing
import Workspace

@testable import BrowserRuntime

/// The runner's engine against the demo API on loopback: assertions, captures, chaining that
/// runs a dependency once, retries, failures that stop a file, and secrets masked.
@Suite("The run engine over real sockets")
struct RunEngineTests {
    static func item(
        _ name: String, _ method: String = "GET", _ url: String, body: String? = nil, kind: RequestBodyKind? = nil,
        headers: [HeaderField] = [], checks: RequestChecks = .none, file: String = "t.http", line: Int? = nil
    ) -> RunItem {
        RunItem(
            name: name, file: file, line: line,
            definition: RequestDefinition(method: method, url: url, headers: headers, body: body, bodyKind: kind),
            checks: checks, folder: FileManager.default.temporaryDirectory.path)
    }

    static func run(_ files: [RunFile], options: RunOptions = RunOptions()) async -> RunResult {
        let transport = HTTPTransport()
        let engine = RunEngine(transport: transport, options: options)
        let result = await engine.run(files)
        await transport.shutdown()
        return result
    }

    @Test("two header lines of one name go out as two lines, as the file has them")
    func repeatedHeaderLines() async throws {
        let server = try await SharedDemoServer.get()
        let base = server.baseURL.absoluteString.dropLast()
        let item = Self.item(
            "lines", "GET", "\(base)\(SharedDemoServer.uniquePath())",
            headers: [HeaderField(name: "X-Dup", value: "one"), HeaderField(name: "X-Dup", value: "two")],
            checks: RequestChecks(assertions: [#"$.headers['x-dup'] == "one, two""#]))
        let result = await Self.run([RunFile(path: "t.http", items: [item])])
        let request = try #require(result.requests.first)
        #expect(request.outcome == .passed, "\(request.failedAssertions.map(\.message))")
        #expect(request.requestText.contains("X-Dup: one\nX-Dup: two\n"), "\(request.requestText)")
    }

    @Test("assertions hold and fail as written; a failure names expected, actual and path")
    func assertions() async throws {
        let server = try await SharedDemoServer.get()
        let base = server.baseURL.absoluteString.dropLast()
        let path = SharedDemoServer.uniquePath()
        let passing = Self.item(
            "echo", "POST", "\(base)\(path)?q=1", body: #"{"a": 1}"#, kind: .json,
            checks: RequestChecks(assertions: [
                "status == 200", "$.method == POST", "$.query.q == \"1\"",
                "$.headers['content-type'] == application/json",
                "$.body == \"{\\\"a\\\": 1}\"", "duration < 10000",
            ]))
        let failing = Self.item(
            "wrong", "GET", "\(base)\(path)", checks: RequestChecks(assertions: ["status == 201", "$.method == POST"]))
        let result = await Self.run([RunFile(path: "t.http", items: [passing, failing])])
        let requests = result.requests
        #expect(requests.count == 2)
        #expect(requests[0].outcome == .passed, "\(requests[0].failedAssertions.map(\.message))")
        #expect(requests[1].outcome == .failed)
        #expect(
            requests[1].failedAssertions.map(\.message) == [
                "status == 201: expected == 201, actual 200 (at status)",
                "$.method == POST: expected == \"POST\", actual \"GET\" (at $['method'])",
            ])
        #expect(requests[1].requestText.hasPrefix("GET \(base)\(path)\n"))
        #expect(result.exitCode == RunExitCode.assertionFailed)
        #expect(server.requestCount(forPath: path) == 2)
    }

    @Test("a value captured by one request is used by the next; the dependency runs once for ten")
    func chainingRunsDependencyOnce() async throws {
        let server = try await SharedDemoServer.get()
        let base = server.baseURL.absoluteString.dropLast()
        let loginPath = SharedDemoServer.uniquePath()
        let usePath = SharedDemoServer.uniquePath()
        let login = Self.item(
            "login", "POST", "\(base)\(loginPath)", body: #"{"user": "ada"}"#, kind: .json,
            checks: RequestChecks(captures: [CaptureRule(name: "token", query: "$.bodyLength")]), file: "login.yaml")
        var users: [RunItem] = []
        for index in 0..<10 {
            users.append(
                Self.item(
                    "use \(index)", "GET", "\(base)\(usePath)?t={{token}}&h={{login.response.headers.Content-Type}}",
                    checks: RequestChecks(assertions: ["$.query.t == \"15\""]), file: "uses.http", line: index * 3 + 1))
        }
        // The users come first: the login runs first for them, once, and not again at its turn.
        let result = await Self.run(
            [RunFile(path: "uses.http", items: users), RunFile(path: "login.yaml", items: [login])])
        #expect(server.requestCount(forPath: loginPath) == 1)
        #expect(server.requestCount(forPath: usePath) == 10)
        #expect(result.requests.count == 11)
        #expect(result.requests[0].name == "login" && result.requests[0].ranAsDependency)
        #expect(result.requests.allSatisfy { $0.outcome == .passed }, "\(result.requests.map(\.outcome))")
        #expect(result.files[1].requests.isEmpty, "the login is reported where it ran")
        #expect(result.exitCode == RunExitCode.success)
    }

    @Test("ten files at once still share one dependency run")
    func concurrentDependency() async throws {
        let server = try await SharedDemoServer.get()
        let base = server.baseURL.absoluteString.dropLast()
        let loginPath = SharedDemoServer.uniquePath()
        let login = Self.item(
            "login", "POST", "\(base)\(loginPath)", body: "{}", kind: .json,
            checks: RequestChecks(captures: [CaptureRule(name: "sid", query: "$.bodyLength")]), file: "login.yaml")
        var files = [RunFile(path: "login.yaml", items: [login])]
        for index in 0..<10 {
            files.append(
                RunFile(
                    path: "f\(index).http",
                    items: [
                        Self.item(
                            "u\(index)", "GET", "\(base)\(SharedDemoServer.uniquePath())?s={{sid}}",
                            file: "f\(index).http")
                    ]))
        }
        var options = RunOptions()
        options.jobs = 8
        let result = await Self.run(Array(files.reversed()), options: options)
        #expect(server.requestCount(forPath: loginPath) == 1)
        #expect(result.requests.count == 11)
        #expect(result.exitCode == RunExitCode.success, "\(result.requests.compactMap(\.error))")
    }

    @Test("a value that is no longer fresh runs its request again")
    func staleDependency() async throws {
        let server = try await SharedDemoServer.get()
        let base = server.baseURL.absoluteString.dropLast()
        let loginPath = SharedDemoServer.uniquePath()
        let login = Self.item(
            "login", "GET", "\(base)\(loginPath)",
            checks: RequestChecks(captures: [CaptureRule(name: "p", query: "$.path")], freshFor: .milliseconds(1)),
            file: "login.yaml")
        var options = RunOptions()
        options.delay = .milliseconds(20)
        let uses = (0..<3).map { Self.item("u\($0)", "GET", "\(base)\(SharedDemoServer.uniquePath())?p={{p}}") }
        let result = await Self.run(
            [RunFile(path: "t.http", items: uses), RunFile(path: "l", items: [login])], options: options)
        // Each use finds the value stale (the pause outlasts it), and so does the login's own turn.
        #expect(server.requestCount(forPath: loginPath) == 4)
        #expect(result.requests.count == 7)
        #expect(result.exitCode == RunExitCode.success, "\(result.requests.compactMap(\.error))")
    }

    @Test("retry sends again until the assertions hold")
    func retry() async throws {
        let server = try await SharedDemoServer.get()
        let base = server.baseURL.absoluteString.dropLast()
        let key = UUID().uuidString
        let polling = Self.item(
            "poll", "GET", "\(base)/retry?key=\(key)&failures=2",
            checks: RequestChecks(
                assertions: ["status == 200"], retry: RetryRule(count: 5, interval: .milliseconds(10))))
        let result = await Self.run([RunFile(path: "t.http", items: [polling])])
        #expect(result.requests.first?.outcome == .passed)
        #expect(result.requests.first?.attempts == 3)
        let giveUp = Self.item(
            "poll", "GET", "\(base)/retry?key=\(UUID().uuidString)&failures=9",
            checks: RequestChecks(
                assertions: ["status == 200"], retry: RetryRule(count: 1, interval: .milliseconds(10))))
        let failed = await Self.run([RunFile(path: "t.http", items: [giveUp])])
        #expect(failed.requests.first?.outcome == .failed)
        #expect(failed.requests.first?.attempts == 2)
    }

    @Test("a failure skips the rest of its file unless told to go on; other files still run")
    func stopsFile() async throws {
        let server = try await SharedDemoServer.get()
        let base = server.baseURL.absoluteString.dropLast()
        let failing = Self.item("a", "GET", "\(base)/echo/x", checks: RequestChecks(assertions: ["status == 500"]))
        let next = Self.item("b", "GET", "\(base)/echo/y")
        let other = RunFile(path: "o.http", items: [Self.item("c", "GET", "\(base)/echo/z", file: "o.http")])
        let stopped = await Self.run([RunFile(path: "t.http", items: [failing, next]), other])
        #expect(stopped.requests.map(\.outcome) == [.failed, .skipped, .passed])
        var options = RunOptions()
        options.continueOnFailure = true
        let kept = await Self.run([RunFile(path: "t.http", items: [failing, next]), other], options: options)
        #expect(kept.requests.map(\.outcome) == [.failed, .passed, .passed])
    }

    @Test("a refused connection, a missing variable and a cycle are errors (exit 3)")
    func errors() async throws {
        let closed = try ClosedPort.make()
        let refused = Self.item("r", "GET", "http://127.0.0.1:\(closed)/x")
        let missing = Self.item("m", "GET", "http://127.0.0.1:\(closed)/{{nothing}}")
        let a = Self.item("a", "GET", "http://127.0.0.1:\(closed)/{{b.response.body.*}}")
        let b = Self.item("b", "GET", "http://127.0.0.1:\(closed)/{{a.response.body.*}}")
        var options = RunOptions()
        options.continueOnFailure = true
        let result = await Self.run([RunFile(path: "t.http", items: [refused, missing, a, b])], options: options)
        #expect(result.requests.count >= 3)
        #expect(result.requests[0].outcome == .error)
        #expect(result.requests[0].error?.contains("refused") == true, "\(result.requests[0].error ?? "")")
        #expect(result.requests[1].error?.contains("nothing (the URL)") == true, "\(result.requests[1].error ?? "")")
        #expect(
            result.requests.contains { $0.error?.contains("cycle") == true }, "\(result.requests.compactMap(\.error))")
        #expect(result.exitCode == RunExitCode.requestFailed)
    }

    @Test("secrets are masked in the request as sent, captures and failures")
    func secrets() async throws {
        let server = try await SharedDemoServer.get()
        let base = server.baseURL.absoluteString.dropLast()
        var options = RunOptions()
        options.variables = [EnvironmentVariable(name: "apiToken", value: "tok-very-secret")]
        let item = Self.item(
            "s", "POST", "\(base)\(SharedDemoServer.uniquePath())",
            body: #"{"password": "hunter2-long", "name": "ada"}"#, kind: .json,
            headers: [HeaderField(name: "Authorization", value: "Bearer {{apiToken}}")],
            checks: RequestChecks(
                captures: [CaptureRule(name: "sessionKey", query: "$.headers.authorization")],
                assertions: ["$.headers.authorization == nope", "$.body contains nothing"]))
        let result = await Self.run([RunFile(path: "t.http", items: [item])], options: options)
        let request = try #require(result.requests.first)
        let everything =
            [request.requestText, request.responseBody] + request.captures.map(\.shownValue)
            + request.failedAssertions.flatMap { [$0.actual, $0.expected, $0.message] }
        for text in everything {
            #expect(!text.contains("tok-very-secret"), "\(text)")
            #expect(!text.contains("hunter2-long"), "\(text)")
        }
        #expect(request.requestText.contains("\"name\": \"ada\""))
    }

    @Test("a request outside the files runs first when one of them needs its values, and never at a turn of its own")
    func othersRunOnlyWhenNeeded() async throws {
        let server = try await SharedDemoServer.get()
        let base = server.baseURL.absoluteString.dropLast()
        let loginPath = SharedDemoServer.uniquePath()
        let idlePath = SharedDemoServer.uniquePath()
        let login = Self.item(
            "login", "POST", "\(base)\(loginPath)", body: "{}", kind: .json,
            checks: RequestChecks(captures: [CaptureRule(name: "sid", query: "$.bodyLength")]), file: "login.yaml")
        let idle = Self.item("idle", "GET", "\(base)\(idlePath)", file: "idle.yaml")
        let use = Self.item("use", "GET", "\(base)\(SharedDemoServer.uniquePath())?s={{sid}}", file: "use.yaml")
        let engine = RunEngine(transport: HTTPTransport(), options: RunOptions())
        let result = await engine.run([RunFile(path: "use.yaml", items: [use])], library: [login, idle, use])
        #expect(result.requests.map(\.name) == ["login", "use"])
        #expect(result.requests.first?.ranAsDependency == true)
        #expect(result.exitCode == RunExitCode.success, "\(result.requests.compactMap(\.error))")
        #expect(server.requestCount(forPath: loginPath) == 1)
        #expect(server.requestCount(forPath: idlePath) == 0)
    }
}
