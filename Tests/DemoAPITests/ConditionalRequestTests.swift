import Foundation
import Testing

@Suite("ETag and If-None-Match")
struct ConditionalRequestTests {
    @Test("a matching If-None-Match gives 304 with the ETag and no body")
    func notModified() async throws {
        try await DemoHarness.run { harness in
            let first = try await harness.get("/users/1")
            let tag = try #require(first.header("ETag"))
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count > 2)
            #expect(try await harness.get("/users/1").header("ETag") == tag)

            let cached = try await harness.get("/users/1", headers: [("If-None-Match", tag)])
            #expect(cached.status == 304)
            #expect(cached.header("ETag") == tag)
            #expect(cached.body.isEmpty)

            let listed = try await harness.get("/users/1", headers: [("If-None-Match", "\"other\", W/\(tag)")])
            #expect(listed.status == 304)

            let other = try await harness.get("/users/1", headers: [("If-None-Match", "\"other\"")])
            #expect(other.status == 200)
            #expect(!other.body.isEmpty)
        }
    }

    @Test("a change to the data changes the ETag, so the old tag gets the new body")
    func changeInvalidatesTag() async throws {
        try await DemoHarness.run { harness in
            let before = try #require(try await harness.get("/users/1").header("ETag"))
            _ = try await harness.send(.PATCH, "/users/1", json: #"{"name": "Changed"}"#)
            let after = try await harness.get("/users/1", headers: [("If-None-Match", before)])
            #expect(after.status == 200)
            #expect(after.header("ETag") != before)
            #expect(try after.object()["name"] as? String == "Changed")
        }
    }

    @Test("plain text carries an ETag too")
    func textTag() async throws {
        try await DemoHarness.run { harness in
            let text = try await harness.get("/text")
            #expect(text.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(text.text.contains("hammock demo API"))
            let tag = try #require(text.header("ETag"))
            #expect(try await harness.get("/text", headers: [("If-None-Match", tag)]).status == 304)
        }
    }

    @Test("HEAD answers like GET, with the same ETag and Content-Length, without a body")
    func head() async throws {
        try await DemoHarness.run { harness in
            let get = try await harness.get("/posts/2")
            let head = try await harness.send(.HEAD, "/posts/2")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("ETag") == get.header("ETag"))
            #expect(head.header("Content-Length") == String(get.body.count))
        }
    }
}
