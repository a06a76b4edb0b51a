import Foundation
import TestSupport
import Testing
import Workspace

/// Requests from a description written into a collection, and merged again from a newer one.
@Suite("collection sync from a description")
struct CollectionSyncTests {
    static func request(
        _ key: String, _ method: String, _ url: String, group: String = "pets", headers: [HeaderField] = [],
        body: String? = nil
    ) -> GeneratedRequest {
        GeneratedRequest(
            key: key, group: group, name: key,
            definition: RequestDefinition(
                method: method, url: url, headers: headers, body: body, bodyKind: body == nil ? nil : .json))
    }

    static let first = [
        request("listPets", "GET", "{{base}}/pets"),
        request(
            "createPet", "POST", "{{base}}/pets", headers: [HeaderField(name: "X-Trace", value: "1")],
            body: "{\n  \"name\": \"Rex\"\n}"),
        request("getPet", "GET", "{{base}}/pets/1"),
        request("deletePet", "DELETE", "{{base}}/pets/1"),
        request("health", "GET", "{{base}}/health", group: ""),
    ]

    @Test("the first run writes a file per operation, a folder per tag, and keeps the description")
    func firstImport() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(folder: folder.path("api"))
        let sync = CollectionSync(collection: collection)
        #expect(!sync.hasBase)
        let report = try sync.apply(
            Self.first, source: "http://x/openapi.json", description: Data("{}".utf8), fileExtension: "json")
        #expect(
            report.changes == [
                .added(file: "pets/listpets.yaml"), .added(file: "pets/createpet.yaml"),
                .added(file: "pets/getpet.yaml"),
                .added(file: "pets/deletepet.yaml"), .added(file: "health.yaml"),
            ])
        #expect(sync.hasBase)
        #expect(try collection.request(id: "pets/createpet.yaml").definition?.body == "{\n  \"name\": \"Rex\"\n}")
        #expect(try String(contentsOfFile: folder.path("api/.openapi/description.json"), encoding: .utf8) == "{}")
        // Run again on the same description: nothing to do.
        let again = try sync.apply(Self.first, source: "x", description: Data("{}".utf8), fileExtension: "json")
        #expect(again.changes.isEmpty && again.unchanged == 5)
    }

    @Test(
        "a re-import keeps the user's edits, follows the description elsewhere, adds new and moves removed operations")
    func reimport() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(folder: folder.path("api"))
        let sync = CollectionSync(collection: collection)
        _ = try sync.apply(Self.first, source: "s", description: Data("{}".utf8), fileExtension: "json")

        // The user edits getPet's URL and createPet's body, and deletes the health request's file.
        var getPet = try #require(try collection.request(id: "pets/getpet.yaml").definition)
        getPet.url = "{{base}}/pets/42"
        try collection.update("pets/getpet.yaml", definition: getPet)
        var createPet = try #require(try collection.request(id: "pets/createpet.yaml").definition)
        createPet.body = "{\n  \"name\": \"Fido\"\n}"
        try collection.update("pets/createpet.yaml", definition: createPet)
        try FileManager.default.removeItem(atPath: folder.path("api/health.yaml"))

        // The new description: getPet's URL and createPet's header and body change, listPets
        // gains a header, deletePet is gone, updatePet is new.
        let second = [
            Self.request(
                "listPets", "GET", "{{base}}/pets", headers: [HeaderField(name: "Accept", value: "application/json")]),
            Self.request(
                "createPet", "POST", "{{base}}/pets", headers: [HeaderField(name: "X-Trace", value: "2")],
                body: "{\n  \"name\": \"Rex\",\n  \"tag\": \"dog\"\n}"),
            Self.request("getPet", "GET", "{{base}}/v2/pets/1"),
            Self.request("updatePet", "PUT", "{{base}}/pets/1", body: "{}"),
            Self.request("health", "GET", "{{base}}/health", group: ""),
        ]
        let report = try sync.apply(second, source: "s", description: Data("a: 1\n".utf8), fileExtension: "yaml")
        #expect(report.changes.contains(.updated(file: "pets/listpets.yaml", fields: ["header Accept"])))
        #expect(report.changes.contains(.updated(file: "pets/createpet.yaml", fields: ["header X-Trace"])))
        #expect(
            report.changes.contains(
                .keptEdit(file: "pets/createpet.yaml", field: "body", description: #"{ "name": "Rex", "tag": "dog" }"#))
        )
        #expect(
            report.changes.contains(
                .keptEdit(file: "pets/getpet.yaml", field: "url", description: "{{base}}/v2/pets/1")))
        #expect(report.changes.contains(.added(file: "pets/updatepet.yaml")))
        #expect(report.changes.contains(.removed(file: "pets/deletepet.yaml", to: "removed/pets/deletepet.yaml")))
        #expect(report.changes.contains(.fileGone(file: "health.yaml")))

        let listPets = try collection.request(id: "pets/listpets.yaml").definition
        #expect(listPets?.headers == [HeaderField(name: "Accept", value: "application/json")])
        let merged = try collection.request(id: "pets/createpet.yaml").definition
        #expect(merged?.body == "{\n  \"name\": \"Fido\"\n}", "the user's body stays")
        #expect(merged?.headers == [HeaderField(name: "X-Trace", value: "2")], "the untouched header follows")
        #expect(try collection.request(id: "pets/getpet.yaml").definition?.url == "{{base}}/pets/42")
        #expect(try collection.request(id: "removed/pets/deletepet.yaml").definition?.method == "DELETE")
        #expect(!FileManager.default.fileExists(atPath: folder.path("api/pets/deletepet.yaml")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("api/health.yaml")), "a deleted file stays deleted")
        #expect(FileManager.default.fileExists(atPath: folder.path("api/.openapi/description.yaml")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("api/.openapi/description.json")))
        #expect(report.description.hasSuffix("1 added, 2 updated, 1 moved to removed/, 2 edits kept, 0 unchanged"))

        // A third run on the same description changes nothing, and the health file stays gone.
        let third = try sync.apply(second, source: "s", description: Data("a: 1\n".utf8), fileExtension: "yaml")
        #expect(third.changes.allSatisfy { if case .fileGone = $0 { true } else { false } }, "\(third.changes)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("api/health.yaml")))
    }

    @Test("a header the user removed stays removed; a file broken by hand is left as it is")
    func removedHeaderAndBrokenFile() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(folder: folder.path("api"))
        let sync = CollectionSync(collection: collection)
        _ = try sync.apply(Self.first, source: "s", description: Data(), fileExtension: "json")
        var createPet = try #require(try collection.request(id: "pets/createpet.yaml").definition)
        createPet.headers = []
        try collection.update("pets/createpet.yaml", definition: createPet)
        try "method: [".write(toFile: folder.path("api/pets/getpet.yaml"), atomically: true, encoding: .utf8)
        let report = try sync.apply(Self.first, source: "s", description: Data(), fileExtension: "json")
        #expect(try collection.request(id: "pets/createpet.yaml").definition?.headers == [])
        #expect(
            report.changes.contains { if case .unreadable(file: "pets/getpet.yaml", _) = $0 { true } else { false } })
        #expect(try String(contentsOfFile: folder.path("api/pets/getpet.yaml"), encoding: .utf8) == "method: [")
    }

    @Test("a damaged state file is named and nothing is written")
    func damagedBase() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(folder: folder.path("api"))
        try FileManager.default.createDirectory(atPath: folder.path("api/.openapi"), withIntermediateDirectories: true)
        try "nonsense".write(toFile: folder.path("api/.openapi/base.json"), atomically: true, encoding: .utf8)
        #expect {
            try CollectionSync(collection: collection).apply(
                Self.first, source: "s", description: Data(), fileExtension: "json")
        } throws: { error in
            (error as? CollectionError)?.message.contains("base.json is not what an earlier import wrote") == true
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("api/pets")))
    }

    @Test("repeated headers merge as one field; a header the description drops goes unless edited")
    func headerMerges() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(folder: folder.path("api"))
        let sync = CollectionSync(collection: collection)
        let first = [
            Self.request(
                "a", "GET", "{{base}}/a",
                headers: [
                    HeaderField(name: "X-Tag", value: "1"), HeaderField(name: "Accept", value: "text/plain"),
                    HeaderField(name: "X-Tag", value: "2"), HeaderField(name: "X-Old", value: "o"),
                ])
        ]
        _ = try sync.apply(first, source: "s", description: Data(), fileExtension: "json")
        // The user changes the second X-Tag; the description drops X-Old and changes Accept.
        var mine = try #require(try collection.request(id: "pets/a.yaml").definition)
        mine.headers[2].value = "two"
        try collection.update("pets/a.yaml", definition: mine)
        let second = [
            Self.request(
                "a", "GET", "{{base}}/a",
                headers: [
                    HeaderField(name: "X-Tag", value: "1"), HeaderField(name: "Accept", value: "application/json"),
                    HeaderField(name: "X-Tag", value: "2"),
                ])
        ]
        let report = try sync.apply(second, source: "s", description: Data(), fileExtension: "json")
        let merged = try #require(try collection.request(id: "pets/a.yaml").definition)
        #expect(
            merged.headers == [
                HeaderField(name: "X-Tag", value: "1"), HeaderField(name: "X-Tag", value: "two"),
                HeaderField(name: "Accept", value: "application/json"),
            ], "both X-Tag values kept, the edited one as edited: \(merged.headers)")
        #expect(report.changes == [.updated(file: "pets/a.yaml", fields: ["header Accept", "header X-Old"])])
    }

    @Test("a repeated operationId is told apart by method and path; reserved folder names are renamed")
    func descriptionKeys() throws {
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
             "paths": {"/a": {"get": {"operationId": "same", "tags": ["environments"], "responses": {}}},
                       "/b": {"get": {"operationId": "same", "responses": {}}},
                       "/c": {"get": {"operationId": "own", "tags": ["removed"], "responses": {}}}}}
            """#
        let description = try APIDescription.parse(Data(text.utf8), sourceURL: nil) { _ in
            throw CocoaError(.fileNoSuchFile)
        }
        let requests = DescriptionImport.requests(from: description)
        #expect(requests.map(\.key) == ["GET /a", "GET /b", "own"])
        #expect(requests.map(\.group) == ["tag-environments", "", "tag-removed"])
    }
}
