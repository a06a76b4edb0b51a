import Foundation
import Testing

@testable import Workspace

/// A folder of `.http` files opens as a collection: each file a group of its requests, and
/// edits rewrite only the request's own block.
@Suite("A collection with .http files")
struct HTTPFileCollectionTests {
    static let text = """
        @base = http://localhost:8080

        ### List users
        GET {{base}}/users
        Accept: application/json

        ### Create a user
        # a comment kept as it is
        POST {{base}}/users
        Content-Type: application/json

        {"name": "Ada"}

        """

    func collection() throws -> (RequestCollection, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("http-collection-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder + "/api", withIntermediateDirectories: true)
        try Data(Self.text.utf8).write(to: URL(fileURLWithPath: folder + "/api/users.http"))
        return (RequestCollection(folder: folder), folder)
    }

    @Test("each file is a group of its requests, in file order")
    func listed() throws {
        let (collection, folder) = try collection()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tree = try collection.load()
        let group = try #require(tree.root.groups.first?.groups.first)
        #expect(group.id == "api/users.http")
        #expect(group.requests.map(\.name) == ["List users", "Create a user"])
        #expect(group.requests.map(\.id) == ["api/users.http#1", "api/users.http#2"])
        #expect(group.requests[1].group == "api/users.http")
        #expect(group.requests[1].fileName == "users.http")
        #expect(group.requests[1].definition?.body == #"{"name": "Ada"}"#)
        #expect(try collection.request(id: "api/users.http#2").name == "Create a user")
    }

    @Test("updating a request rewrites only its block; checks are written as directives")
    func update() throws {
        let (collection, folder) = try collection()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var definition = try #require(try collection.request(id: "api/users.http#1").definition)
        definition.url = "{{base}}/users?page=2"
        try collection.update("api/users.http#1", definition: definition)
        try collection.update("api/users.http#1", checks: RequestChecks(assertions: ["status == 200"]))
        let text = try String(contentsOfFile: folder + "/api/users.http", encoding: .utf8)
        #expect(text.contains("GET {{base}}/users?page=2\n"), "\(text)")
        #expect(text.contains("# @assert status == 200"), "\(text)")
        let after = text.components(separatedBy: "### Create a user")[1]
        #expect(
            "### Create a user" + after == "### Create a user"
                + Self.text.components(separatedBy: "### Create a user")[1])
        #expect(try collection.request(id: "api/users.http#1").checks.assertions == ["status == 200"])
    }

    @Test("rename and duplicate work in the file; delete is left to the file")
    func renameDuplicateDelete() throws {
        let (collection, folder) = try collection()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try collection.rename("api/users.http#2", to: "Add a user")
        #expect(try collection.request(id: "api/users.http#2").name == "Add a user")
        let copy = try collection.duplicate("api/users.http#1")
        #expect(copy.id == "api/users.http#3")
        #expect(try collection.load().root.groups[0].groups[0].requests.count == 3)
        #expect(throws: CollectionError.self) { try collection.delete("api/users.http#1") }
        let added = try collection.save(RequestDefinition(method: "GET", url: "/x"), name: "X", in: "api/users.http")
        #expect(added.id == "api/users.http#4")
    }

    @Test("a broken .http file is listed with its problem")
    func broken() throws {
        let (collection, folder) = try collection()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("GET\n".utf8).write(to: URL(fileURLWithPath: folder + "/api/broken.http"))
        let group = try #require(try collection.load().root.groups[0].groups.first { $0.name == "broken.http" })
        #expect(group.problem?.contains("broken.http") == true, "\(group.problem ?? "")")
    }
}
