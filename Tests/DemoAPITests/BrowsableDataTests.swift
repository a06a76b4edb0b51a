import DemoAPI
import Foundation
import Testing

@Suite("browsable data")
struct BrowsableDataTests {
    @Test("the index names the API and links the main routes with root-relative paths")
    func indexLinks() async throws {
        try await DemoHarness.run { harness in
            let reply = try await harness.get("/")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
            let index = try reply.object()
            #expect(index["name"] as? String == "hammock demo API")
            let links = try #require(index["links"] as? [String: String])
            #expect(links["users"] == "/users")
            #expect(links["posts"] == "/posts")
            #expect(links["echo"] == "/echo")
            #expect(links["errors"] == "/errors/500")
            for name in ["users", "posts", "text", "echo", "counter", "paged", "headers"] {
                let link = try #require(links[name])
                let followed = try await harness.get(link)
                #expect(followed.status == 200, "link \(name) -> \(link)")
            }
        }
    }

    @Test("the user list holds the 10 seed users with links")
    func userList() async throws {
        try await DemoHarness.run { harness in
            let users = try await harness.get("/users").array()
            #expect(users.count == 10)
            #expect(users.first?["url"] as? String == "/users/1")
            #expect(users.last?["id"] as? Int == 10)
        }
    }

    @Test("a user has its fields and links to its posts, which link back")
    func userRead() async throws {
        try await DemoHarness.run { harness in
            let user = try await harness.get("/users/1").object()
            #expect(user["id"] as? Int == 1)
            #expect(user["username"] as? String == "alovelace")
            #expect(user["name"] as? String == "Ada Lovelace")
            #expect(user["email"] as? String == "ada@example.org")
            #expect(user["url"] as? String == "/users/1")
            let postsLink = try #require(user["posts"] as? String)
            #expect(postsLink == "/users/1/posts")
            let posts = try await harness.get(postsLink).array()
            #expect(posts.count == 3)
            let postLink = try #require(posts.first?["url"] as? String)
            let post = try await harness.get(postLink).object()
            #expect(post["user"] as? String == "/users/1")
            #expect(post["userId"] as? Int == 1)
            let comments = try await harness.get(try #require(post["comments"] as? String)).array()
            #expect(comments.count == 2)
            let comment = try await harness.get(try #require(comments.first?["url"] as? String)).object()
            #expect(comment["post"] as? String == postLink)
        }
    }

    @Test("an unknown id or path gives 404 with the JSON error body")
    func notFound() async throws {
        try await DemoHarness.run { harness in
            for path in ["/users/999", "/users/abc", "/posts/999/comments", "/comments/0", "/no/such/route"] {
                let reply = try await harness.get(path)
                #expect(reply.status == 404, "\(path)")
                #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
                let body = try reply.object()
                #expect(body["status"] as? Int == 404)
                #expect((body["error"] as? String)?.isEmpty == false)
            }
        }
    }

    @Test("each server starts from the same seed data and keeps its own changes")
    func separateServers() async throws {
        try await DemoHarness.run { first in
            let deleted = try await first.send(.DELETE, "/users/2")
            #expect(deleted.status == 204)
            try await DemoHarness.run { second in
                let status = try await second.get("/users/2").status
                #expect(status == 200)
            }
            #expect(try await first.get("/users/2").status == 404)
        }
    }
}
