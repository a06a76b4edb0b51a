/// The TAP version 14 report of a run: one test point per request, in file order, and one per
/// file that could not be read.
///
/// ```
/// TAP version 14
/// 1..4
/// ok 1 - api/users.http: List users
/// not ok 2 - api/users.http: Get Ada
///   ---
///   message: "$.name == \"Ada\": expected == \"Ada\", actual \"Bob\" (at $['name'])"
///   severity: fail
///   at: api/users.http:7
///   method: GET
///   url: http://127.0.0.1:8080/users/1
///   status: 200
///   expected: == "Ada"
///   actual: "\"Bob\""
///   assertions:
///     - source: "$.name == \"Ada\""
///       …
///   request: |
///     GET http://127.0.0.1:8080/users/1 HTTP/1.1
///   ...
/// ok 3 - api/users.http: Delete Ada # SKIP Not run: an earlier request of the file failed.
/// not ok 4 - api/broken.http
///   ---
///   message: "api/broken.http:3:1: …"
///   severity: error
///   at: api/broken.http:3
///   ...
/// ```
///
/// The plan comes first and counts every test point; a run with nothing to report is
/// `1..0 # no requests were run`. A description is the file and the request's name
/// (`file: name`, or the file alone when the name is the file's); it stays on one line: line
/// breaks and tabs become spaces, other control characters are shown as `\u{1B}`-style text,
/// and `\` and `#` are escaped as `\\` and `\#`, so no name can end the description or start a
/// directive. A skipped request is `ok … # SKIP reason`.
///
/// A request that failed or could not be sent, and a file that could not be read, are followed
/// by a YAML block indented two spaces: `message`, `severity` (`fail` or `error`), `at`
/// (`file:line`, or the file when the line is not known), then `method`, `url`, `status`, the
/// first failed assertion's `expected` and `actual`, every failed assertion under `assertions`
/// (`source`, `expected`, `actual`, `path`, `differences`), the `request` as sent and the
/// `response` (status, headers, the start of the body). Strings are plain, double-quoted with
/// escapes, or literal blocks, always reading back as the same text; no raw control character
/// is written.
public enum TAPReport {
    /// The report of `result` as TAP text, ending with a line feed.
    public static func render(_ result: RunResult) -> String {
        let total = RunReportCounts(result).total
        var tap = "TAP version 14\n"
        guard total > 0 else { return tap + "1..0 # no requests were run\n" }
        tap += "1..\(total)\n"
        var number = 0
        for file in result.files {
            for request in file.requests {
                number += 1
                tap += testPoint(request, number: number)
            }
            if let problem = file.problem {
                number += 1
                tap += "not ok \(number) - \(description(file.path))\n"
                let at = RunReportText.problemLine(problem, in: file.path).map { "\(file.path):\($0)" } ?? file.path
                tap += block([
                    scalar("message", problem), scalar("severity", "error"), scalar("at", at),
                ])
            }
        }
        return tap
    }

    private static func testPoint(_ request: RunRequestResult, number: Int) -> String {
        let name = RunReportText.testName(request)
        let text = description(name == request.file ? name : "\(request.file): \(name)")
        switch request.outcome {
        case .passed:
            return "ok \(number) - \(text)\n"
        case .skipped:
            return "ok \(number) - \(text) # SKIP \(oneLine(RunReportText.skipReason(request)))\n"
        case .failed:
            var lines = [
                scalar("message", RunReportText.failureMessage(request)), scalar("severity", "fail"),
                scalar("at", RunReportText.location(request)),
            ]
            lines += exchangeHead(request)
            let failed = request.failedAssertions
            if let first = failed.first {
                lines += [scalar("expected", first.expected), scalar("actual", first.actual)]
            }
            if !failed.isEmpty {
                lines.append(["assertions:"])
                for assertion in failed { lines.append(assertionItem(assertion)) }
            }
            lines += exchangeBody(request)
            return "not ok \(number) - \(text)\n" + block(lines)
        case .error:
            var lines = [
                scalar("message", RunReportText.errorMessage(request)), scalar("severity", "error"),
                scalar("at", RunReportText.location(request)),
            ]
            lines += exchangeHead(request)
            lines += exchangeBody(request)
            return "not ok \(number) - \(text)\n" + block(lines)
        }
    }

    private static func exchangeHead(_ request: RunRequestResult) -> [[String]] {
        var lines = [scalar("method", request.method), scalar("url", request.url)]
        if let status = request.status { lines.append(["status: \(status)"]) }
        return lines
    }

    private static func exchangeBody(_ request: RunRequestResult) -> [[String]] {
        var lines: [[String]] = []
        let sent = RunReportText.requestText(request)
        if !sent.isEmpty { lines.append(scalar("request", sent)) }
        let answer = RunReportText.responseText(request)
        if !answer.isEmpty { lines.append(scalar("response", answer)) }
        return lines
    }

    /// One failed assertion as an item of the `assertions` sequence.
    private static func assertionItem(_ assertion: AssertionOutcome) -> [String] {
        var lines = ["  - source: " + value(assertion.source, indent: 4)]
        lines += scalar("expected", assertion.expected, indent: 4)
        lines += scalar("actual", assertion.actual, indent: 4)
        if let path = assertion.path { lines += scalar("path", path, indent: 4) }
        if !assertion.differences.isEmpty {
            lines.append("    differences:")
            for difference in assertion.differences {
                lines.append("      - " + YAMLScalar.inline(difference))
            }
        }
        return lines
    }

    /// `key: value` at `indent` spaces, as one or more lines.
    private static func scalar(_ key: String, _ text: String, indent: Int = 0) -> [String] {
        let line = String(repeating: " ", count: indent) + key + ": " + value(text, indent: indent)
        return line.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// `text` as a YAML value after `key: ` at `indent`: a literal block for multi-line text a
    /// block can hold, unless it has a tab (written escaped instead, so the report has no raw
    /// control character but line feeds) or a line of it could be read as the end of the TAP
    /// block (`...`, `---`); otherwise a scalar on the line.
    private static func value(_ text: String, indent: Int) -> String {
        guard !text.contains("\t") else { return YAMLScalar.inline(text) }
        let looksLikeMarker = text.split(separator: "\n").contains {
            let trimmed = $0.drop { $0 == " " || $0 == "\t" }
            return trimmed.hasPrefix("...") || trimmed.hasPrefix("---")
        }
        return looksLikeMarker ? YAMLScalar.inline(text) : YAMLScalar.block(text, indent: indent)
    }

    /// The YAML block after a test point: `---`, the lines, `...`, each indented two spaces
    /// (blank lines of a literal block too, so the block has no empty line).
    private static func block(_ entries: [[String]]) -> String {
        var text = "  ---\n"
        for line in entries.joined() { text += "  " + line + "\n" }
        return text + "  ...\n"
    }

    /// A description on one line with `\` and `#` escaped.
    private static func description(_ text: String) -> String {
        var result = ""
        for character in oneLine(text) {
            switch character {
            case "\\": result += "\\\\"
            case "#": result += "\\#"
            default: result.append(character)
            }
        }
        return result.isEmpty ? "(unnamed)" : result
    }

    /// `text` on one line: line breaks and tabs as spaces, other control characters as
    /// `\u{…}` text.
    private static func oneLine(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t", "\u{85}", "\u{2028}", "\u{2029}": result += " "
            default:
                if RunReportText.isControl(scalar) {
                    result += RunReportText.shown(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
