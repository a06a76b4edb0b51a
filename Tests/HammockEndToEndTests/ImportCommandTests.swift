import DemoAPI
import Foundation
import TestSupport
import Testing

/// `hammock import openapi` as a whole process, against the demo API's own description.
@Suite("hammock import openapi on the command line")
struct ImportCommandTests {
    @Test(
        "a collection from the demo's description; re-imported from a changed copy, edits stay, new ones come, removed ones move"
    )
    func importAndReimport() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.shutdown() } }
        let folder = try TemporaryFolder(prefix: "hammock-import")
        let url = server.baseURL.absoluteString + "openapi.json"
        let first = try await HammockProcess.run(["import", "openapi", url, "--into", folder.path("api")])
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.hasPrefix("hammock demo API 1.0.0: "), "\(first.output)")
        #expect(first.output.contains("+ users/list-the-users.yaml"))
        #expect(first.output.contains("env environments/this-server.yaml"))
        let created = try String(contentsOfFile: folder.path("api/users/create-a-user.yaml"), encoding: .utf8)
        #expect(created.contains("method: POST"), "\(created)")
        #expect(created.contains("{{base}}/users") && !created.contains("{{base}}//"), "\(created)")
        #expect(created.contains("ada@example.org"), "the description's example is the body")
        let environment = try String(contentsOfFile: folder.path("api/environments/this-server.yaml"), encoding: .utf8)
        let base = server.baseURL.absoluteString.dropLast()
        #expect(environment.contains("base: \(base)\n") || environment.contains("base: '\(base)'\n"), "\(environment)")
        #expect(FileManager.default.fileExists(atPath: folder.path("api/.openapi/description.json")))

        // The user edits a request; the description changes: getUser gone, a new one added.
        let getPost = folder.path("api/posts/get-a-post.yaml")
        let original = try String(contentsOfFile: getPost, encoding: .utf8)
        let edited = original.replacingOccurrences(of: "/posts/1", with: "/posts/2")
        #expect(edited != original, "the generated URL names post 1: \(original)")
        try edited.write(toFile: getPost, atomically: true, encoding: .utf8)
        let saved = try String(contentsOfFile: folder.path("api/.openapi/description.json"), encoding: .utf8)
        // getUser renamed, /health added, and post 3 the path example: the user's edit of that URL stays.
        let changed =
            saved
            .replacingOccurrences(of: #""operationId": "getUser""#, with: #""operationId": "fetchUser""#)
            .replacingOccurrences(of: #""minimum": 1 }, "example": 1 }"#, with: #""minimum": 1 }, "example": 3 }"#)
            .replacingOccurrences(
                of: #""/users/{id}/posts": {"#,
                with:
                    #""/health": { "get": { "operationId": "health", "summary": "Is it up", "responses": { "200": { "description": "yes" } } } }, "/users/{id}/posts": {"#
            )
        let newer = try folder.write("newer.json", changed)
        let second = try await HammockProcess.run(["import", "openapi", newer, "--into", folder.path("api")])
        #expect(second.status == 0, "\(second.error)")
        #expect(second.output.contains("+ is-it-up.yaml"), "\(second.output)")
        #expect(second.output.contains("- users/get-a-user.yaml → removed/users/get-a-user.yaml"))
        #expect(second.output.contains("+ users/get-a-user.yaml"), "the renamed operation is new")
        #expect(try String(contentsOfFile: getPost, encoding: .utf8) == edited, "the edit stays")
        #expect(second.output.contains("= posts/get-a-post.yaml: your url kept"), "\(second.output)")
        #expect(FileManager.default.fileExists(atPath: folder.path("api/removed/users/get-a-user.yaml")))

        let broken = try folder.write("broken.json", "{\"openapi\": ")
        let failed = try await HammockProcess.run(["import", "openapi", broken, "--into", folder.path("api")])
        #expect(failed.status == 1)
        #expect(failed.error.hasPrefix("hammock import openapi: \(broken) could not be used: "), "\(failed.error)")
    }
}
