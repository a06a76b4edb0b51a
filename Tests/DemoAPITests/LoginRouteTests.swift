import Foundation
import Testing

@Suite("login routes: POST /login, GET /me, GET /logins")
struct LoginRouteTests {
    @Test("the password secret logs any username in with a new opaque Bearer token; each login is counted")
    func logIn() async throws {
        try await DemoHarness.run { harness in
            #expect(try await harness.get("/logins").object()["count"] as? Int == 0)
            let first = try await harness.send(.POST, "/login", json: #"{"username": "ada", "password": "secret"}"#)
            #expect(first.status == 200)
            #expect(first.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(first.header("Cache-Control") == "no-store")
            let body = try first.object()
            let token = try #require(body["token"] as? String)
            #expect(token.count == 32 && token.allSatisfy(\.isHexDigit), "\(token)")
            #expect(body["tokenType"] as? String == "Bearer")
            #expect(body["expiresIn"] as? Int == 3600)

            let second = try await harness.send(.POST, "/login", json: #"{"username": "bob", "password": "secret"}"#)
            #expect(try second.object()["token"] as? String != token, "a new token each time")
            #expect(try await harness.get("/logins").object()["count"] as? Int == 2)
            #expect(try await harness.get("/logins").header("Cache-Control") == "no-cache")
        }
    }

    @Test("a wrong or missing password is 401 with a JSON error; a body without a username is 400; none is counted")
    func refused() async throws {
        try await DemoHarness.run { harness in
            for body in [#"{"username": "ada", "password": "nope"}"#, #"{"username": "ada"}"#] {
                let reply = try await harness.send(.POST, "/login", json: body)
                #expect(reply.status == 401, "\(body)")
                #expect(reply.header("WWW-Authenticate") == "Bearer")
                #expect(try reply.object()["status"] as? Int == 401)
                #expect(try reply.object()["error"] as? String == "Wrong username or password.")
            }
            for body in [#"{"password": "secret"}"#, #"{"username": "", "password": "secret"}"#, "[1]", "not json"] {
                let reply = try await harness.send(.POST, "/login", json: body)
                #expect(reply.status == 400, "\(body)")
                #expect(try reply.object()["status"] as? Int == 400)
            }
            #expect(try await harness.send(.POST, "/login").status == 400, "no body")
            #expect(try await harness.get("/logins").object()["count"] as? Int == 0)
        }
    }

    @Test("GET /me with a token from /login names its user and counts that user's logins")
    func me() async throws {
        try await DemoHarness.run { harness in
            func logIn(_ username: String) async throws -> String {
                let reply = try await harness.send(
                    .POST, "/login", json: #"{"username": "\#(username)", "password": "secret"}"#)
                return try #require(try reply.object()["token"] as? String)
            }
            let ada = try await logIn("ada")
            let me = try await harness.get("/me", headers: [("Authorization", "Bearer \(ada)")])
            #expect(me.status == 200)
            #expect(me.header("Cache-Control") == "no-cache")
            let body = try me.object()
            #expect(body["username"] as? String == "ada")
            #expect(body["logins"] as? Int == 1)

            _ = try await logIn("bob")
            let again = try await logIn("ada")
            let old = try await harness.get("/me", headers: [("Authorization", "bearer \(ada)")])
            #expect(try old.object()["logins"] as? Int == 2, "the earlier token still works; ada logged in twice")
            let new = try await harness.get("/me", headers: [("Authorization", "Bearer \(again)")])
            #expect(try new.object()["username"] as? String == "ada")
            #expect(try await harness.get("/logins").object()["count"] as? Int == 3)
        }
    }

    @Test("GET /me without a token, with another scheme or an unknown token is 401 with WWW-Authenticate: Bearer")
    func meRefused() async throws {
        try await DemoHarness.run { harness in
            let cases: [[(String, String)]] = [
                [], [("Authorization", "Basic YWRhOnNlY3JldA==")], [("Authorization", "Bearer ")],
                [("Authorization", "Bearer 0123456789abcdef0123456789abcdef")],
            ]
            for headers in cases {
                let reply = try await harness.get("/me", headers: headers)
                #expect(reply.status == 401, "\(headers)")
                #expect(reply.header("WWW-Authenticate") == "Bearer")
                #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
                #expect(try reply.object()["status"] as? Int == 401)
                #expect((try reply.object()["error"] as? String)?.isEmpty == false)
            }
        }
    }
}
