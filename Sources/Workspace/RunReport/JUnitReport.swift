import Foundation

/// The JUnit XML report of a run, as Jenkins, GitLab and GitHub's test reporters read it.
///
/// One `<testsuites name="hammock run">` holds one `<testsuite>` per file, named by its path, and
/// one `<testcase>` per request:
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="hammock run" tests="2" failures="1" errors="0" skipped="0" time="0.052"
///     timestamp="2026-03-01T12:30:05">
///   <testsuite name="api/users.http" tests="2" failures="1" errors="0" skipped="0" time="0.031"
///       timestamp="2026-03-01T12:30:05" hostname="ci-7" id="0" file="api/users.http">
///     <testcase name="List users" classname="api/users.http" time="0.012"
///         file="api/users.http" line="1" assertions="1">
///       <system-out>Request as sent: … Response: HTTP 200 …</system-out>
///     </testcase>
///     <testcase name="Get Ada" classname="api/users.http" time="0.019" file="api/users.http" line="7"
///         assertions="2">
///       <failure message="$.name == &quot;Ada&quot;: expected …" type="assertion">…</failure>
///       <system-out>…</system-out>
///     </testcase>
///   </testsuite>
/// </testsuites>
/// ```
///
/// - A request whose assertions did not all hold has a `<failure type="assertion">`: its message
///   is the failed assertion (or how many failed, and the first), its text lists every failed
///   assertion with what was expected, what the answer had, where, and the differences, then the
///   request as sent.
/// - A request that could not be sent or completed has an `<error type="request">` with the
///   sentence saying why.
/// - A request not run has `<skipped message="…"/>`.
/// - `<system-out>` holds the request as sent and the answer: status, headers and the start of
///   the body (at most 4096 characters, `…` when cut).
/// - A file that could not be read still has its `<testsuite>`, with one `<testcase>` named by
///   the path in `<error type="file">` saying why, so it counts as a test in error.
///
/// Times are seconds with three decimals. Timestamps are the run's start in UTC, ISO 8601 to the
/// second without a zone designator (the form the JUnit schemas' pattern allows); every suite
/// carries the run's start, as the files' own starts are not kept. `line` is left out for a
/// request whose line is not known (a YAML request file).
///
/// Text is escaped for XML 1.0 (`&`, `<`, `>`, `"` and `'` as entity references, tab and
/// carriage return as `&#9;` and `&#13;`, and in attributes line feed as `&#10;`), so the result
/// always parses and reads back as the run's text. Characters
/// XML cannot carry (C0 controls other than tab, line feed and carriage return, U+FFFE, U+FFFF),
/// and DEL and the C1 controls, are shown as `\u{1B}`-style text; that is the one place the
/// report's text differs from the run's. The values are masked already (``RunResult``); nothing
/// here unmasks or masks anything.
public enum JUnitReport {
    /// The report of `result` as XML text, ending with a line feed. `hostname` is written on
    /// every `<testsuite>` (pass the machine's name; the report itself reads nothing from the
    /// system).
    public static func render(_ result: RunResult, hostname: String = "localhost") -> String {
        let counts = RunReportCounts(result)
        let timestamp = RunReportText.junitTimestamp(result.startedAt)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += "<testsuites"
        xml += attributes([
            ("name", "hammock run"), ("tests", String(counts.total)), ("failures", String(counts.failed)),
            ("errors", String(counts.errors)), ("skipped", String(counts.skipped)),
            ("time", RunReportText.seconds(result.duration)), ("timestamp", timestamp),
        ])
        guard !result.files.isEmpty else { return xml + "/>\n" }
        xml += ">\n"
        for (index, file) in result.files.enumerated() {
            xml += suite(file, id: index, timestamp: timestamp, hostname: hostname)
        }
        return xml + "</testsuites>\n"
    }

    private static func suite(_ file: RunFileResult, id: Int, timestamp: String, hostname: String) -> String {
        let counts = RunReportCounts(file)
        var xml = "  <testsuite"
        xml += attributes([
            ("name", file.path), ("tests", String(counts.total)), ("failures", String(counts.failed)),
            ("errors", String(counts.errors)), ("skipped", String(counts.skipped)),
            ("time", RunReportText.seconds(file.duration)), ("timestamp", timestamp), ("hostname", hostname),
            ("id", String(id)), ("file", file.path),
        ])
        guard counts.total > 0 else { return xml + "/>\n" }
        xml += ">\n"
        for request in file.requests { xml += testCase(request) }
        if let problem = file.problem { xml += brokenFileCase(file.path, problem: problem) }
        return xml + "  </testsuite>\n"
    }

    private static func testCase(_ request: RunRequestResult) -> String {
        var fields = [
            ("name", RunReportText.testName(request)), ("classname", request.file),
            ("time", RunReportText.seconds(request.duration)), ("file", request.file),
        ]
        if let line = request.line { fields.append(("line", String(line))) }
        fields.append(("assertions", String(request.assertions.count)))
        var xml = "    <testcase" + attributes(fields) + ">\n"
        switch request.outcome {
        case .passed:
            break
        case .failed:
            let details = joined([RunReportText.failedAssertionsText(request), requestBlock(request)])
            xml += element(
                "failure", [("message", RunReportText.failureMessage(request)), ("type", "assertion")], details)
        case .error:
            let message = RunReportText.errorMessage(request)
            xml += element("error", [("message", message), ("type", "request")], message + "\n")
        case .skipped:
            xml += "      <skipped" + attributes([("message", RunReportText.skipReason(request))]) + "/>\n"
        }
        let output = joined([requestBlock(request), responseBlock(request)])
        if !output.isEmpty { xml += element("system-out", [], output) }
        return xml + "    </testcase>\n"
    }

    private static func brokenFileCase(_ path: String, problem: String) -> String {
        var fields = [("name", path), ("classname", path), ("time", "0.000"), ("file", path)]
        if let line = RunReportText.problemLine(problem, in: path) { fields.append(("line", String(line))) }
        var xml = "    <testcase" + attributes(fields) + ">\n"
        xml += element("error", [("message", problem), ("type", "file")], problem + "\n")
        return xml + "    </testcase>\n"
    }

    private static func requestBlock(_ request: RunRequestResult) -> String {
        let text = RunReportText.requestText(request)
        return text.isEmpty ? "" : "Request as sent:\n" + text
    }

    private static func responseBlock(_ request: RunRequestResult) -> String {
        let text = RunReportText.responseText(request)
        return text.isEmpty ? "" : "Response:\n" + text
    }

    /// The non-empty blocks, a blank line between two.
    private static func joined(_ blocks: [String]) -> String {
        blocks.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private static func element(_ name: String, _ fields: [(String, String)], _ text: String) -> String {
        "      <\(name)" + attributes(fields) + ">" + XMLText.content(text) + "</\(name)>\n"
    }

    private static func attributes(_ fields: [(String, String)]) -> String {
        fields.map { " \($0.0)=\"\(XMLText.attribute($0.1))\"" }.joined()
    }
}
