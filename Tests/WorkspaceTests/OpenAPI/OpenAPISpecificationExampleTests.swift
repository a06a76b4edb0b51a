import Foundation
import Testing

@testable import Workspace

@Suite("The OpenAPI Specification's example descriptions (reconstructed)")
struct OpenAPISpecificationExampleTests {
    @Test("petstore: three operations, a limit parameter, a 200 with a header, the Pets array")
    func petstore() throws {
        let description = try OpenAPIFixtures.description("petstore.yaml")
        #expect(description.format == .openAPI30)
        #expect(description.title == "Swagger Petstore")
        #expect(description.version == "1.0.0")
        #expect(description.servers.map(\.url) == ["http://petstore.swagger.io/v1"])
        #expect(description.operations.map(\.id) == ["listPets", "createPets", "showPetById"])
        let list = description.operations[0]
        #expect(list.parameters.map(\.name) == ["limit"])
        #expect(list.responses.map(\.status) == ["200", "default"])
        #expect(list.responses[0].headers == ["x-next"])
        let pets = try #require(list.responses[0].contents.first?.schema)
        #expect(
            SchemaExample.body(for: pets, in: description)
                == "[\n  {\n    \"id\": 0,\n    \"name\": \"string\",\n    \"tag\": \"string\"\n  }\n]")
        #expect(description.operations[1].requestBody?.isRequired == true)
        #expect(description.warnings.isEmpty)
        let match = description.operation(method: "GET", url: URL(string: "http://petstore.swagger.io/v1/pets/12")!)
        #expect(match?.operation.id == "showPetById")
        #expect(match?.pathParameters == ["petId": "12"])
    }

    @Test("petstore-expanded: descriptions without summaries, an operation id with spaces, allOf")
    func petstoreExpanded() throws {
        let description = try OpenAPIFixtures.description("petstore-expanded.json")
        #expect(description.operations.map(\.id) == ["findPets", "addPet", "find pet by id", "deletePet"])
        #expect(description.operations[0].parameters.map(\.style) == ["form", nil])
        #expect(description.operations[1].requestBody?.description == "Pet to add to the store")
        let newPet = try #require(description.operations[1].requestBody?.contents.first?.schema)
        #expect(
            SchemaExample.body(for: newPet, in: description) == "{\n  \"name\": \"string\",\n  \"tag\": \"string\"\n}")
        #expect(description.operations[3].responses.map(\.status) == ["204", "default"])
        #expect(description.warnings.isEmpty)
    }

    @Test("api-with-examples: named examples as the media types' examples, a root path")
    func apiWithExamples() throws {
        let description = try OpenAPIFixtures.description("api-with-examples.yaml")
        #expect(description.operations.map(\.id) == ["listVersionsv2", "getVersionDetailsv2"])
        #expect(description.operations.map(\.path) == ["/", "/v2"])
        let versions = description.operations[0].responses
        #expect(versions.map(\.status) == ["200", "300"])
        #expect(versions[0].contents[0].schema == nil)
        let example = try #require(versions[0].contents[0].example)
        #expect(example.hasPrefix(#"{"versions":[{"status":"CURRENT""#))
        #expect(versions[1].contents[0].example?.hasPrefix(#""{\n \"versions\""#) == true)
        #expect(
            description.operation(method: "GET", url: URL(string: "https://example.com/")!)?.operation.id
                == "listVersionsv2")
        #expect(
            description.operation(method: "GET", url: URL(string: "https://example.com/v2")!)?.operation.id
                == "getVersionDetailsv2")
    }

    @Test("link-example: deep templates, an enum, links left aside")
    func linkExample() throws {
        let description = try OpenAPIFixtures.description("link-example.yaml")
        #expect(
            description.operations.map(\.id) == [
                "getUserByName", "getRepositoriesByOwner", "getRepository", "getPullRequestsByRepository",
                "getPullRequestsById", "mergePullRequest",
            ])
        #expect(description.operations[3].parameters[2].enumValues == [#""open""#, #""merged""#, #""declined""#])
        let merge = try #require(
            description.operation(
                method: "POST",
                url: URL(string: "https://api.example.com/2.0/repositories/me/hammock/pullrequests/7/merge")!))
        #expect(merge.operation.id == "mergePullRequest")
        #expect(merge.pathParameters == ["username": "me", "slug": "hammock", "pid": "7"])
        let repository = try #require(description.operations[2].responses[0].contents[0].schema)
        #expect(
            SchemaExample.body(for: repository, in: description)
                == "{\n  \"slug\": \"string\",\n  \"owner\": {\n    \"username\": \"string\",\n    \"uuid\": \"string\"\n  }\n}"
        )
        #expect(description.warnings.isEmpty)
    }

    @Test("uspto: a server URL that starts with a variable, tags, parameter examples, a form body with defaults")
    func uspto() throws {
        let description = try OpenAPIFixtures.description("uspto.yaml")
        #expect(description.specVersion == "3.0.1")
        #expect(description.servers.map(\.url) == ["{scheme}://developer.uspto.gov/ds-api"])
        #expect(description.servers[0].resolvedURL() == "https://developer.uspto.gov/ds-api")
        #expect(description.servers[0].variables[0].enumValues == ["https", "http"])
        #expect(description.tags.map(\.name) == ["metadata", "search"])
        #expect(description.operations.map(\.id) == ["list-data-sets", "list-searchable-fields", "perform-search"])
        #expect(description.operations[1].parameters.map(\.example) == [#""oa_citations""#, #""v1""#])
        #expect(description.operations[2].parameters.map(\.example) == [#""v1""#, #""oa_citations""#])
        let search = try #require(description.operations[2].requestBody?.contents.first)
        #expect(search.mediaType == "application/x-www-form-urlencoded")
        #expect(
            SchemaExample.body(for: try #require(search.schema), in: description)
                == "{\n  \"criteria\": \"*:*\",\n  \"start\": 0,\n  \"rows\": 100\n}")
        let list = try #require(description.operations[0].responses[0].contents.first)
        #expect(list.example?.contains(#""apiKey":"oa_citations""#) == true)
        #expect(description.warnings.isEmpty)
    }
}
