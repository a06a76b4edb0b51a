import Foundation
import Testing

@testable import Workspace

/// Assertions hold or fail as written against an answer, and failures say expected, actual and
/// where.
@Suite("Assertions checked against an answer")
struct RunCheckerTests {
    static let body = """
        {"id": 7, "name": "Ada", "price": 9.5, "tags": ["a", "b"], "empty": [], "nested": {"x": 1, "y": [1, 2]},
         "items": [{"id": 1, "price": 5}, {"id": 2, "price": 12}, {"id": 3, "price": 8}], "none": null, "big": 1e2}
        """

    static func response(
        _ body: String = body, status: Int = 200,
        headers: [HeaderField] = [
            HeaderField(name: "Content-Type", value: "application/json; charset=utf-8"),
            HeaderField(name: "Set-Cookie", value: "session=abc123; Path=/; HttpOnly"),
            HeaderField(name: "X-Count", value: "42"),
            HeaderField(name: "Authorization", value: "Bearer secret-token"),
        ]
    ) -> RunResponse {
        RunResponse(
            status: status, headers: headers, body: Data(body.utf8), duration: .milliseconds(120),
            url: "http://127.0.0.1/items")
    }

    func outcome(_ line: String, _ response: RunResponse = response(), context: RunCheckContext = RunCheckContext())
        throws -> AssertionOutcome
    {
        RunChecker.check(try RunAssertion.parse(line), in: response, context: context)
    }

    @Test(
        "lines that hold",
        arguments: [
            "status == 200", "status < 300", "status != 404", "header content-type startsWith application/json",
            "header Content-Type contains \"json\"", "header X-Count == 42", "header X-Count > 40",
            "header X-Missing not exists", "cookie session == abc123", "$.id == 7", "$.id == 7.0", "$.big == 100",
            "$.name == \"Ada\"", "$.name == Ada", "$.name startsWith A", "$.name endsWith da",
            "$.name matches \"^A.a$\"",
            "$.price > 9", "$.price <= 9.5", "$.tags == [\"a\", \"b\"]", "$.tags contains \"b\"", "$.tags count == 2",
            "$.nested == {\"y\": [1, 2], \"x\": 1}", "$.nested count == 2", "$.empty isEmpty", "$.empty count == 0",
            "$.none == null", "$.none exists", "$.nothing not exists", "$.items[*].id == [1, 2, 3]",
            "$.items[?@.price < 10] count == 2", "$.items[?@.price > 100] isEmpty", "$.id type == integer",
            "$.id type == number", "$.price type == number", "$.tags type == array", "$.name length == 3",
            "duration < 1000", "body contains \"Ada\"", "regex \"\\\"id\\\": (\\\\d+)\" == 7", "url endsWith /items",
            "$.items[0] == {\"price\": 5, \"id\": 1}",
        ])
    func holds(line: String) throws {
        let result = try outcome(line)
        #expect(result.passed, "\(result.message)")
    }

    @Test(
        "lines that fail",
        arguments: [
            "status == 201", "$.id == 8", "$.name == \"Bob\"", "$.tags count == 3", "$.nothing exists",
            "$.id exists 2x",
            "$.price type == integer", "$.tags contains \"c\"", "$.name == 3", "header X-Missing exists",
            "$.nothing == 1", "$.items[*].id == [1, 2]",
        ])
    func fails(line: String) throws {
        guard let assertion = try? RunAssertion.parse(line) else {
            #expect(line == "$.id exists 2x", "only that line is refused when read")
            return
        }
        let result = RunChecker.check(assertion, in: Self.response(), context: RunCheckContext())
        #expect(!result.passed, "\(result.message)")
    }

    @Test("a failure says expected, actual and the path")
    func failureMessage() throws {
        let result = try outcome("$.items count == 2")
        #expect(!result.passed)
        #expect(result.expected == "== 2")
        #expect(result.actual == "3")
        #expect(result.path == "$['items']")
        #expect(result.message == "$.items count == 2: expected == 2, actual 3 (at $['items'])")
        let missing = try outcome("$.user.id == 1")
        #expect(missing.actual == "nothing")
        #expect(missing.path == "$.user.id")
    }

    @Test("a secret header's value never shows in a failure")
    func secretHeader() throws {
        let result = try outcome("header Authorization == nope")
        #expect(!result.passed)
        #expect(!result.actual.contains("secret-token"), "\(result.actual)")
    }

    @Test("expected values are filled from variables; a quoted one stays one string")
    func variables() throws {
        let values = ["id": "7", "name": "Ada", "quote": "a\"b"]
        let context = RunCheckContext(fill: { text in
            try VariableResolver(variables: values).resolve(text, in: .body)
        })
        #expect(try outcome("$.id == {{id}}", context: context).passed)
        #expect(try outcome("$.name == \"{{name}}\"", context: context).passed)
        let quoted = try outcome("$.name == \"{{quote}}\"", context: context)
        #expect(!quoted.passed && quoted.expected == "== \"a\\\"b\"", "\(quoted.expected)")
        let missing = try outcome("$.id == {{unknown}}", context: context)
        #expect(!missing.passed)
        #expect(missing.actual.contains("unknown"), "\(missing.actual)")
    }

    @Test("the body against a file: as JSON when both are JSON, with the differences by path")
    func bodyFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("run-checker-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let same = #"{"b": [1, 2], "a": "x"}"#
        try Data(#"{"a": "x", "b": [1, 2]}"#.utf8).write(to: folder.appendingPathComponent("same.json"))
        try Data(#"{"a": "y", "b": [1, 2, 3]}"#.utf8).write(to: folder.appendingPathComponent("other.json"))
        try Data("plain text\n".utf8).write(to: folder.appendingPathComponent("text.txt"))
        let context = RunCheckContext(readFile: { try Data(contentsOf: folder.appendingPathComponent($0)) })
        #expect(try outcome("body == file same.json", Self.response(same), context: context).passed)
        let different = try outcome("body == file \"other.json\"", Self.response(same), context: context)
        #expect(!different.passed)
        #expect(different.differences.count == 2, "\(different.differences)")
        #expect(
            different.differences.contains { $0.contains("$.a") || $0.contains("['a']") }, "\(different.differences)")
        #expect(try outcome("body == file text.txt", Self.response("plain text\n"), context: context).passed)
        let absent = try outcome("body == file gone.json", Self.response(same), context: context)
        #expect(!absent.passed && absent.actual.hasPrefix("no comparison"), "\(absent.actual)")
    }

    @Test("schema against a JSON Schema file")
    func schemaFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("run-schema-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = #"{"type": "object", "required": ["id", "name"], "properties": {"id": {"type": "string"}}}"#
        try Data(schema.utf8).write(to: folder.appendingPathComponent("s.json"))
        let context = RunCheckContext(readFile: { try Data(contentsOf: folder.appendingPathComponent($0)) })
        let wrong = try outcome("schema s.json", context: context)
        #expect(!wrong.passed)
        #expect(wrong.differences.first?.contains("/id") == true, "\(wrong.differences)")
        let right = try outcome("schema s.json", Self.response(#"{"id": "7", "name": "Ada"}"#), context: context)
        #expect(right.passed, "\(right.message)")
        let none = try outcome("schema")
        #expect(!none.passed && none.actual.contains("--openapi"))
    }

    @Test("captures take text, numbers and JSON as sent, and name what is missing")
    func captures() throws {
        let response = Self.response()
        #expect(try RunChecker.capture(.jsonPath("$.name"), from: response) == "Ada")
        #expect(try RunChecker.capture(.jsonPath("$.price"), from: response) == "9.5")
        #expect(try RunChecker.capture(.jsonPath("$.tags"), from: response) == #"["a", "b"]"#)
        #expect(try RunChecker.capture(.header("x-count"), from: response) == "42")
        #expect(try RunChecker.capture(.cookie("session"), from: response) == "abc123")
        #expect(try RunChecker.capture(.status, from: response) == "200")
        #expect(try RunChecker.capture(.regex("\"name\": \"(\\w+)\""), from: response) == "Ada")
        #expect(throws: RunCaptureError(reason: "nothing at $.token")) {
            try RunChecker.capture(.jsonPath("$.token"), from: response)
        }
        #expect(throws: RunCaptureError(reason: "the answer has no header ETag")) {
            try RunChecker.capture(.header("ETag"), from: response)
        }
    }
}
