import Testing
import Workspace

@Suite("TAP report")
struct TAPReportTests {
    @Test("a mixed run follows the TAP 14 grammar: version, plan, one test point per request and broken file")
    func mixedRun() throws {
        let text = TAPReport.render(RunReportSamples.mixed)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(3) == ["TAP version 14", "1..6", "ok 1 - api/users.http: List users"])
        let tap = try TAPChecker(text)
        #expect(tap.planned == 6)
        #expect(tap.points.map(\.ok) == [true, false, false, true, false, false])
        #expect(
            tap.points.map(\.description).prefix(5) == [
                "api/users.http: List users", "api/users.http: Get Ada", "api/users.http: Health",
                "api/users.http: Delete Ada", "api/broken.http",
            ])
        #expect(tap.points[3].directive == "SKIP")
        #expect(tap.points[3].reason == "Not run: an earlier request of the file failed.")
        #expect(tap.points[0].diagnostics == nil && tap.points[3].diagnostics == nil)
    }

    @Test("a failure's YAML block has message, severity, at, expected and actual, and every failed assertion")
    func failureDiagnostics() throws {
        let tap = try TAPChecker(TAPReport.render(RunReportSamples.mixed))
        let yaml = try #require(tap.points[1].diagnostics)
        #expect(
            yaml["message"] as? String
                == #"2 of 3 assertions failed; first: $.name == "Ada": expected == "Ada", actual "Bob" (at $['name'])"#)
        #expect(yaml["severity"] as? String == "fail")
        #expect(yaml["at"] as? String == "api/users.http:7")
        #expect(yaml["method"] as? String == "GET")
        #expect(yaml["url"] as? String == "http://127.0.0.1:8080/users/1")
        #expect(yaml["status"] as? Int == 200)
        #expect(yaml["expected"] as? String == #"== "Ada""#)
        #expect(yaml["actual"] as? String == #""Bob""#)
        let assertions = try #require(yaml["assertions"] as? [[String: Any]])
        #expect(assertions.map { $0["source"] as? String } == [#"$.name == "Ada""#, "body == file users/ada.json"])
        #expect(assertions[0]["path"] as? String == "$['name']")
        #expect(assertions[1]["path"] == nil)
        #expect(
            assertions[1]["differences"] as? [String] == [
                #"~ $['name']: "Ada" → "Bob""#, "- $['email']: \"ada@example.org\"",
            ])
        #expect(
            yaml["request"] as? String
                == "GET http://127.0.0.1:8080/users/1 HTTP/1.1\nAuthorization: Bearer ••••••\n")
        #expect((yaml["response"] as? String)?.hasPrefix("HTTP 200\nContent-Type: application/json\n") == true)
    }

    @Test("an error and a broken file are not ok with severity error and where")
    func errors() throws {
        let tap = try TAPChecker(TAPReport.render(RunReportSamples.mixed))
        let error = try #require(tap.points[2].diagnostics)
        #expect(error["message"] as? String == "Could not connect to 127.0.0.1:9: connection refused.")
        #expect(error["severity"] as? String == "error")
        #expect(error["at"] as? String == "api/users.http:12")
        let broken = try #require(tap.points[4].diagnostics)
        #expect(broken["message"] as? String == "api/broken.http:3:1: a request line needs a method and a URL.")
        #expect(broken["severity"] as? String == "error")
        #expect(broken["at"] as? String == "api/broken.http:3")

        let only = try TAPChecker(TAPReport.render(RunReportSamples.onlyBroken))
        #expect(only.planned == 1 && only.points.map(\.ok) == [false])
    }

    @Test("names with # \\ and control characters stay one line; the YAML reads back the text")
    func hostileText() throws {
        let text = TAPReport.render(RunReportSamples.mixed)
        let tap = try TAPChecker(text)
        let point = tap.points[5]
        #expect(point.directive == nil, "a # in a name is no directive")
        let oneLine =
            RunReportSamples.hostileShown.replacingOccurrences(of: "\t", with: " ")
            .replacingOccurrences(of: "\r\n", with: "  ")
        #expect(point.description == "api/hostile <&>.yaml: " + oneLine)
        let yaml = try #require(point.diagnostics)
        let assertions = try #require(yaml["assertions"] as? [[String: Any]])
        #expect(assertions[0]["source"] as? String == RunReportSamples.hostileText)
        #expect(assertions[0]["differences"] as? [String] == [RunReportSamples.hostileText, "...", "---"])
        #expect(yaml["at"] as? String == "api/hostile <&>.yaml", "no line in a YAML request file")
        #expect((yaml["request"] as? String)?.hasSuffix(RunReportSamples.hostileText + "\n") == true)
        #expect((yaml["response"] as? String)?.contains("X-Evil: " + RunReportSamples.hostileText) == true)
    }

    @Test("a block line that looks like a YAML block's end is written quoted, so the block stays whole")
    func markerLines() throws {
        var request = RunReportSamples.failed
        request.responseBody = "first\n  ...\n---\nlast\n"
        let run = RunResult(
            startedAt: RunReportSamples.start, duration: .zero,
            files: [RunFileResult(path: "a.http", requests: [request])])
        let tap = try TAPChecker(TAPReport.render(run))
        #expect((tap.points[0].diagnostics?["response"] as? String)?.hasSuffix("first\n  ...\n---\nlast\n") == true)
    }

    @Test("all passed: no YAML blocks; no files: the plan 1..0 with a reason")
    func passedAndEmpty() throws {
        let passed = TAPReport.render(RunReportSamples.allPassed)
        #expect(
            passed == "TAP version 14\n1..2\nok 1 - api/users.http: List users\nok 2 - api/users.http: List users\n")
        let empty = TAPReport.render(RunReportSamples.empty)
        #expect(empty == "TAP version 14\n1..0 # no requests were run\n")
        #expect(try TAPChecker(empty).points.isEmpty)
    }

    @Test(
        "the checker refuses what breaks the grammar, so a report that breaks it cannot pass",
        arguments: [
            (TAPText("TAP version 13\n1..0\n"), 1),
            (TAPText("TAP version 14\nok 1 - a\n"), 2),
            (TAPText("TAP version 14\n1..2\nok 1 - a\n"), 3),
            (TAPText("TAP version 14\n1..1\nok 2 - a\n"), 3),
            (TAPText("TAP version 14\n1..1\nnot ok 1 - a\n  ---\n  message: x\n"), 4),
            (TAPText("TAP version 14\n1..1\nnot ok 1 - a\n  ---\nmessage: x\n  ...\n"), 5),
            (TAPText("TAP version 14\n1..1\nok 1 - a"), 0),
        ])
    func checkerRefuses(text: TAPText, line: Int) {
        #expect {
            try TAPChecker(text.text)
        } throws: { error in
            (error as? TAPChecker.Violation)?.line == line
        }
    }
}

/// A report's text shown escaped on one line in the test's name, so that the lines inside it
/// never appear in the test output as lines of a report.
struct TAPText: CustomTestStringConvertible, Sendable {
    /// The text.
    let text: String

    init(_ text: String) { self.text = text }

    var testDescription: String { text.debugDescription }
}
