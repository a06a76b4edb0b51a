import DemoAPI
import Foundation
import TestSupport
import Testing

@Suite("NDJSON stream")
struct NDJSONStreamRouteTests {
    @Test("/live/ndjson delivers each line as it is sent, one per step, on a response that does not end")
    func incremental() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(60)) { harness in
            do {
                var stream = try await harness.stream("/live/ndjson")
                #expect(stream.status == 200)
                #expect(stream.header("Content-Type") == "application/x-ndjson")
                #expect(stream.header("Cache-Control") == "no-cache")
                #expect(stream.header("Content-Length") == nil)
                #expect(stream.header("Transfer-Encoding") == "chunked")

                // Without a count the response never ends by itself, so a line read from it was
                // sent and flushed on its own.
                #expect(try await stream.read { $0.contains("\n") })
                #expect(!stream.ended)
                let firstLine = try #require(stream.text.split(separator: "\n").first)
                #expect(try Self.object(firstLine)["seq"] as? Int == 1)
                #expect(harness.server.openStreamCount == 1)

                #expect(try await stream.read { $0.split(separator: "\n").count >= 3 })
                #expect(!stream.ended)
                let lines = try stream.text.split(separator: "\n").prefix(3).map(Self.object)
                #expect(lines.compactMap { $0["seq"] as? Int } == [1, 2, 3])
                // Each line reports the step it was sent at, a later one than the line before.
                let counts = lines.compactMap { $0["count"] as? Int }
                #expect(counts.count == 3 && zip(counts, counts.dropFirst()).allSatisfy { $1 > $0 })
                #expect(lines.allSatisfy { LiveRouteTests.statuses.contains($0["order"] as? String ?? "") })
                #expect(lines.allSatisfy { $0["listCount"] is Int && LiveRouteTests.date($0["at"]) != nil })
            }
            // The reader is gone, which closes the connection; the server stops writing.
            await waitUntil("the abandoned stream to stop") { harness.server.openStreamCount == 0 }
        }
    }

    @Test("/live/ndjson?count=N ends the response after N lines")
    func counted() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(20)) { harness in
            var stream = try await harness.stream("/live/ndjson?count=3")
            try await stream.readToEnd()
            #expect(stream.ended)
            #expect(stream.text.hasSuffix("\n"))
            let lines = try stream.text.split(separator: "\n").map(Self.object)
            #expect(lines.compactMap { $0["seq"] as? Int } == [1, 2, 3])
            await waitUntil("the stream to be closed") { harness.server.openStreamCount == 0 }
        }
    }

    /// A line of the stream parsed as a JSON object.
    static func object(_ line: Substring) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw UnexpectedBody(text: String(line))
        }
        return object
    }
}
