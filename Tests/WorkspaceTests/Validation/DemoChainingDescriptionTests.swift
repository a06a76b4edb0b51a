import DemoAPI
import Foundation
import OrderedJSON
import Testing
import Workspace

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The demo's login and job routes against the schemas of the demo's own description, POSTs
/// and every status included.
@Suite("the demo's login and job answers against its description")
struct DemoChainingDescriptionTests {
    private struct Answer {
        var status: Int
        var contentType: String
        var body: Data
    }

    private static func send(
        _ method: String, _ url: URL, json: String? = nil, token: String? = nil
    ) async throws -> Answer {
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return Answer(
            status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type") ?? "", body: data)
    }

    @Test("login, me, logins and the jobs answer within their schemas; a done job needs its result")
    func answersHoldToTheirSchemas() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.shutdown() } }
        let base = server.baseURL
        let text = try await Self.send("GET", base.appendingPathComponent("openapi.json")).body
        let description = try APIDescription.parse(
            text, sourceURL: base.appendingPathComponent("openapi.json"),
            load: { _ in throw CocoaError(.fileNoSuchFile) })
        #expect(description.warnings.isEmpty, "\(description.warnings)")
        let checker = ResponseChecker(description)

        func check(_ method: String, _ path: String, json: String? = nil, token: String? = nil, status: Int)
            async throws -> JSONDocument
        {
            let url = base.appendingPathComponent(path)
            let answer = try await Self.send(method, url, json: json, token: token)
            #expect(answer.status == status, "\(method) \(path)")
            let body = try JSONDocument(data: answer.body)
            let verdict = checker.check(
                method: method, url: url.absoluteString, status: answer.status, contentType: answer.contentType,
                body: body)
            #expect(verdict?.verdict == .valid, "\(method) \(path): \(verdict?.report ?? "no operation")")
            return body
        }

        let login = try await check("POST", "login", json: #"{"username": "ada", "password": "secret"}"#, status: 200)
        let token = try #require(login.child(of: login.root, key: "token").flatMap(login.string))
        _ = try await check("POST", "login", json: #"{"username": "ada", "password": "x"}"#, status: 401)
        _ = try await check("POST", "login", json: #"{"password": "secret"}"#, status: 400)
        _ = try await check("GET", "me", token: token, status: 200)
        _ = try await check("GET", "me", status: 401)
        _ = try await check("GET", "logins", status: 200)
        let job = try await check("POST", "jobs", json: #"{"steps": 2}"#, status: 202)
        let id = try #require(job.child(of: job.root, key: "id").flatMap(job.int))
        _ = try await check("GET", "jobs/\(id)", status: 200)
        _ = try await check("GET", "jobs/\(id)", status: 200)
        _ = try await check("GET", "jobs/99999", status: 404)
        _ = try await check("POST", "jobs", json: #"{"steps": 0}"#, status: 400)

        for wrong in [
            #"{"id": 1, "status": "done", "polls": 2}"#,
            #"{"id": 1, "status": "pending", "polls": 1, "result": {"steps": 2, "message": "m"}}"#,
        ] {
            let verdict = checker.check(
                method: "GET", url: base.appendingPathComponent("jobs/1").absoluteString, status: 200,
                contentType: "application/json", body: try JSONDocument(wrong))
            #expect(verdict?.isViolated == true, "\(wrong)")
        }
    }
}
