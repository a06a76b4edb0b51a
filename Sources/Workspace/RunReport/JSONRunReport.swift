/// The JSON report of a run: everything the run knows, for scripts and dashboards.
///
/// The document, with keys always in this order (`?` marks a key that is left out when it has
/// no value; `null` values are written):
///
/// ```
/// {
///   "tool": "hammock",
///   "version": 1,                      the version of this document's layout
///   "startedAt": "2026-03-01T12:30:05.042Z",   UTC, ISO 8601 with milliseconds
///   "durationMs": 52,                  the whole run, whole milliseconds
///   "summary": {
///     "passed": 1, "failed": 1, "errors": 1, "skipped": 0,
///     "total": 3                       passed + failed + errors + skipped
///   },
///   "exitCode": 2,                     as `hammock run` exits (``RunResult/exitCode``)
///   "files": [
///     {
///       "path": "api/users.http",
///       "problem": "…",                ? why the file could not be read
///       "requests": [
///         {
///           "name": "Get Ada",
///           "file": "api/users.http",
///           "line": 7,                 null in a YAML request file
///           "method": "GET",
///           "url": "http://127.0.0.1:8080/users/1",
///           "status": 200,             null when there was no answer
///           "durationMs": 19,          the last try
///           "attempts": 1,
///           "outcome": "failed",       passed, failed, error or skipped
///           "ranAsDependency": false,
///           "error": "…",              ? why it could not be sent or completed
///           "assertions": [
///             { "source": "$.name == \"Ada\"", "passed": false, "expected": "== \"Ada\"",
///               "actual": "\"Bob\"", "path": "$['name']",   path null for the whole body
///               "differences": ["~ $['name']: \"Ada\" → \"Bob\""] }
///           ],
///           "captures": [ { "name": "id", "value": "1" } ],
///           "request": "GET http://127.0.0.1:8080/users/1 HTTP/1.1\n…",   as sent
///           "response": {
///             "headers": [["Content-Type", "application/json"]],   in order, repeats kept
///             "body": "{\"id\": 1, …}"   its first part for a large or binary body
///           }
///         }
///       ]
///     }
///   ]
/// }
/// ```
///
/// A file that could not be read has its `problem` and no requests, and counts as one error
/// in `summary` (so `summary.total` can be one more per broken file than the requests listed).
/// A request with no answer has `status` null and a `response` with no headers and an empty
/// body. Every value is masked already (``RunResult``).
///
/// The text is UTF-8 JSON (RFC 8259) indented two spaces; strings are escaped so that they
/// read back exactly, and control characters (C0, DEL, C1), U+2028, U+2029 and the
/// non-characters U+FFFE, U+FFFF are always written as `\u` escapes, never raw.
public enum JSONRunReport {
    /// The version of the document's layout written as `version`; it changes only when a key
    /// changes meaning or goes away (new keys may come without a change).
    public static let version = 1

    /// The report of `result` as JSON text, ending with a line feed.
    public static func render(_ result: RunResult) -> String {
        let counts = RunReportCounts(result)
        let document = JSONTextValue.object([
            ("tool", .string("hammock")),
            ("version", .integer(version)),
            ("startedAt", .string(RunReportText.isoTimestamp(result.startedAt))),
            ("durationMs", .integer(RunReportText.milliseconds(result.duration))),
            (
                "summary",
                .object([
                    ("passed", .integer(counts.passed)), ("failed", .integer(counts.failed)),
                    ("errors", .integer(counts.errors)), ("skipped", .integer(counts.skipped)),
                    ("total", .integer(counts.total)),
                ])
            ),
            ("exitCode", .integer(Int(result.exitCode))),
            ("files", .array(result.files.map(file))),
        ])
        return document.text(compactArrays: true)
    }

    private static func file(_ file: RunFileResult) -> JSONTextValue {
        var members: [(String, JSONTextValue)] = [("path", .string(file.path))]
        if let problem = file.problem { members.append(("problem", .string(problem))) }
        members.append(("requests", .array(file.requests.map(request))))
        return .object(members)
    }

    private static func request(_ request: RunRequestResult) -> JSONTextValue {
        var members: [(String, JSONTextValue)] = [
            ("name", .string(request.name)),
            ("file", .string(request.file)),
            ("line", .nullable(request.line)),
            ("method", .string(request.method)),
            ("url", .string(request.url)),
            ("status", .nullable(request.status)),
            ("durationMs", .integer(RunReportText.milliseconds(request.duration))),
            ("attempts", .integer(request.attempts)),
            ("outcome", .string(request.outcome.rawValue)),
            ("ranAsDependency", .bool(request.ranAsDependency)),
        ]
        if let error = request.error { members.append(("error", .string(error))) }
        members += [
            ("assertions", .array(request.assertions.map(assertion))),
            (
                "captures",
                .array(
                    request.captures.map { .object([("name", .string($0.name)), ("value", .string($0.shownValue))]) })
            ),
            ("request", .string(request.requestText)),
            (
                "response",
                .object([
                    (
                        "headers",
                        .array(request.responseHeaders.map { .array([.string($0.name), .string($0.value)]) })
                    ),
                    ("body", .string(request.responseBody)),
                ])
            ),
        ]
        return .object(members)
    }

    private static func assertion(_ assertion: AssertionOutcome) -> JSONTextValue {
        .object([
            ("source", .string(assertion.source)),
            ("passed", .bool(assertion.passed)),
            ("expected", .string(assertion.expected)),
            ("actual", .string(assertion.actual)),
            ("path", .nullable(assertion.path)),
            ("differences", .array(assertion.differences.map { .string($0) })),
        ])
    }
}
