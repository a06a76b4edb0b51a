import DemoAPI
import Foundation
import TestSupport
import Testing

@Suite("NDJSON stream")
struct NDJSONStreamRouteTests {
    @Test("/live/ndjson delivers its first line long before the stream ends, then one line per step")
    func incremental() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(300)) { harness in
            var stream = try await harness.stream("/live/ndjson?count=3")
            #expect(stream.status == 200)
            #expect(stream.header("Content-Type") == "application/x-ndjson")
            #expect(stream.header("Cache-Control") == "no-cache")
            #expect(stream.header("Content-Length") == nil)
            #expect(stream.header("Transfer-Encoding") == "chunked")

            #expect(try await stream.read { $0.contains("\n") })
            // The first line is readable while the stream is open: the last line is two step
            // boundaries away.
            #expect(!stream.ended)
            #expect(!stream.text.contains(#""seq":3"#))
            let firstLine = try #require(stream.text.split(separator: "\n").first)
            #expect(try Self.object(firstLine)["seq"] as? Int == 1)

            try await stream.readToEnd()
            #expect(stream.ended)
            #expect(stream.text.hasSuffix("\n"))
            let lines = try stream.text.split(separator: "\n").map(Self.object)
            #expect(lines.compactMap { $0["seq"] as? Int } == [1, 2, 3])
            // Each line reports the step it was sent at, a later one than the line before.
            let counts = lines.compactMap { $0["count"] as? Int }
            #expect(counts.count == 3 && zip(counts, counts.dropFirst()).allSatisfy { $1 > $0 })
            #expect(lines.allSatisfy { LiveRouteTests.statuses.contains($0["order"] as? String ?? "") })
            #expect(lines.allSatisfy { $0["listCount"] is Int && LiveRouteTests.date($0["at"]) != nil })
        }
    }

    @Test("/live/ndjson without a count runs until the client goes away, then stops")
    func endless() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(20)) { harness in
            do {
                var stream = try await harness.stream("/live/ndjson")
                #expect(try await stream.read { $0.split(separator: "\n").count >= 5 })
                #expect(!stream.ended)
                #expect(harness.server.openStreamCount == 1)
            }
            await waitUntil("the abandoned stream to stop") { harness.server.openStreamCount == 0 }
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
