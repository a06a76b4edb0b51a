import Foundation
import Testing

@testable import Workspace

@Suite("Reading Swagger 2.0 descriptions")
struct SwaggerReaderTests {
    private func operation(_ id: String, in description: APIDescription) throws -> APIOperation {
        try #require(description.operations.first { $0.id == id })
    }

    @Test("a flasgger-style description: servers from schemes, host and basePath, tags, definitions")
    func topLevel() throws {
        let description = try OpenAPIFixtures.description("flasgger-todo.json")
        #expect(description.format == .swagger20)
        #expect(description.specVersion == "2.0")
        #expect(description.title == "Todo API")
        #expect(description.version == "0.0.1")
        #expect(
            description.servers.map(\.url) == ["http://todo.example.com:5000/api", "https://todo.example.com:5000/api"])
        #expect(description.tags.map(\.name) == ["todos", "files"])
        #expect(
            description.operations.map(\.id) == ["list_todos", "create_todo", "get_todo", "update_todo", "attach_file"])
        #expect(description.security == [APISecurityRequirement(schemes: ["basicAuth": []])])
        #expect(
            description.warnings == [
                "paths./todos/{todo_id}/attachment.post.parameters[3]: unknown parameter location “body-ish”; skipped"
            ])
    }

    @Test("query and header parameters are their own schemas; examples from x-example and default; enums from items")
    func parameters() throws {
        let description = try OpenAPIFixtures.description("flasgger-todo.json")
        let list = try operation("list_todos", in: description)
        #expect(list.parameters.map(\.name) == ["page_size", "status", "X-Trace"])
        let pageSize = list.parameters[0]
        #expect(pageSize.location == .query)
        #expect(pageSize.example == "20")
        #expect(
            pageSize.schema == APISchemaReference(documentURI: description.rootURI, pointer: "/parameters/pageSize"))
        #expect(list.parameters[1].enumValues == [#""open""#, #""done""#])
        #expect(list.parameters[1].schema?.pointer == "/paths/~1todos/get/parameters/1")
        #expect(list.parameters[2].example == #""trace-1""#)
        #expect(list.requestBody == nil)
        #expect(list.security?.count == 2)
    }

    @Test("a body parameter is the request body, one media type for each type consumed")
    func bodyParameter() throws {
        let description = try OpenAPIFixtures.description("flasgger-todo.json")
        let create = try operation("create_todo", in: description)
        #expect(create.parameters.isEmpty)
        let body = try #require(create.requestBody)
        #expect(body.isRequired)
        #expect(body.description == "The task")
        #expect(body.contents.map(\.mediaType) == ["application/json", "application/xml"])
        #expect(body.contents.allSatisfy { $0.schema?.pointer == "/paths/~1todos/post/parameters/0/schema" })
        #expect(create.security == [APISecurityRequirement(schemes: ["oauth": ["write"]])])
        let example = try #require(SchemaExample.body(for: body.contents[0].schema!, in: description))
        #expect(
            example == """
                {
                  "task": "Buy milk",
                  "done": false,
                  "due": "2026-01-01T00:00:00Z",
                  "owner": {
                    "email": "user@example.com",
                    "name": "string"
                  }
                }
                """)
    }

    @Test("form fields stay parameters and make a schema-less form body, multipart when a field is a file")
    func formData() throws {
        let description = try OpenAPIFixtures.description("flasgger-todo.json")
        let update = try operation("update_todo", in: description)
        #expect(update.isDeprecated)
        #expect(update.parameters.map(\.name) == ["todo_id", "task", "done"])
        #expect(update.parameters.map(\.location) == [.path, .formData, .formData])
        #expect(update.parameters[2].example == "false")
        #expect(
            update.requestBody
                == APIRequestBody(
                    isRequired: true, description: nil,
                    contents: [APIMediaType(mediaType: "application/x-www-form-urlencoded", schema: nil, example: nil)])
        )
        let attach = try operation("attach_file", in: description)
        #expect(attach.parameters.map(\.name) == ["todo_id", "file", "note"])
        #expect(attach.requestBody?.contents.map(\.mediaType) == ["multipart/form-data"])
        #expect(attach.requestBody?.isRequired == true)
    }

    @Test("responses: schema for each type produced, examples by type, headers, $refs to shared responses")
    func responses() throws {
        let description = try OpenAPIFixtures.description("flasgger-todo.json")
        let list = try operation("list_todos", in: description)
        let ok = list.responses[0]
        #expect(ok.headers == ["X-Total-Count"])
        #expect(ok.contents.map(\.mediaType) == ["application/json"])
        #expect(ok.contents[0].schema?.pointer == "/paths/~1todos/get/responses/200/schema")
        #expect(ok.contents[0].example == #"[{ "id": 1, "task": "Buy milk", "done": false }]"#)
        let get = try operation("get_todo", in: description)
        #expect(get.parameters.map(\.name) == ["todo_id"])
        #expect(get.parameters[0].isRequired)
        #expect(get.responses.map(\.status) == ["200", "404"])
        #expect(get.responses[0].contents.map(\.mediaType) == ["application/json", "text/plain"])
        #expect(get.responses[1].description == "No such task")
        #expect(get.responses[1].contents[0].schema?.pointer == "/responses/NotFound/schema")
        let update = try operation("update_todo", in: description)
        #expect(update.responses[0].contents.isEmpty)
    }

    @Test("security definitions: basic, API keys, OAuth 2 flows with their 3.0 names")
    func securityDefinitions() throws {
        let description = try OpenAPIFixtures.description("flasgger-todo.json")
        #expect(
            description.securitySchemes == [
                APISecurityScheme(name: "basicAuth", kind: .http(scheme: "basic", bearerFormat: nil)),
                APISecurityScheme(name: "APIKeyHeader", kind: .apiKey(name: "X-API-KEY", location: .header)),
                APISecurityScheme(name: "APIKeyQuery", kind: .apiKey(name: "token", location: .query)),
                APISecurityScheme(
                    name: "oauth",
                    kind: .oauth2(flows: [
                        APIOAuthFlow(
                            name: "authorizationCode", authorizationURL: "https://todo.example.com/oauth/authorize",
                            tokenURL: "https://todo.example.com/oauth/token", scopes: ["read", "write"])
                    ])),
                APISecurityScheme(
                    name: "implicit",
                    kind: .oauth2(flows: [
                        APIOAuthFlow(
                            name: "implicit", authorizationURL: "https://todo.example.com/oauth/dialog",
                            scopes: ["read"])
                    ])),
            ])
    }

    @Test("the Swagger petstore: body and form parameters, a file upload, enums of array items")
    func petstore() throws {
        let description = try OpenAPIFixtures.description("swagger-petstore.json")
        #expect(description.servers.map(\.url) == ["https://petstore.swagger.io/v2", "http://petstore.swagger.io/v2"])
        #expect(
            description.operations.map(\.id) == [
                "updatePet", "addPet", "findPetsByStatus", "getPetById", "updatePetWithForm", "deletePet", "uploadFile",
                "getInventory", "placeOrder", "loginUser",
            ])
        let upload = try operation("uploadFile", in: description)
        #expect(upload.requestBody?.contents.map(\.mediaType) == ["multipart/form-data"])
        #expect(upload.requestBody?.isRequired == false)
        let byStatus = try operation("findPetsByStatus", in: description)
        #expect(byStatus.parameters[0].enumValues == [#""available""#, #""pending""#, #""sold""#])
        #expect(SchemaExample.value(for: byStatus.parameters[0], in: description) == "available")
        let form = try operation("updatePetWithForm", in: description)
        #expect(form.requestBody?.contents.map(\.mediaType) == ["application/x-www-form-urlencoded"])
        let add = try operation("addPet", in: description)
        #expect(add.requestBody?.contents.map(\.mediaType) == ["application/json", "application/xml"])
        #expect(
            try operation("loginUser", in: description).responses[0].headers == ["X-Rate-Limit", "X-Expires-After"])
        #expect(description.warnings.isEmpty)
        let schema = try #require(add.requestBody?.contents[0].schema)
        #expect(
            SchemaExample.body(for: schema, in: description) == """
                {
                  "name": "doggie",
                  "photoUrls": [
                    "string"
                  ],
                  "id": 0,
                  "category": {
                    "id": 0,
                    "name": "string"
                  },
                  "tags": [
                    {
                      "id": 0,
                      "name": "string"
                    }
                  ],
                  "status": "available"
                }
                """)
    }

    @Test("without a host, the server is the description's own origin with the base path")
    func withoutHost() throws {
        let text = #"{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "basePath": "/api", "paths": {}}"#
        let served = try APIDescription.parse(
            Data(text.utf8), sourceURL: URL(string: "http://127.0.0.1:5000/apispec_1.json"),
            load: OpenAPIFixtures.noFiles)
        #expect(served.servers.map(\.url) == ["http://127.0.0.1:5000/api"])
        let unplaced = try APIDescription.parse(Data(text.utf8), sourceURL: nil, load: OpenAPIFixtures.noFiles)
        #expect(unplaced.servers.map(\.url) == ["/api"])
        let noBase =
            #"{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "host": "api.example.com", "paths": {}}"#
        let hosted = try APIDescription.parse(
            Data(noBase.utf8), sourceURL: URL(string: "http://docs.example.com/swagger.json"),
            load: OpenAPIFixtures.noFiles)
        #expect(hosted.servers.map(\.url) == ["http://api.example.com"])
    }
}
