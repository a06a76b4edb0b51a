import Foundation
import Testing

@Suite("job routes: POST /jobs, GET /jobs/{id}")
struct JobRouteTests {
    @Test("POST /jobs is 202 pending with Location; the job answers pending for N-1 polls, then done")
    func pollUntilDone() async throws {
        try await DemoHarness.run { harness in
            let started = try await harness.send(.POST, "/jobs", json: #"{"steps": 4}"#)
            #expect(started.status == 202)
            let body = try started.object()
            let id = try #require(body["id"] as? Int)
            #expect(body["status"] as? String == "pending")
            #expect(body.count == 2)
            let location = try #require(started.header("Location"))
            #expect(location == "/jobs/\(id)")

            for poll in 1...3 {
                let reply = try await harness.get(location)
                #expect(reply.status == 200)
                #expect(reply.header("Cache-Control") == "no-cache")
                let job = try reply.object()
                #expect(job["id"] as? Int == id)
                #expect(job["status"] as? String == "pending", "poll \(poll)")
                #expect(job["polls"] as? Int == poll)
                #expect(job["result"] == nil)
            }
            for _ in 1...2 {
                let job = try await harness.get(location).object()
                #expect(job["status"] as? String == "done")
                #expect(job["polls"] as? Int == 4, "a finished job stays as it finished")
                let result = try #require(job["result"] as? [String: Any])
                #expect(result["steps"] as? Int == 4)
                #expect(result["message"] as? String == "Job \(id) finished after 4 polls.")
            }
        }
    }

    @Test("without a body, or with {} the job takes 3 polls; each job has its own id and polls; HEAD is no poll")
    func defaults() async throws {
        try await DemoHarness.run { harness in
            let first = try await harness.send(.POST, "/jobs")
            #expect(first.status == 202)
            let second = try await harness.send(.POST, "/jobs", json: "{}")
            let firstId = try #require(try first.object()["id"] as? Int)
            let secondId = try #require(try second.object()["id"] as? Int)
            #expect(firstId != secondId)
            #expect(try await harness.send(.HEAD, "/jobs/\(firstId)").status == 200)
            #expect(try await harness.get("/jobs/\(firstId)").object()["polls"] as? Int == 1)
            #expect(try await harness.get("/jobs/\(firstId)").object()["status"] as? String == "pending")
            #expect(try await harness.get("/jobs/\(firstId)").object()["status"] as? String == "done")
            #expect(try await harness.get("/jobs/\(secondId)").object()["polls"] as? Int == 1, "its own count")
            let one = try await harness.send(.POST, "/jobs", json: #"{"steps": 1}"#)
            let oneId = try #require(try one.object()["id"] as? Int)
            #expect(try await harness.get("/jobs/\(oneId)").object()["status"] as? String == "done")
        }
    }

    @Test("steps outside 1...100 or a body that is not a JSON object is 400; an unknown job is 404")
    func refused() async throws {
        try await DemoHarness.run { harness in
            for body in [#"{"steps": 0}"#, #"{"steps": 101}"#, #"{"steps": "3"}"#, "[3]", "nonsense"] {
                let reply = try await harness.send(.POST, "/jobs", json: body)
                #expect(reply.status == 400, "\(body)")
                #expect(try reply.object()["status"] as? Int == 400)
            }
            for path in ["/jobs/999", "/jobs/x", "/jobs/0"] {
                let reply = try await harness.get(path)
                #expect(reply.status == 404, "\(path)")
                #expect(try reply.object()["status"] as? Int == 404)
            }
        }
    }
}
