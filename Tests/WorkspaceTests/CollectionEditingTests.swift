import Foundation
import TestSupport
import Testing

@testable import Workspace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Saving, updating, renaming, duplicating and deleting requests")
struct CollectionEditingTests {
    private let definition = RequestDefinition(
        method: "POST", url: "{{base}}/users", headers: [HeaderField(name: "Accept", value: "application/json")],
        body: "{\"name\": \"Ada\"}\n", bodyKind: .json)

    @Test("save names the file after the request and never replaces an existing file")
    func saveUniqueNames() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(folder: folder.path("collection"))
        try folder.write("collection/users/create-a-user-2.yaml", "# someone's own file\nurl: /mine\n")

        let first = try collection.save(definition, name: "Create a user!", in: "users")
        let second = try collection.save(definition, name: "create a USER", in: "users")
        let accented = try collection.save(definition, name: "Café ☕", in: "")
        let symbols = try collection.save(definition, name: "☕☕", in: "")

        #expect(first.id == "users/create-a-user.yaml")
        #expect(second.id == "users/create-a-user-3.yaml")
        #expect(accented.id == "cafe.yaml")
        #expect(symbols.id == "request.yaml")
        #expect(
            try String(contentsOfFile: folder.path("collection/users/create-a-user-2.yaml"), encoding: .utf8)
                == "# someone's own file\nurl: /mine\n")
        let tree = try collection.load()
        #expect(tree.allRequests.count == 5)
        #expect(tree.request(id: second.id)?.name == "create a USER")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path("collection/users"))
            .filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("update writes the changed definition to the same file and keeps the name")
    func update() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(folder: folder.path)
        let saved = try collection.save(definition, name: "Create a user")
        var changed = definition
        changed.method = "PUT"
        changed.body = "changed\n\n"
        let updated = try collection.update(saved.id, definition: changed)
        #expect(updated.id == saved.id)
        let read = try collection.request(id: saved.id)
        #expect(read.definition == changed)
        #expect(read.name == "Create a user")
        #expect(try collection.load().allRequests.count == 1)
    }

    @Test("update refuses a broken file and leaves its text alone")
    func updateBroken() throws {
        let folder = try TemporaryFolder()
        let text = "name: Half written\nurl: [oops\n"
        try folder.write("half.yaml", text)
        let collection = RequestCollection(folder: folder.path)
        #expect {
            try collection.update("half.yaml", definition: definition)
        } throws: { error in
            let message = (error as? CollectionError)?.message ?? ""
            return message.contains(folder.path("half.yaml") + ", line 3") && message.hasSuffix("Fix the file first.")
        }
        #expect(try String(contentsOfFile: folder.path("half.yaml"), encoding: .utf8) == text)
    }

    @Test("rename moves the file to the new name, changing only the name line")
    func rename() throws {
        let folder = try TemporaryFolder()
        let text = "# Made by hand\nname: Old name  # a comment\nmethod: GET\nurl: /old   # kept\n"
        try folder.write("group/old-name.yaml", text)
        try folder.write("group/new-name.yaml", "url: /taken\n")
        let collection = RequestCollection(folder: folder.path)

        let renamed = try collection.rename("group/old-name.yaml", to: "New name")

        #expect(renamed.id == "group/new-name-2.yaml")
        #expect(renamed.name == "New name")
        #expect(FileManager.default.fileExists(atPath: folder.path("group/old-name.yaml")) == false)
        #expect(
            try String(contentsOfFile: folder.path("group/new-name-2.yaml"), encoding: .utf8)
                == "# Made by hand\nname: New name\nmethod: GET\nurl: /old   # kept\n")
        #expect(try String(contentsOfFile: folder.path("group/new-name.yaml"), encoding: .utf8) == "url: /taken\n")

        let sameFile = try collection.rename(renamed.id, to: "NEW NAME")
        #expect(sameFile.id == renamed.id)
        #expect(try collection.request(id: renamed.id).name == "NEW NAME")
    }

    @Test("a file without a name line gets one on rename")
    func renameAddsName() throws {
        let folder = try TemporaryFolder()
        try folder.write("health.yaml", "url: /health\n")
        let renamed = try RequestCollection(folder: folder.path).rename("health.yaml", to: "Health: check")
        #expect(renamed.id == "health-check.yaml")
        #expect(
            try String(contentsOfFile: folder.path("health-check.yaml"), encoding: .utf8)
                == "name: \"Health: check\"\nurl: /health\n")
    }

    @Test("duplicate copies the file under a new name in the same group, delete removes it")
    func duplicateAndDelete() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(folder: folder.path)
        let saved = try collection.save(definition, name: "Create a user", in: "users")

        let copy = try collection.duplicate(saved.id)
        let named = try collection.duplicate(saved.id, as: "Create an admin")

        #expect(copy.id == "users/create-a-user-copy.yaml")
        #expect(copy.name == "Create a user (copy)")
        #expect(named.id == "users/create-an-admin.yaml")
        #expect(try collection.request(id: copy.id).definition == definition)
        #expect(try collection.load().allRequests.count == 3)

        try collection.delete(copy.id)
        #expect(try collection.load().allRequests.map(\.id).sorted() == [named.id, saved.id].sorted())
        #expect {
            try collection.delete(copy.id)
        } throws: { error in
            (error as? CollectionError)?.message == "Could not delete \(folder.path(copy.id)): it does not exist."
        }
    }

    @Test("ids outside the collection, hidden or in environments are refused")
    func badIDs() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(folder: folder.path("c"))
        try folder.write("secret.yaml", "url: /x\n")
        for id in ["../secret.yaml", "/etc/passwd.yaml", "a//b.yaml", ".hidden.yaml", "notes.txt", ""] {
            #expect(throws: CollectionError.self) { try collection.delete(id) }
        }
        #expect(throws: CollectionError.self) { try collection.save(definition, name: "x", in: "environments") }
        #expect(throws: CollectionError.self) { try collection.save(definition, name: "x", in: "../out") }
        #expect(throws: CollectionError.self) { try collection.save(definition, name: "  ", in: "") }
        #expect(throws: CollectionError.self) { try collection.save(definition, name: "two\nlines", in: "") }
        #expect(FileManager.default.fileExists(atPath: folder.path("secret.yaml")))
    }

    @Test("groups are created as folders")
    func createGroup() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(folder: folder.path)
        let group = try collection.createGroup("Admin tools", in: "")
        let nested = try collection.createGroup("reports", in: group.id)
        #expect(nested.id == "Admin tools/reports")
        #expect(try collection.load().group(id: "Admin tools/reports") != nil)
        #expect(throws: CollectionError.self) { try collection.createGroup(".hidden") }
    }

    @Test("saving into a folder that cannot be written is an error naming the folder")
    func unwritableFolder() throws {
        let folder = try TemporaryFolder()
        let target: String
        let expectedReason: String
        if geteuid() == 0 {
            // chmod does not stop root: a path below a regular file fails for everyone.
            try folder.write("plain-file", "x")
            target = folder.path("plain-file/collection")
            expectedReason = "a part of the path is a file, not a folder"
        } else {
            try FileManager.default.createDirectory(atPath: folder.path("locked"), withIntermediateDirectories: false)
            chmod(folder.path("locked"), 0o555)
            target = folder.path("locked")
            expectedReason = "permission denied"
        }
        defer { chmod(folder.path("locked"), 0o755) }
        let collection = RequestCollection(folder: target)
        #expect {
            try collection.save(definition, name: "Create a user")
        } throws: { error in
            guard let error = error as? CollectionError else { return false }
            return error.message.hasPrefix("Could not save “Create a user” in \(folder.path)/")
                && error.message.hasSuffix(": \(expectedReason).")
        }
    }
}
