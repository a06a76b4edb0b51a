import Foundation
import Siesta
import TUICore
import TestSupport
import Testing
import Workspace

@testable import Browser
@testable import BrowserRuntime

/// Every layer drawn whole, text and style, at 80×24 and 150×45, against the golden files in
/// `Tests/Goldens/Browser/` (``GoldenScreen``).
@Suite("Golden screens of every layer")
struct GoldenScreenTests {
    /// Event clocks are local times: the files are written in UTC.
    private static let utc: Void = {
        setenv("TZ", "UTC", 1)
        tzset()
    }()

    static let usersURL = Fixtures.base + "users"
    static let sizes = [(80, 24), (150, 45)]

    /// The screens, by name: each a state with one layer (or the main view) on top.
    static let screens: [String] = [
        "main", "main-resources", "main-watch", "main-head", "help", "form", "form-outcome", "form-help",
        "response", "prompt-go", "picker-history", "picker-collection", "viewer-diff", "query", "confirm-delete",
        "confirm-question", "websocket", "websocket-typing", "prompt-pipe", "pipe-running", "pipe-output",
        "jsonpath", "jsonpath-error", "form-checks", "run-running", "run-results",
    ]

    @Test("each layer matches its golden screen", arguments: screens)
    func golden(_ name: String) throws {
        _ = Self.utc
        for (width, height) in Self.sizes {
            let state = try #require(Self.state(name, width: width, height: height))
            GoldenScreen.expect(
                BrowserView.render(state), matches: "\(name)-\(width)x\(height)", in: GoldenScreen.folder("Browser"))
        }
    }

    /// The body the main view shows: a list of users with nested values and a link.
    static func usersSnapshot() -> ResourceSnapshot {
        Fixtures.jsonSnapshot(
            usersURL,
            #"""
            [{"id": 1, "name": "Ada Lovelace", "email": "ada@example.com", "roles": ["admin", "author"],
              "profile": "/users/1/profile", "active": true, "score": 9.5, "note": null},
             {"id": 2, "name": "Grace Hopper", "email": "grace@example.com", "roles": ["author"],
              "profile": "/users/2/profile", "active": false, "score": 7.25, "note": "on leave"}]
            """#)
    }

    static func state(_ name: String, width: Int, height: Int) -> BrowserState? {
        var state = Fixtures.state(width: width, height: height, showing: usersSnapshot())
        _ = state.update(.requestHook(.onSuccess, url: usersURL, method: .get, status: 200, detail: "application/json"))
        switch name {
        case "main":
            break
        case "main-resources":
            _ = Fixtures.keys(&state, [.character("s")])
        case "main-watch":
            _ = state.update(.pin(path: "/users"))
        case "main-head":
            _ = Fixtures.keys(&state, [.character("m")])
        case "help":
            _ = Fixtures.keys(&state, [.character("?")])
        case "form", "form-outcome", "form-help", "response":
            _ = Fixtures.keys(&state, [.character("p")])
            _ = state.update(.paste("{\n  \"name\": \"Ada\",\n  \"email\": \"ada@example.com\"\n}"))
            guard name != "form" else { break }
            if name == "form-help" {
                _ = Fixtures.keys(&state, [.function(1)])
                break
            }
            _ = Fixtures.keys(&state, [.control("s")])
            let response = FormResponse(
                succeeded: true, method: .post, url: usersURL, status: 201,
                headers: ["content-type": "application/json", "location": "/users/3"],
                contentType: "application/json",
                body: .from(content: Data(#"{"id": 3, "name": "Ada"}"#.utf8), contentType: "application/json"))
            _ = state.update(
                .formFinished(.succeeded(status: 201, body: #"{"id": 3, "name": "Ada"}"#), response: response))
            if name == "response" { _ = Fixtures.keys(&state, [.control("r")]) }
        case "prompt-go":
            _ = Fixtures.keys(&state, [.character("g")])
        case "picker-history":
            _ = Fixtures.keys(&state, [.character("h")])
            let items = (1...3).reversed().map { number in
                PickerItem(
                    id: "\(number)", label: "#\(number) GET \(usersURL)",
                    detail: "200 OK · 412 B · \(number * 3) ms · \(number * 10)s ago")
            }
            _ = state.update(.workspace(.listed(.history, items, message: nil)))
        case "picker-collection", "confirm-question":
            _ = Fixtures.keys(&state, [.character("C")])
            let items = [
                PickerItem(id: "users", label: "users", isGroup: true),
                PickerItem(id: "users/list.yaml", label: "list users", detail: "GET /users", depth: 1),
                PickerItem(id: "users/create.yaml", label: "create a user", detail: "POST /users", depth: 1),
                PickerItem(id: "health.yaml", label: "health", detail: "GET /health"),
            ]
            _ = state.update(.workspace(.listed(.collection, items, message: nil)))
            if name == "confirm-question" { _ = Fixtures.keys(&state, [.down, .control("x")]) }
        case "viewer-diff":
            _ = state.update(
                .showViewer(
                    TextViewer(
                        title: "what changed · /users", note: "1 changed, 1 added",
                        text: "@@ $[0]\n~ $[0].name: \"Ada\" → \"Ada Lovelace\"\n+ $[1]: {\"id\": 2}\n  $[2]",
                        kind: .diff)))
        case "query":
            _ = Fixtures.keys(&state, [.character("g")])
            _ = Fixtures.keys(&state, [.control("u")])
            Fixtures.type(&state, "/users?page=2&sort=name")
            _ = Fixtures.keys(&state, [.enter])
            _ = state.update(.navigated(url: Fixtures.base + "users?page=2&sort=name"))
            _ = Fixtures.keys(&state, [.character("Q")])
        case "confirm-delete":
            _ = Fixtures.keys(&state, [.character("d")])
        case "websocket", "websocket-typing":
            _ = state.update(.openWebSocket(url: "ws://127.0.0.1:9/ws/echo"))
            _ = state.update(.webSocket(generation: 1, .opened))
            let messages = [
                WebSocketMessage(time: 8, direction: .sent, kind: .text, byteCount: 5, lines: ["hello"]),
                WebSocketMessage(time: 8.25, direction: .received, kind: .text, byteCount: 5, lines: ["hello"]),
                WebSocketMessage(
                    time: 9, direction: .received, kind: .text, byteCount: 14, lines: ["{", "  \"n\" : 1", "}"]),
            ]
            for message in messages { _ = state.update(.webSocket(generation: 1, .message(message))) }
            if name == "websocket-typing" {
                _ = Fixtures.keys(&state, [.character("i")])
                Fixtures.type(&state, "{\"n\": 2}")
            }
        case "prompt-pipe", "pipe-running", "pipe-output":
            _ = Fixtures.keys(&state, [.character("|")])
            Fixtures.type(&state, "jq '.[].name'")
            guard name != "prompt-pipe" else { break }
            _ = Fixtures.keys(&state, [.enter])
            _ = state.update(.pipeProgress(generation: state.pipeGeneration, bytes: 31))
            guard name == "pipe-output" else { break }
            _ = state.update(
                .pipeFinished(
                    generation: state.pipeGeneration,
                    PipeResult(
                        command: "jq '.[].name'", output: Data("\"Ada Lovelace\"\n\"Grace Hopper\"\n".utf8),
                        errorOutput: "", ending: .exited(0), seconds: 0.031)))
        case "jsonpath", "jsonpath-error":
            _ = Fixtures.keys(&state, [.character("$")])
            let expression = name == "jsonpath" ? "$[?@.active == true].roles[*]" : "$[?@.score >"
            if var pane = state.topLayer as? PathQuery {
                pane.editor.setText(expression)
                state.layers[state.layers.count - 1] = pane
            }
            for command in state.update(.paste("")) {
                guard case .runPathQuery(let text, let document, let generation) = command,
                    var update = PathQueryRunner.evaluate(text, over: document, progress: { _ in })
                else { continue }
                // The time a query takes differs from run to run.
                if case .finished(var result) = update {
                    result.seconds = 0.0021
                    update = .finished(result)
                }
                _ = state.update(.pathQuery(generation: generation, update))
            }
        case "form-checks":
            var form = RequestForm(
                definition: RequestDefinition(method: "POST", url: usersURL, body: "{}", bodyKind: .json))
            form.fillChecks(
                RequestChecks(
                    captures: [CaptureRule(name: "id", query: "$.id")],
                    assertions: ["status == 201", "$.name == \"Ada\"", "header Location exists"],
                    retry: RetryRule(count: 3, interval: .milliseconds(500))))
            form.savedRequest = ("users/create.yaml", "create a user")
            state.open(form)
            _ = Fixtures.keys(&state, [.function(3)])
            _ = state.update(.paste("\n$.id =< 3"))
        case "run-running", "run-results":
            runResults(&state, finished: name == "run-results")
        default:
            return nil
        }
        return state
    }

    /// A run of `users/` from the saved requests list: a login from elsewhere ran first, one
    /// request passed, one is being sent, one waits; finished, one failed, one could not be sent
    /// and one was skipped.
    static func runResults(_ state: inout BrowserState, finished: Bool) {
        state.open(Picker(purpose: .collection, items: [], isLoading: false))
        state.open(state.startRun(.folder("users")).0)
        let generation = state.runGeneration
        func row(_ name: String, _ method: String, folder: String = "users") -> RunResultRow {
            let file = "/work/.hammock/\(folder)/\(name).yaml"
            return RunResultRow(
                key: RunResultRow.key(file: file, line: nil, name: name), name: name, file: file, method: method)
        }
        func result(
            _ name: String, _ method: String, _ outcome: RunOutcome, status: Int?, milliseconds: Int,
            folder: String = "users", assertions: [AssertionOutcome] = [], error: String? = nil
        ) -> RunRequestResult {
            RunRequestResult(
                name: name, file: "/work/.hammock/\(folder)/\(name).yaml", method: method,
                url: Fixtures.base + (folder == "auth" ? "token" : "users"), status: status,
                duration: .milliseconds(milliseconds), assertions: assertions, error: error,
                ranAsDependency: folder == "auth", outcome: outcome)
        }
        _ = state.update(
            .run(
                generation: generation,
                .planned(
                    [
                        row("list users", "GET"), row("create a user", "POST"), row("remove a user", "DELETE"),
                        row("user 9", "GET"),
                    ],
                    problems: ["/work/.hammock/users/broken.yaml:3:7: expected a mapping"], environment: "dev")))
        var login = row("login", "POST", folder: "auth")
        login.ranFirst = true
        _ = state.update(.run(generation: generation, .started(login, attempt: 1)))
        _ = state.update(
            .run(
                generation: generation,
                .finished(result("login", "POST", .passed, status: 200, milliseconds: 8, folder: "auth"))))
        _ = state.update(
            .run(
                generation: generation, .ranFirst(request: "login", placeholders: ["{{token}}"], neededBy: "list users")
            ))
        _ = state.update(.run(generation: generation, .started(row("list users", "GET"), attempt: 1)))
        _ = state.update(
            .run(
                generation: generation,
                .finished(
                    result(
                        "list users", "GET", .passed, status: 200, milliseconds: 14,
                        assertions: [
                            AssertionOutcome(source: "status == 200", passed: true, expected: "== 200", actual: "200")
                        ]))))
        _ = state.update(.run(generation: generation, .started(row("create a user", "POST"), attempt: 2)))
        // The "running" scenario stops here; the "over" one goes on to the end.
        if finished {
            let failure = AssertionOutcome(
                source: "$.name == \"Ada\"", passed: false, expected: "== \"Ada\"", actual: "\"Bob\"", path: "$['name']"
            )
            _ = state.update(
                .run(
                    generation: generation,
                    .finished(
                        result("create a user", "POST", .failed, status: 201, milliseconds: 1250, assertions: [failure])
                    )))
            _ = state.update(
                .run(
                    generation: generation,
                    .finished(
                        result(
                            "remove a user", "DELETE", .error, status: nil, milliseconds: 0,
                            error: "2 variables have no value: id (the URL), etag (header If-Match)"))))
            _ = state.update(
                .run(
                    generation: generation,
                    .finished(
                        result(
                            "user 9", "GET", .skipped, status: nil, milliseconds: 0,
                            error: "skipped after an earlier request of the file failed (see --continue-on-failure)"))))
            _ = state.update(
                .run(
                    generation: generation,
                    .ended(RunResult(startedAt: Date(), duration: .milliseconds(1312), files: []), cancelled: false)))
        }
    }
}
