import Foundation
import Testing

@testable import Workspace

/// Captures, assertions, retry and freshness in a request file: written, read back exactly, and
/// bad lines refused with their line and column.
@Suite("Request files with captures and assertions")
struct RequestChecksFileTests {
    static let checks = RequestChecks(
        captures: [CaptureRule(name: "token", query: "$.token"), CaptureRule(name: "etag", query: "header ETag")],
        assertions: [
            "status == 200", "$.items count >= 1", "header Content-Type contains json", "$.name == \"Ada: x\"",
        ],
        retry: RetryRule(count: 10, interval: .milliseconds(500)), freshFor: .seconds(600))

    @Test("written and read back")
    func roundTrip() throws {
        let definition = RequestDefinition(method: "POST", url: "{{base}}/login", body: "{}", bodyKind: .json)
        let text = RequestFile.encode(name: "Log in", definition: definition, checks: Self.checks)
        #expect(text.contains("capture:\n  - token: \"$.token\"\n  - etag: header ETag\n"), "\(text)")
        #expect(text.contains("retry:\n  count: 10\n  interval: 500ms\n"))
        #expect(text.hasSuffix("fresh: 10m\n"))
        let decoded = try RequestFile.decode(text)
        #expect(decoded.checks == Self.checks)
        #expect(decoded.definition == definition)
    }

    @Test("a capture mapping, and retry without interval, are read too")
    func otherForms() throws {
        let decoded = try RequestFile.decode("url: /x\ncapture:\n  id: $.id\nretry:\n  count: 2\nfresh: 1.5s\n")
        #expect(decoded.checks.captures == [CaptureRule(name: "id", query: "$.id")])
        #expect(decoded.checks.retry == RetryRule(count: 2, interval: .seconds(1)))
        #expect(decoded.checks.freshFor == .milliseconds(1500))
    }

    @Test(
        "bad checks are refused with line and column",
        arguments: [
            ("url: /x\nassert:\n  - status =< 200\n", 3, 12, "“=<” is not a comparison"),
            ("url: /x\nassert: status == 200\n", 2, nil, "must be a list"),
            ("url: /x\ncapture:\n  - token: $.tok[\n", 3, 18, "invalid JSONPath"),
            ("url: /x\ncapture:\n  - 9 x: $.a\n", 3, nil, "a capture's name"),
            ("url: /x\ncapture:\n  - a: $.a\n  - a: $.b\n", 4, nil, "given twice"),
            ("url: /x\nretry:\n  count: many\n", 3, nil, "whole number"),
            ("url: /x\nretry:\n  interval: 2s\n", 3, nil, "needs a count"),
            ("url: /x\nfresh: soon\n", 2, nil, "duration"),
        ])
    func refused(text: String, line: Int, column: Int?, reason: String) {
        #expect {
            try RequestFile.decode(text)
        } throws: { error in
            guard let problem = error as? YAMLDocument.Problem else { return false }
            return problem.line == line && problem.column == column && problem.reason.contains(reason)
        }
    }

    @Test("saving a request's definition keeps its checks; checks are saved on their own")
    func collectionKeepsChecks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("checks-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let collection = RequestCollection(folder: folder)
        let saved = try collection.save(
            RequestDefinition(method: "GET", url: "/a"), name: "A", checks: Self.checks)
        try collection.update(saved.id, definition: RequestDefinition(method: "GET", url: "/b"))
        let read = try collection.request(id: saved.id)
        #expect(read.checks == Self.checks)
        #expect(read.definition?.url == "/b")
        try collection.update(saved.id, checks: RequestChecks(assertions: ["status == 204"]))
        #expect(try collection.request(id: saved.id).checks.assertions == ["status == 204"])
        let renamed = try collection.rename(saved.id, to: "B")
        #expect(try collection.request(id: renamed.id).checks.assertions == ["status == 204"])
    }

    @Test(
        "durations as written",
        arguments: [
            ("250ms", Duration.milliseconds(250)), ("2s", .seconds(2)), ("1.5s", .milliseconds(1500)),
            ("10m", .seconds(600)), ("1h", .seconds(3600)), ("300", .milliseconds(300)),
        ])
    func durations(text: String, duration: Duration) {
        #expect(DurationText.parse(text) == duration)
        #expect(DurationText.parse(DurationText.format(duration)) == duration)
    }

    @Test("not durations", arguments: ["", "ms", "-1s", "1d", "1.2.3s", "s1"])
    func notDurations(text: String) {
        #expect(DurationText.parse(text) == nil)
    }
}
