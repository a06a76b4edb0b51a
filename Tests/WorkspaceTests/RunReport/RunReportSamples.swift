import Foundation
import Workspace

/// Run results built by hand for the report tests: every outcome, a broken file, hostile names
/// and an empty run.
enum RunReportSamples {
    /// 2026-03-01T12:30:05.042Z.
    static let start = Date(timeIntervalSince1970: 1_772_368_205.042)

    /// Text with everything a report must escape: XML's five, TAP's `#` and `\`, control
    /// characters (NUL, BEL, ESC, DEL, a C1 CSI, U+FFFE), a tab, line breaks, and emoji.
    static let hostileText = "a<b>&\"c\" 'd' #1 \\ \u{0}\u{7}\u{1B}[31mred\u{7F}\u{9B}\u{FFFE}\ttab\r\nnext 👩‍👩‍👧‍👦 ❤️"

    /// What a hostile text reads as in a report: the controls shown as `\u{…}` text, tab and line
    /// breaks kept.
    static let hostileShown =
        "a<b>&\"c\" 'd' #1 \\ \\u{0}\\u{7}\\u{1B}[31mred\\u{7F}\\u{9B}\\u{FFFE}\ttab\r\nnext 👩‍👩‍👧‍👦 ❤️"

    /// A request whose two assertions held.
    static let passed = RunRequestResult(
        name: "List users", file: "api/users.http", line: 1, method: "GET", url: "http://127.0.0.1:8080/users",
        requestText: "GET http://127.0.0.1:8080/users HTTP/1.1\nAccept: application/json\n", status: 200,
        responseHeaders: [
            HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "Set-Cookie", value: "a=1"),
            HeaderField(name: "Set-Cookie", value: "b=2"),
        ],
        responseBody: #"[{"id": 1, "name": "Ada"}]"#, duration: .milliseconds(12), attempts: 1,
        assertions: [
            AssertionOutcome(source: "status == 200", passed: true, expected: "== 200", actual: "200", path: "status"),
            AssertionOutcome(
                source: "$[0].id exists", passed: true, expected: "a value at $[0].id", actual: "1", path: "$[0]['id']"),
        ],
        captures: [CapturedValue(name: "firstId", shownValue: "1")], outcome: .passed)

    /// A request answered with two assertions that did not hold, one with differences.
    static let failed = RunRequestResult(
        name: "Get Ada", file: "api/users.http", line: 7, method: "GET", url: "http://127.0.0.1:8080/users/1",
        requestText: "GET http://127.0.0.1:8080/users/1 HTTP/1.1\nAuthorization: Bearer ••••••\n", status: 200,
        responseHeaders: [HeaderField(name: "Content-Type", value: "application/json")],
        responseBody: "{\"id\": 1, \"name\": \"Bob\"}\n", duration: .microseconds(19_400), attempts: 2,
        assertions: [
            AssertionOutcome(source: "status == 200", passed: true, expected: "== 200", actual: "200", path: "status"),
            AssertionOutcome(
                source: #"$.name == "Ada""#, passed: false, expected: #"== "Ada""#, actual: #""Bob""#, path: "$['name']"
            ),
            AssertionOutcome(
                source: "body == file users/ada.json", passed: false, expected: "the body of users/ada.json",
                actual: "a body with 2 differences",
                differences: [#"~ $['name']: "Ada" → "Bob""#, "- $['email']: \"ada@example.org\""]),
        ],
        outcome: .failed)

    /// A request that could not be sent.
    static let error = RunRequestResult(
        name: "Health", file: "api/users.http", line: 12, method: "GET", url: "http://127.0.0.1:9/health",
        requestText: "GET http://127.0.0.1:9/health HTTP/1.1\n", duration: .milliseconds(3), attempts: 3,
        error: "Could not connect to 127.0.0.1:9: connection refused.", outcome: .error)

    /// A request not run.
    static let skipped = RunRequestResult(
        name: "Delete Ada", file: "api/users.http", line: 15, method: "DELETE", url: "http://127.0.0.1:8080/users/1",
        outcome: .skipped)

    /// A failed request from a YAML file (no line), with hostile text everywhere a name, a value
    /// or a body goes, that ran as a dependency.
    static let hostile = RunRequestResult(
        name: hostileText, file: "api/hostile <&>.yaml", method: "POST",
        url: "http://127.0.0.1:8080/echo?q=%1B#frag", requestText: "POST /echo HTTP/1.1\n\n" + hostileText,
        status: 418, responseHeaders: [HeaderField(name: "X-Evil", value: hostileText)], responseBody: hostileText,
        duration: .milliseconds(1), attempts: 1,
        assertions: [
            AssertionOutcome(
                source: hostileText, passed: false, expected: hostileText, actual: hostileText, path: hostileText,
                differences: [hostileText, "...", "---"])
        ],
        captures: [CapturedValue(name: "evil", shownValue: hostileText)], ranAsDependency: true, outcome: .failed)

    /// A file that could not be read.
    static let brokenFile = RunFileResult(
        path: "api/broken.http", problem: "api/broken.http:3:1: a request line needs a method and a URL.")

    /// A run with every outcome, a broken file and a hostile request: 5 requests and 1 broken
    /// file, so 6 tests: 1 passed, 2 failed, 2 errors (one the broken file), 1 skipped.
    static let mixed = RunResult(
        startedAt: start, duration: .milliseconds(52),
        files: [
            RunFileResult(path: "api/users.http", requests: [passed, failed, error, skipped]),
            brokenFile,
            RunFileResult(path: "api/hostile <&>.yaml", requests: [hostile]),
        ])

    /// A run where everything passed.
    static let allPassed = RunResult(
        startedAt: start, duration: .milliseconds(20),
        files: [RunFileResult(path: "api/users.http", requests: [passed, passed])])

    /// A run of no files.
    static let empty = RunResult(startedAt: start, duration: .zero, files: [])

    /// A run whose one file could not be read.
    static let onlyBroken = RunResult(startedAt: start, duration: .milliseconds(1), files: [brokenFile])
}
