import Foundation
import Testing

@testable import Workspace

@Suite("Reading an OpenAPI 3.0 description in YAML, with files it refers to")
struct OpenAPI30YAMLReaderTests {
    static let api = """
        openapi: 3.0.3
        info:
          title: Pet clinic
          version: 1.0
        servers:
          - url: https://{tenant}.clinic.example/{basePath}
            variables:
              tenant:
                default: demo
              basePath:
                default: v2
                enum: [v1, v2]
        tags:
          - name: pets
            description: Patients
          - name: visits
        paths:
          /pets:
            parameters:
              - $ref: 'params.yaml#/TraceId'
            get:
              operationId: listPets
              tags: [pets]
              parameters:
                - $ref: '#/components/parameters/Limit'
                - name: species
                  in: query
                  schema:
                    type: string
                    enum: [cat, dog, 1.0, true, ~]
                - $ref: '#/components/parameters/Missing'
              responses:
                200:
                  description: The pets
                  content:
                    application/json:
                      schema:
                        type: array
                        items:
                          $ref: 'schemas/pet.yaml#/Pet'
                2XX: &problem
                  description: Something else
                404:
                  $ref: 'nowhere.yaml#/NotFound'
                default: *problem
            post:
              operationId: addPet
              requestBody:
                $ref: '#/components/requestBodies/PetBody'
              responses:
                '201':
                  description: Added
              security:
                - oauth: [pets:write]
          /pets/{petId}:
            get:
              operationId: getPet
              deprecated: true
              parameters:
                - name: petId
                  in: path
                  required: true
                  schema: {type: integer, minimum: 1}
              responses:
                '200':
                  description: The pet
                  content:
                    application/json:
                      schema:
                        $ref: 'schemas/pet.yaml#/Pet'
              security:
                - basic: []
                - keyHeader: []
                - keyQuery: []
                - keyCookie: []
        components:
          parameters:
            Limit:
              name: limit
              in: query
              schema:
                type: integer
                default: 25
          requestBodies:
            PetBody:
              required: true
              content:
                application/json:
                  schema:
                    $ref: 'schemas/pet.yaml#/Pet'
                  example:
                    name: Tom
                    species: cat
          securitySchemes:
            bearer: {type: http, scheme: bearer}
            basic: {type: http, scheme: basic}
            keyHeader: {type: apiKey, name: X-Key, in: header}
            keyQuery: {type: apiKey, name: key, in: query}
            keyCookie: {type: apiKey, name: key, in: cookie}
            oauth:
              type: oauth2
              flows:
                password:
                  tokenUrl: https://clinic.example/token
                  scopes:
                    pets:read: Read
                    pets:write: Write
                implicit:
                  authorizationUrl: https://clinic.example/authorize
                  scopes: {}
        security:
          - bearer: []
        """

    static let pet = """
        Pet:
          type: object
          required: [name]
          properties:
            id: {type: integer, readOnly: true}
            name: {type: string}
            species: {$ref: '#/Species'}
            owner: {$ref: '../owners.yaml#/Owner'}
        Species:
          type: string
          enum: [cat, dog]
        """

    static let files = [
        "api.yaml": api,
        "schemas/pet.yaml": pet,
        "owners.yaml": "Owner:\n  type: object\n  properties:\n    email: {type: string, format: email}\n",
        "params.yaml": "TraceId:\n  name: X-Trace-Id\n  in: header\n  schema: {type: string, format: uuid}\n",
    ]

    private let description: APIDescription
    private let folder: URL

    init() throws {
        folder = try OpenAPIFixtures.temporaryFolder(Self.files)
        let url = folder.appendingPathComponent("api.yaml")
        description = try APIDescription.parse(try Data(contentsOf: url), sourceURL: url) { try Data(contentsOf: $0) }
    }

    private func operation(_ id: String) throws -> APIOperation {
        try #require(description.operations.first { $0.id == id })
    }

    @Test("the top level, with a YAML number kept as written")
    func topLevel() {
        #expect(description.format == .openAPI30)
        #expect(description.specVersion == "3.0.3")
        #expect(description.title == "Pet clinic")
        #expect(description.version == "1.0")
        #expect(description.tags == [APITag(name: "pets", description: "Patients"), APITag(name: "visits")])
        #expect(description.operations.map(\.id) == ["listPets", "addPet", "getPet"])
    }

    @Test("a server template with two variables")
    func servers() {
        let server = description.servers[0]
        #expect(server.url == "https://{tenant}.clinic.example/{basePath}")
        #expect(server.variables.map(\.name) == ["tenant", "basePath"])
        #expect(server.variables[1].enumValues == ["v1", "v2"])
        #expect(server.resolvedURL() == "https://demo.clinic.example/v2")
        #expect(server.resolvedURL(["basePath": "v1", "other": "x"]) == "https://demo.clinic.example/v1")
    }

    @Test("files named by $refs are read relative to the file naming them, recursively, and kept as JSON")
    func referencedFiles() throws {
        let base = folder.appendingPathComponent("api.yaml").absoluteString
        let names = description.documents.keys.map { String($0.dropFirst(base.count - "api.yaml".count)) }.sorted()
        #expect(names == ["api.yaml", "owners.yaml", "params.yaml", "schemas/pet.yaml"])
        let list = try operation("listPets")
        #expect(list.parameters.map(\.name) == ["X-Trace-Id", "limit", "species"])
        #expect(list.parameters[0].schema?.documentURI.hasSuffix("/params.yaml") == true)
        #expect(list.parameters[0].schema?.pointer == "/TraceId/schema")
        let petFile = try #require(description.documents.first { $0.key.hasSuffix("schemas/pet.yaml") }?.value)
        #expect(petFile.kind(petFile.root) == .objectStart)
    }

    @Test("YAML scalars become JSON values: numbers as written, booleans, null, text")
    func scalars() throws {
        let list = try operation("listPets")
        #expect(list.parameters[2].enumValues == [#""cat""#, #""dog""#, "1.0", "true", "null"])
        #expect(list.parameters[1].example == "25")
    }

    @Test("responses with unquoted codes, 2XX, an anchor and alias, and a $ref to a missing file as a warning")
    func responses() throws {
        let list = try operation("listPets")
        #expect(list.responses.map(\.status) == ["200", "2XX", "default"])
        #expect(list.responses[1].description == "Something else")
        #expect(list.responses[2].description == "Something else")
        #expect(
            list.responses[0].contents[0].schema?.pointer
                == "/paths/~1pets/get/responses/200/content/application~1json/schema")
        #expect(description.warnings.count == 2)
        #expect(
            description.warnings[0] == "paths./pets.get.parameters[2]: $ref #/components/parameters/Missing not found")
        #expect(description.warnings[1].hasPrefix("paths./pets.get.responses.404: $ref nowhere.yaml#/NotFound: "))
        #expect(description.warnings[1].contains("nowhere.yaml could not be read"))
    }

    @Test("a request body by $ref with a schema in another file and an example written in YAML")
    func requestBody() throws {
        let body = try #require(try operation("addPet").requestBody)
        #expect(body.isRequired)
        #expect(
            body.contents[0].schema?.pointer == "/components/requestBodies/PetBody/content/application~1json/schema")
        #expect(body.contents[0].example == #"{"name":"Tom","species":"cat"}"#)
        let schema = try #require(body.contents[0].schema)
        #expect(
            SchemaExample.body(for: schema, in: description) == "{\n  \"name\": \"Tom\",\n  \"species\": \"cat\"\n}")
    }

    @Test("a generated body follows $refs into files and their files")
    func generatedBody() throws {
        let response = try operation("getPet").responses[0]
        let schema = try #require(response.contents[0].schema)
        let body = SchemaExample.body(for: schema, in: description)
        #expect(
            body == """
                {
                  "name": "string",
                  "species": "cat",
                  "owner": {
                    "email": "user@example.com"
                  }
                }
                """)
    }

    @Test("deprecated operations, path parameters, and security: inherited, own, none, bearer, basic, keys, OAuth")
    func security() throws {
        let get = try operation("getPet")
        #expect(get.isDeprecated)
        #expect(get.parameters.map(\.name) == ["petId"])
        #expect(get.parameters[0].isRequired)
        #expect(get.security?.count == 4)
        #expect(try operation("listPets").security == nil)
        #expect(try operation("addPet").security == [APISecurityRequirement(schemes: ["oauth": ["pets:write"]])])
        #expect(description.security == [APISecurityRequirement(schemes: ["bearer": []])])
        #expect(
            description.securitySchemes.map(\.kind) == [
                .http(scheme: "bearer", bearerFormat: nil), .http(scheme: "basic", bearerFormat: nil),
                .apiKey(name: "X-Key", location: .header), .apiKey(name: "key", location: .query),
                .apiKey(name: "key", location: .cookie),
                .oauth2(flows: [
                    APIOAuthFlow(
                        name: "password", tokenURL: "https://clinic.example/token", scopes: ["pets:read", "pets:write"]),
                    APIOAuthFlow(name: "implicit", authorizationURL: "https://clinic.example/authorize"),
                ]),
            ])
    }
}
