import Foundation
import Testing
import Workspace

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("JUnit report")
struct JUnitReportTests {
    private func parse(_ result: RunResult, hostname: String = "ci-7") throws -> XMLElement {
        let text = JUnitReport.render(result, hostname: hostname)
        let document = try XMLDocument(xmlString: text, options: [])
        return try #require(document.rootElement())
    }

    private func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attribute(forName: name)?.stringValue
    }

    private func elements(_ element: XMLElement, _ name: String) -> [XMLElement] {
        element.elements(forName: name)
    }

    @Test("a mixed run parses, follows the JUnit schema, and counts tests per file and in all")
    func mixedRun() throws {
        let text = JUnitReport.render(RunReportSamples.mixed, hostname: "ci-7")
        #expect(text.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"))
        let root = try parse(RunReportSamples.mixed)
        #expect(JUnitSchema.problems(of: root) == [])
        #expect(root.name == "testsuites")
        #expect(attribute(root, "name") == "hammock run")
        #expect(attribute(root, "tests") == "6")
        #expect(attribute(root, "failures") == "2")
        #expect(attribute(root, "errors") == "2")
        #expect(attribute(root, "skipped") == "1")
        #expect(attribute(root, "time") == "0.052")
        #expect(attribute(root, "timestamp") == "2026-03-01T12:30:05")

        let suites = elements(root, "testsuite")
        #expect(suites.map { attribute($0, "name") } == ["api/users.http", "api/broken.http", "api/hostile <&>.yaml"])
        let users = suites[0]
        #expect(attribute(users, "tests") == "4")
        #expect(attribute(users, "failures") == "1")
        #expect(attribute(users, "errors") == "1")
        #expect(attribute(users, "skipped") == "1")
        #expect(attribute(users, "time") == "0.034", "12 + 19.4 + 3 + 0 ms")
        #expect(attribute(users, "hostname") == "ci-7")
        #expect(attribute(users, "timestamp") == "2026-03-01T12:30:05")
        #expect(attribute(users, "id") == "0")
        let cases = elements(users, "testcase")
        #expect(cases.map { attribute($0, "name") } == ["List users", "Get Ada", "Health", "Delete Ada"])
        #expect(cases.map { attribute($0, "classname") } == Array(repeating: "api/users.http", count: 4))
        #expect(cases.map { attribute($0, "file") } == Array(repeating: "api/users.http", count: 4))
        #expect(cases.map { attribute($0, "line") } == ["1", "7", "12", "15"])
        #expect(cases.map { attribute($0, "time") } == ["0.012", "0.019", "0.003", "0.000"])
        #expect(cases.map { attribute($0, "assertions") } == ["2", "3", "0", "0"])
    }

    @Test("each outcome has its element: none, failure, error, skipped; system-out has the exchange")
    func outcomes() throws {
        let cases = elements(elements(try parse(RunReportSamples.mixed), "testsuite")[0], "testcase")
        let passed = cases[0]
        #expect(passed.elements(forName: "failure").isEmpty && passed.elements(forName: "error").isEmpty)
        let output = try #require(passed.elements(forName: "system-out").first?.stringValue)
        #expect(
            output.contains("Request as sent:\nGET http://127.0.0.1:8080/users HTTP/1.1\nAccept: application/json\n"))
        #expect(
            output.contains("Response:\nHTTP 200\nContent-Type: application/json\nSet-Cookie: a=1\nSet-Cookie: b=2\n"))
        #expect(output.contains(#"[{"id": 1, "name": "Ada"}]"#))

        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(cases[1].elements(forName: "failure").count == 1)
        #expect(attribute(failure, "type") == "assertion")
        #expect(
            attribute(failure, "message")
                == #"2 of 3 assertions failed; first: $.name == "Ada": expected == "Ada", actual "Bob" (at $['name'])"#)
        let details = try #require(failure.stringValue)
        #expect(details.contains(#"Assertion failed: $.name == "Ada""#))
        #expect(details.contains(#"  expected: == "Ada""#) && details.contains(#"  actual:   "Bob""#))
        #expect(details.contains("  path:     $['name']"))
        #expect(details.contains("Assertion failed: body == file users/ada.json"))
        #expect(details.contains("  differences:\n    ~ $['name']: \"Ada\" → \"Bob\"\n    - $['email']"))
        #expect(!details.contains("Assertion failed: status == 200"), "only the failed ones")
        #expect(details.contains("Request as sent:\nGET http://127.0.0.1:8080/users/1 HTTP/1.1\n"))
        #expect(cases[1].elements(forName: "system-out").first?.stringValue?.contains("\"name\": \"Bob\"") == true)

        let error = try #require(cases[2].elements(forName: "error").first)
        #expect(attribute(error, "type") == "request")
        #expect(attribute(error, "message") == "Could not connect to 127.0.0.1:9: connection refused.")

        let skipped = try #require(cases[3].elements(forName: "skipped").first)
        #expect(attribute(skipped, "message") == "Not run: an earlier request of the file failed.")
        #expect(cases[3].elements(forName: "system-out").isEmpty, "nothing was sent")
    }

    @Test("a file that could not be read is a testsuite with one testcase in error, never 0 tests")
    func brokenFile() throws {
        let root = try parse(RunReportSamples.onlyBroken)
        #expect(JUnitSchema.problems(of: root) == [])
        #expect(attribute(root, "tests") == "1" && attribute(root, "errors") == "1")
        let suite = try #require(elements(root, "testsuite").first)
        #expect(attribute(suite, "name") == "api/broken.http")
        #expect(attribute(suite, "tests") == "1" && attribute(suite, "errors") == "1")
        let testCase = try #require(elements(suite, "testcase").first)
        #expect(attribute(testCase, "name") == "api/broken.http")
        #expect(attribute(testCase, "line") == "3")
        let error = try #require(testCase.elements(forName: "error").first)
        #expect(attribute(error, "type") == "file")
        #expect(attribute(error, "message") == "api/broken.http:3:1: a request line needs a method and a URL.")
    }

    @Test("names, values and bodies with <&\"'#, controls and emoji read back, controls shown as \\u{…}")
    func hostileText() throws {
        let suite = elements(try parse(RunReportSamples.mixed), "testsuite")[2]
        #expect(attribute(suite, "name") == "api/hostile <&>.yaml")
        let testCase = try #require(elements(suite, "testcase").first)
        #expect(attribute(testCase, "name") == RunReportSamples.hostileShown)
        #expect(attribute(testCase, "line") == nil, "a YAML request has no line")
        let failure = try #require(testCase.elements(forName: "failure").first)
        #expect(attribute(failure, "message")?.hasPrefix(RunReportSamples.hostileShown + ": expected ") == true)
        #expect(failure.stringValue?.contains("Assertion failed: " + RunReportSamples.hostileShown) == true)
        let output = try #require(testCase.elements(forName: "system-out").first?.stringValue)
        #expect(output.contains("X-Evil: " + RunReportSamples.hostileShown))
    }

    @Test("a run of no files is a valid document with 0 tests")
    func emptyRun() throws {
        let root = try parse(RunReportSamples.empty)
        #expect(JUnitSchema.problems(of: root) == [])
        #expect(attribute(root, "tests") == "0" && attribute(root, "time") == "0.000")
        #expect(elements(root, "testsuite").isEmpty)
    }

    @Test("the same run gives the same bytes")
    func stable() {
        #expect(JUnitReport.render(RunReportSamples.mixed) == JUnitReport.render(RunReportSamples.mixed))
    }
}
