import Foundation
import Testing
import Workspace

@Suite("JSON run report")
struct JSONRunReportTests {
    private func parse(_ result: RunResult) throws -> [String: Any] {
        let text = JSONRunReport.render(result)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("the top level: tool, version, start, duration, summary and exit code, in the documented order")
    func topLevel() throws {
        let text = JSONRunReport.render(RunReportSamples.mixed)
        let object = try parse(RunReportSamples.mixed)
        #expect(object["tool"] as? String == "hammock")
        #expect(object["version"] as? Int == 1)
        #expect(object["startedAt"] as? String == "2026-03-01T12:30:05.042Z")
        #expect(object["durationMs"] as? Int == 52)
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["passed": 1, "failed": 2, "errors": 2, "skipped": 1, "total": 6])
        #expect(object["exitCode"] as? Int == 2)
        let keys = ["tool", "version", "startedAt", "durationMs", "summary", "exitCode", "files"]
        let positions = keys.compactMap { text.range(of: "\n  \"\($0)\": ")?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted())
        #expect(text == JSONRunReport.render(RunReportSamples.mixed), "stable")
    }

    @Test("every request with its fields; a broken file with its problem")
    func requests() throws {
        let files = try #require(try parse(RunReportSamples.mixed)["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["api/users.http", "api/broken.http", "api/hostile <&>.yaml"])
        #expect(files[0]["problem"] == nil)
        #expect(files[1]["problem"] as? String == "api/broken.http:3:1: a request line needs a method and a URL.")
        #expect((files[1]["requests"] as? [Any])?.isEmpty == true)

        let requests = try #require(files[0]["requests"] as? [[String: Any]])
        #expect(requests.map { $0["outcome"] as? String } == ["passed", "failed", "error", "skipped"])
        let passed = requests[0]
        #expect(passed["name"] as? String == "List users")
        #expect(passed["file"] as? String == "api/users.http")
        #expect(passed["line"] as? Int == 1)
        #expect(passed["method"] as? String == "GET")
        #expect(passed["url"] as? String == "http://127.0.0.1:8080/users")
        #expect(passed["status"] as? Int == 200)
        #expect(passed["durationMs"] as? Int == 12)
        #expect(passed["attempts"] as? Int == 1)
        #expect(passed["ranAsDependency"] as? Bool == false)
        #expect(passed["error"] == nil)
        #expect(passed["request"] as? String == "GET http://127.0.0.1:8080/users HTTP/1.1\nAccept: application/json\n")
        let captures = try #require(passed["captures"] as? [[String: String]])
        #expect(captures == [["name": "firstId", "value": "1"]])
        let response = try #require(passed["response"] as? [String: Any])
        #expect(
            response["headers"] as? [[String]] == [
                ["Content-Type", "application/json"], ["Set-Cookie", "a=1"], ["Set-Cookie", "b=2"],
            ])
        #expect(response["body"] as? String == #"[{"id": 1, "name": "Ada"}]"#)

        let assertions = try #require(requests[1]["assertions"] as? [[String: Any]])
        #expect(assertions.map { $0["passed"] as? Bool } == [true, false, false])
        #expect(assertions[1]["source"] as? String == #"$.name == "Ada""#)
        #expect(assertions[1]["expected"] as? String == #"== "Ada""#)
        #expect(assertions[1]["actual"] as? String == #""Bob""#)
        #expect(assertions[1]["path"] as? String == "$['name']")
        #expect(assertions[2]["path"] is NSNull, "null for the whole body")
        #expect((assertions[2]["differences"] as? [String])?.count == 2)
        #expect(requests[1]["attempts"] as? Int == 2)
        #expect(requests[1]["durationMs"] as? Int == 19)

        let error = requests[2]
        #expect(error["error"] as? String == "Could not connect to 127.0.0.1:9: connection refused.")
        #expect(error["status"] is NSNull)
        #expect((error["response"] as? [String: Any])?["body"] as? String == "")

        let hostile = try #require((files[2]["requests"] as? [[String: Any]])?.first)
        #expect(hostile["name"] as? String == RunReportSamples.hostileText, "JSON escapes read back exactly")
        #expect(hostile["line"] is NSNull)
        #expect(hostile["ranAsDependency"] as? Bool == true)
        #expect((hostile["captures"] as? [[String: String]])?.first?["value"] == RunReportSamples.hostileText)
    }

    @Test("a run of no files: an empty list and a zero summary")
    func emptyRun() throws {
        let object = try parse(RunReportSamples.empty)
        #expect((object["files"] as? [Any])?.isEmpty == true)
        #expect(
            object["summary"] as? [String: Int] == ["passed": 0, "failed": 0, "errors": 0, "skipped": 0, "total": 0])
        #expect(object["exitCode"] as? Int == 0)
    }
}
