import Foundation
import Testing

@Suite("behaviour routes")
struct BehaviourRouteTests {
    @Test("/retry fails the first F requests per key with Retry-After: 0, then counts attempts")
    func retry() async throws {
        try await DemoHarness.run { harness in
            for attempt in 1...2 {
                let failed = try await harness.get("/retry?key=a&failures=2&status=502")
                #expect(failed.status == 502, "attempt \(attempt)")
                #expect(failed.header("Retry-After") == "0")
                #expect(try failed.object()["status"] as? Int == 502)
            }
            let success = try await harness.get("/retry?key=a&failures=2&status=502")
            #expect(success.status == 200)
            #expect(try success.object()["attempts"] as? Int == 3)

            let otherKey = try await harness.get("/retry?key=b&failures=1")
            #expect(otherKey.status == 503)
            #expect(try await harness.get("/retry?key=b&failures=1").object()["attempts"] as? Int == 2)
        }
    }

    @Test("/paged pages 45 items; the last page is partial and beyond it items are empty")
    func paged() async throws {
        try await DemoHarness.run { harness in
            let first = try await harness.get("/paged").object()
            #expect(first["page"] as? Int == 1)
            #expect(first["perPage"] as? Int == 10)
            #expect(first["totalPages"] as? Int == 5)
            #expect(first["totalItems"] as? Int == 45)
            #expect((first["items"] as? [Any])?.count == 10)

            let last = try await harness.get("/paged?page=5&perPage=10").object()
            let items = try #require(last["items"] as? [[String: Any]])
            #expect(items.compactMap { $0["id"] as? Int } == Array(41...45))

            let beyond = try await harness.get("/paged?page=6").object()
            #expect((beyond["items"] as? [Any])?.isEmpty == true)
            #expect(try await harness.get("/paged?page=0").status == 400)
        }
    }

    @Test("/counter and requestCount(forPath:) count requests per exact path")
    func counter() async throws {
        try await DemoHarness.run { harness in
            for expected in 1...3 {
                #expect(try await harness.get("/counter").object()["count"] as? Int == expected)
            }
            #expect(harness.server.requestCount(forPath: "/counter") == 3)
            _ = try await harness.send(.POST, "/counter?x=1")
            #expect(harness.server.requestCount(forPath: "/counter") == 4)
            _ = try await harness.get("/missing")
            #expect(harness.server.requestCount(forPath: "/missing") == 1)
            #expect(harness.server.requestCount(forPath: "/never") == 0)

            harness.server.resetRequestCounts()
            #expect(harness.server.requestCount(forPath: "/counter") == 0)
            #expect(try await harness.get("/counter").object()["count"] as? Int == 1)
        }
    }

    @Test("/flaky alternates 503 and 200, starting with 503")
    func flaky() async throws {
        try await DemoHarness.run { harness in
            var statuses: [Int] = []
            for _ in 1...4 {
                statuses.append(try await harness.get("/flaky").status)
            }
            #expect(statuses == [503, 200, 503, 200])
        }
    }

    @Test("/errors/{status} answers with that status and the JSON error body")
    func errors() async throws {
        try await DemoHarness.run { harness in
            for code in [400, 418, 500, 503, 599] {
                let reply = try await harness.get("/errors/\(code)")
                #expect(reply.status == code)
                let body = try reply.object()
                #expect(body["status"] as? Int == code)
                #expect((body["error"] as? String)?.isEmpty == false)
            }
            #expect(try await harness.get("/errors/200").status == 400)
        }
    }

    @Test("/ratelimited gives 429 with Retry-After: 1")
    func rateLimited() async throws {
        try await DemoHarness.run { harness in
            let reply = try await harness.get("/ratelimited")
            #expect(reply.status == 429)
            #expect(reply.header("Retry-After") == "1")
            #expect(try reply.object()["status"] as? Int == 429)
        }
    }

    @Test("/auth needs a bearer token and returns it")
    func auth() async throws {
        try await DemoHarness.run { harness in
            #expect(try await harness.get("/auth").status == 401)
            #expect(try await harness.get("/auth", headers: [("Authorization", "Basic abc")]).status == 401)
            let ok = try await harness.get("/auth", headers: [("Authorization", "Bearer s3cret")])
            #expect(ok.status == 200)
            #expect(try ok.object()["token"] as? String == "s3cret")
        }
    }

    @Test("/slow waits the given delay before answering")
    func slow() async throws {
        try await DemoHarness.run { harness in
            let clock = ContinuousClock()
            let started = clock.now
            let reply = try await harness.get("/slow?delay=150")
            #expect(clock.now - started >= .milliseconds(150))
            #expect(try reply.object()["slept"] as? Int == 150)
        }
    }

    @Test("/large returns the requested number of items")
    func large() async throws {
        try await DemoHarness.run { harness in
            let items = try await harness.get("/large?count=25").array()
            #expect(items.count == 25)
            #expect(items.last?["url"] as? String == "/large/24")
            #expect(items.last?["name"] as? String == "item 24")
            #expect((items.last?["tags"] as? [String])?.isEmpty == false)
        }
    }
}
