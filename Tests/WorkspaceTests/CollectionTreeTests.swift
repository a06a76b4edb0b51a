import Foundation
import TestSupport
import Testing

@testable import Workspace

@Suite("A collection folder loads as a tree of groups and requests")
struct CollectionTreeTests {
    @Test("subfolders are groups; hidden files, other files and environments are skipped")
    func treeWithGroups() throws {
        let folder = try TemporaryFolder()
        try folder.write("list-users.yaml", "name: List users\nurl: \"{{base}}/users\"\n")
        try folder.write("health.yml", "url: /health\n")
        try folder.write("users/admin/promote.yaml", "name: Promote\nmethod: post\nurl: /users/1/promote\n")
        try folder.write("users/create.yaml", "name: Create a user\nmethod: POST\nurl: /users\n")
        try folder.write("empty-group/.keep", "")
        try folder.write(".hidden.yaml", "url: /hidden\n")
        try folder.write(".git/config.yaml", "url: /git\n")
        try folder.write("notes.txt", "not a request\n")
        try folder.write("environments/dev.yaml", "base: http://localhost\n")
        try folder.write("users/.draft.yaml", "url: /draft\n")

        let tree = try RequestCollection(folder: folder.path).load()

        #expect(tree.root.id == "")
        #expect(tree.root.requests.map(\.id) == ["health.yml", "list-users.yaml"])
        #expect(tree.root.requests.map(\.name) == ["health", "List users"])
        #expect(tree.root.groups.map(\.id) == ["empty-group", "users"])
        let users = try #require(tree.group(id: "users"))
        #expect(users.requests.map(\.name) == ["Create a user"])
        #expect(users.groups.map(\.id) == ["users/admin"])
        let promote = try #require(tree.request(id: "users/admin/promote.yaml"))
        #expect(promote.definition?.method == "POST")
        #expect(promote.group == "users/admin")
        #expect(promote.fileName == "promote.yaml")
        #expect(tree.allRequests.count == 4)
        #expect(tree.problems.isEmpty)
        #expect(tree.group(id: "empty-group")?.requests.isEmpty == true)
    }

    @Test("a broken YAML file is listed with its file, line and reason, and the rest still loads")
    func brokenFileListed() throws {
        let folder = try TemporaryFolder()
        try folder.write("good.yaml", "name: Good\nurl: /good\n")
        try folder.write("broken.yaml", "name: Broken\nurl: /x\nheaders:\n  - [unclosed\n")
        try folder.write("typo.yaml", "name: Typo\nurl: /x\nbdy: |\n  text\n")
        try folder.write("binary.yaml", "")
        try Data([0xFF, 0xFE, 0x00, 0x41]).write(to: URL(fileURLWithPath: folder.path("binary.yaml")))

        let tree = try RequestCollection(folder: folder.path).load()

        #expect(tree.allRequests.count == 4)
        let broken = try #require(tree.request(id: "broken.yaml"))
        #expect(broken.definition == nil)
        #expect(broken.name == "broken")
        let problem = try #require(broken.problem)
        #expect(problem.path == folder.path("broken.yaml"))
        #expect(problem.line == 5)
        #expect(problem.message.hasPrefix(folder.path("broken.yaml") + ", line 5: not valid YAML"))
        let typo = try #require(tree.request(id: "typo.yaml")?.problem)
        #expect(typo.line == 3)
        #expect(typo.message.contains("unknown key “bdy”"))
        #expect(tree.request(id: "binary.yaml")?.problem?.reason == "is not UTF-8 text")
        #expect(tree.request(id: "good.yaml")?.definition?.url == "/good")
        #expect(tree.problems.count == 3)
    }

    @Test("a missing collection folder is an error naming it; the default folder is .hammock when it exists")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path("nope")
        #expect {
            try RequestCollection(folder: missing).load()
        } throws: { error in
            (error as? CollectionError)?.message == "The collection folder \(missing) does not exist."
        }
        #expect(RequestCollection.defaultFolder(in: folder.path) == nil)
        try FileManager.default.createDirectory(atPath: folder.path(".hammock"), withIntermediateDirectories: false)
        #expect(RequestCollection.defaultFolder(in: folder.path) == folder.path(".hammock"))
    }

    @Test("a folder linked into itself is listed once, without looping")
    func symlinkLoop() throws {
        let folder = try TemporaryFolder()
        try folder.write("a/one.yaml", "url: /one\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path("a/loop"), withDestinationPath: folder.path("a"))
        let tree = try RequestCollection(folder: folder.path).load()
        #expect(tree.allRequests.map(\.id) == ["a/one.yaml"])
    }
}
