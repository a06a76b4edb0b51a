import Foundation
import Testing

@Suite("writable data")
struct WritableDataTests {
    @Test("POST creates a user with 201, a Location and the new object, visible to GET")
    func createUser() async throws {
        try await DemoHarness.run { harness in
            let created = try await harness.send(.POST, "/users", json: #"{"username": "new", "name": "New User"}"#)
            #expect(created.status == 201)
            #expect(created.header("Location") == "/users/11")
            let body = try created.object()
            #expect(body["id"] as? Int == 11)
            #expect(body["name"] as? String == "New User")
            #expect(try await harness.get("/users/11").object()["username"] as? String == "new")
            #expect(try await harness.get("/users").array().count == 11)
        }
    }

    @Test("PUT replaces every field and PATCH merges the given ones")
    func replaceAndMerge() async throws {
        try await DemoHarness.run { harness in
            let put = try await harness.send(.PUT, "/users/3", json: #"{"name": "Replaced"}"#)
            #expect(put.status == 200)
            let replaced = try await harness.get("/users/3").object()
            #expect(replaced["name"] as? String == "Replaced")
            #expect(replaced["email"] as? String == "")

            let patch = try await harness.send(.PATCH, "/users/4", json: #"{"email": "x@example.org"}"#)
            #expect(patch.status == 200)
            let merged = try await harness.get("/users/4").object()
            #expect(merged["email"] as? String == "x@example.org")
            #expect(merged["name"] as? String == "Dorothy Vaughan")
        }
    }

    @Test("DELETE removes a user, then GET and a second DELETE give 404")
    func deleteUser() async throws {
        try await DemoHarness.run { harness in
            let deleted = try await harness.send(.DELETE, "/users/5")
            #expect(deleted.status == 204)
            #expect(deleted.body.isEmpty)
            #expect(try await harness.get("/users/5").status == 404)
            #expect(try await harness.send(.DELETE, "/users/5").status == 404)
            #expect(try await harness.get("/users").array().count == 9)
        }
    }

    @Test("posts are created, patched and deleted, and a post needs an existing author")
    func posts() async throws {
        try await DemoHarness.run { harness in
            let created = try await harness.send(.POST, "/posts", json: #"{"userId": 2, "title": "Hi", "body": "b"}"#)
            #expect(created.status == 201)
            #expect(created.header("Location") == "/posts/31")
            #expect(try await harness.get("/users/2/posts").array().count == 4)

            let patched = try await harness.send(.PATCH, "/posts/31", json: #"{"title": "Hello"}"#)
            #expect(try patched.object()["title"] as? String == "Hello")
            #expect(try await harness.get("/posts/31").object()["body"] as? String == "b")

            let orphan = try await harness.send(.POST, "/posts", json: #"{"userId": 99, "title": "x"}"#)
            #expect(orphan.status == 400)
            #expect(try orphan.object()["status"] as? Int == 400)

            #expect(try await harness.send(.DELETE, "/posts/31").status == 204)
            #expect(try await harness.get("/posts/31").status == 404)
        }
    }

    @Test("a malformed or non-object JSON body gives 400 with the JSON error body")
    func invalidBody() async throws {
        try await DemoHarness.run { harness in
            for json in [#"{"name": "#, "[1, 2]", "", #"{"name": 5}"#] {
                let reply = try await harness.send(.POST, "/users", json: json)
                #expect(reply.status == 400, "\(json)")
                #expect(try reply.object()["status"] as? Int == 400)
            }
            #expect(try await harness.send(.PUT, "/users/999", json: "{}").status == 404)
            #expect(try await harness.get("/users").array().count == 10)
        }
    }
}
