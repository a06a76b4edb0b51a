import DemoAPI
import Foundation
import TestSupport
import Testing

@Suite("Server-Sent Events")
struct EventStreamRouteTests {
    @Test("/events sends the retry line, then events in order with ids, types and two-line data")
    func eventsInOrder() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(30)) { harness in
            var stream = try await harness.stream("/events?count=6&retry=250")
            #expect(stream.status == 200)
            #expect(stream.header("Content-Type") == "text/event-stream")
            #expect(stream.header("Cache-Control") == "no-cache")
            #expect(stream.header("Content-Length") == nil)
            #expect(stream.header("Transfer-Encoding") == "chunked")
            try await stream.readToEnd()
            #expect(stream.text.hasPrefix("retry: 250\n\n"))

            let blocks = EventBlock.blocks(of: stream.text)
            let events = blocks.filter { $0.id != nil }
            #expect(events.compactMap(\.id) == Array(1...6))
            #expect(events.map { $0.value("event") } == ["tick", "order", nil, "tick", "order", nil])
            for event in events {
                let data = try event.dataObject()
                switch event.value("event") {
                case "tick":
                    #expect(event.dataLines.count == 1)
                    #expect(data["count"] is Int)
                case "order":
                    #expect(event.dataLines.count == 1)
                    #expect(data["id"] as? Int == 7)
                    #expect(LiveRouteTests.statuses.contains(data["status"] as? String ?? ""))
                default:
                    #expect(event.dataLines.count == 2)
                    #expect(data["event"] as? Int == event.id)
                }
            }
            let counts = events.compactMap { try? $0.dataObject()["count"] as? Int }
            #expect(counts == counts.sorted())
            // The keep-alive comment comes on its own, just before event 5.
            let keepAlive = try #require(blocks.firstIndex { $0.fields.first?.name == "" })
            #expect(blocks[keepAlive].fields.first?.value == "keep-alive")
            #expect(blocks[keepAlive + 1].id == 5)
            #expect(harness.server.openStreamCount == 0)
        }
    }

    @Test("events arrive as they are sent, one per step, on a response that does not end")
    func incremental() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(60)) { harness in
            var stream = try await harness.stream("/events")
            // Without a count the response never ends by itself, so an event read from it was
            // sent and flushed on its own.
            #expect(try await stream.read { EventBlock.blocks(of: $0).contains { $0.id == 1 } })
            #expect(!stream.ended)
            #expect(harness.server.openStreamCount == 1)
            #expect(try await stream.read { EventBlock.blocks(of: $0).contains { $0.id == 3 } })
            let events = EventBlock.blocks(of: stream.text).filter { $0.id != nil }
            #expect(events.compactMap(\.id) == [1, 2, 3])
            // Events 1 and 3 both report the step they were sent at: at least two steps apart.
            let counts = try events.map { try $0.dataObject()["count"] as? Int }
            let firstCount = try #require(counts[0])
            #expect(try #require(counts[2]) >= firstCount + 2)
        }
    }

    @Test("Last-Event-ID continues with the next id; an unusable one starts again at 1")
    func lastEventId() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(20)) { harness in
            var resumed = try await harness.stream("/events?count=3", headers: [("Last-Event-ID", "41")])
            try await resumed.readToEnd()
            let events = EventBlock.blocks(of: resumed.text).filter { $0.id != nil }
            #expect(events.compactMap(\.id) == [42, 43, 44])
            #expect(events.map { $0.value("event") } == [nil, "tick", "order"])

            var restarted = try await harness.stream("/events?count=1", headers: [("Last-Event-ID", "later")])
            try await restarted.readToEnd()
            #expect(EventBlock.blocks(of: restarted.text).compactMap(\.id) == [1])
        }
    }

    @Test("drop=N ends the response after N events and closes; reconnecting with Last-Event-ID resumes")
    func dropAndResume() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(20)) { harness in
            var first = try await harness.stream("/events?drop=3")
            #expect(first.header("Connection") == "close")
            try await first.readToEnd()
            let firstIds = EventBlock.blocks(of: first.text).compactMap(\.id)
            #expect(firstIds == [1, 2, 3])

            let lastId = try #require(firstIds.last)
            var second = try await harness.stream("/events?drop=3", headers: [("Last-Event-ID", String(lastId))])
            try await second.readToEnd()
            #expect(second.text.hasPrefix("retry: 1000\n\n"))
            #expect(EventBlock.blocks(of: second.text).compactMap(\.id) == [4, 5, 6])
            #expect(harness.server.requestCount(forPath: "/events") == 2)
            await waitUntil("both streams to stop") { harness.server.openStreamCount == 0 }
        }
    }

    @Test("a client that goes away stops the stream on the server")
    func clientLeaves() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(30)) { harness in
            do {
                var stream = try await harness.stream("/events")
                #expect(try await stream.read { EventBlock.blocks(of: $0).contains { $0.id == 2 } })
                #expect(harness.server.openStreamCount == 1)
            }
            // The reader is gone, which cancels the request and closes the connection; one of
            // the server's next writes fails and ends the stream.
            await waitUntil("the abandoned stream to stop") { harness.server.openStreamCount == 0 }
        }
    }

    @Test("a bad retry, count or drop is a 400 error")
    func badQuery() async throws {
        try await DemoHarness.run(liveStep: .milliseconds(20)) { harness in
            for query in ["retry=-1", "count=x", "drop=0"] {
                let reply = try await harness.get("/events?\(query)")
                #expect(reply.status == 400, "\(query)")
                #expect(try reply.object()["status"] as? Int == 400, "\(query)")
            }
        }
    }
}
