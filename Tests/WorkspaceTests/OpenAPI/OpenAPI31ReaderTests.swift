import Foundation
import Testing

@testable import Workspace

@Suite("Reading an OpenAPI 3.1 description in JSON")
struct OpenAPI31ReaderTests {
    private let description: APIDescription
    private let root = "https://docs.bookshop.example/specs/bookshop-3.1.json"
    private let common = "https://docs.bookshop.example/specs/shared/common.json"

    init() throws {
        description = try OpenAPIFixtures.served("bookshop-3.1.json")
    }

    private func operation(_ id: String) throws -> APIOperation {
        try #require(description.operations.first { $0.id == id })
    }

    @Test("the top level: version, info, tags, and every document read")
    func topLevel() {
        #expect(description.format == .openAPI31)
        #expect(description.specVersion == "3.1.0")
        #expect(description.title == "Bookshop")
        #expect(description.version == "2.4.1")
        #expect(description.summary == "Books, authors and the shop's stock")
        #expect(description.tags == [APITag(name: "books", description: "The catalogue"), APITag(name: "admin")])
        #expect(description.rootURI == root)
        #expect(description.sourceURL?.absoluteString == root)
        #expect(Set(description.documents.keys) == [root, common])
    }

    @Test("servers: a template with variables, and a relative URL resolved against the description's")
    func servers() {
        #expect(description.servers.count == 2)
        let production = description.servers[0]
        #expect(production.url == "https://{region}.api.bookshop.example/v1")
        #expect(production.description == "Production")
        #expect(
            production.variables == [
                APIServerVariable(
                    name: "region", defaultValue: "eu", enumValues: ["eu", "us"], description: "Where the data is kept")
            ])
        #expect(production.resolvedURL() == "https://eu.api.bookshop.example/v1")
        #expect(production.resolvedURL(["region": "us"]) == "https://us.api.bookshop.example/v1")
        #expect(description.servers[1].url == "https://docs.bookshop.example/staging/v1")
    }

    @Test("operations in document order, methods in the fixed order, webhooks left out")
    func operationOrder() {
        #expect(
            description.operations.map(\.id) == [
                "listBooks", "createBook", "listMyBooks", "getBook", "deleteBook", "getCover", "GET /admin/stats",
            ])
        #expect(description.operations.map(\.method) == ["GET", "POST", "GET", "GET", "DELETE", "GET", "GET"])
        #expect(description.operations[6].path == "/admin/stats")
        #expect(description.operations[6].summary == "Shop statistics")
    }

    @Test("parameters: the path item's first, $refs followed within the file and into another, a broken one warned")
    func listBooksParameters() throws {
        let list = try operation("listBooks")
        #expect(list.parameters.map(\.name) == ["Accept-Language", "limit", "cursor", "genre", "session"])
        #expect(list.parameters.map(\.location) == [.header, .query, .query, .query, .cookie])

        let limit = list.parameters[1]
        #expect(limit.description == "How many books a page")
        #expect(limit.isRequired == false)
        #expect(limit.example == "20")
        #expect(limit.schema == APISchemaReference(documentURI: root, pointer: "/components/parameters/Limit/schema"))

        let cursor = list.parameters[2]
        #expect(cursor.schema == APISchemaReference(documentURI: common, pointer: "/parameters/Cursor/schema"))
        #expect(cursor.example == #""c2FtcGxl""#)
        #expect(cursor.description == "Where the page starts")

        #expect(list.parameters[3].enumValues == [#""fiction""#, #""poetry""#, #""history""#])
        #expect(list.parameters[4].example == #""abc123""#)
        #expect(list.parameters[0].example == #""en""#)
        #expect(description.warnings == ["paths./books.get.parameters[3]: $ref #/components/parameters/Nope not found"])
    }

    @Test("responses: statuses as written in order (200, 4XX, default), $refs followed, headers, schema locations")
    func responses() throws {
        let list = try operation("listBooks")
        #expect(list.responses.map(\.status) == ["200", "4XX", "default"])
        let ok = list.responses[0]
        #expect(ok.description == "A page of books")
        #expect(ok.headers == ["Link", "X-Total"])
        #expect(ok.contents.map(\.mediaType) == ["application/json"])
        #expect(
            ok.contents[0].schema
                == APISchemaReference(
                    documentURI: root, pointer: "/paths/~1books/get/responses/200/content/application~1json/schema"))
        let problem = list.responses[1]
        #expect(problem.description == "Something went wrong")
        #expect(problem.headers == ["X-Request-Id"])
        #expect(problem.contents.map(\.mediaType) == ["application/problem+json"])
        #expect(
            problem.contents[0].schema?.pointer
                == "/components/responses/Problem/content/application~1problem+json/schema")
        let cover = try operation("getCover")
        #expect(cover.responses[0].contents.map(\.mediaType) == ["image/*"])
        #expect(cover.responses[0].contents[0].schema == nil)
    }

    @Test("a request body by $ref, with its media types and the first named example")
    func requestBody() throws {
        let create = try operation("createBook")
        let body = try #require(create.requestBody)
        #expect(body.isRequired)
        #expect(body.description == "The book to add")
        #expect(body.contents.map(\.mediaType) == ["application/json", "application/x-www-form-urlencoded"])
        #expect(
            body.contents[0].schema?.pointer == "/components/requestBodies/NewBook/content/application~1json/schema")
        let example = try #require(body.contents[0].example)
        #expect(example.contains(#""title": "Emma""#))
        #expect(body.contents[1].example == nil)
        #expect(create.responses.map(\.status) == ["2XX", "default"])
        #expect(try operation("listBooks").requestBody == nil)
    }

    @Test("an operation's parameter replaces the path item's of the same name and place (header names ignore case)")
    func parameterOverride() throws {
        let get = try operation("getBook")
        #expect(get.parameters.map(\.name) == ["bookId", "accept-language"])
        #expect(get.parameters[0].isRequired)
        #expect(get.parameters[0].location == .path)
        #expect(get.parameters[1].description == "The language of the blurb")
        let delete = try operation("deleteBook")
        #expect(delete.parameters.map(\.name) == ["bookId", "Accept-Language"])
    }

    @Test("deprecated operations and tags")
    func deprecatedAndTags() throws {
        let delete = try operation("deleteBook")
        #expect(delete.isDeprecated)
        #expect(delete.tags == ["books", "admin"])
        #expect(try operation("getBook").isDeprecated == false)
        #expect(try operation("getCover").tags == [])
    }

    @Test("security: top-level requirements, an operation's own, none at all, and several schemes at once")
    func securityRequirements() throws {
        #expect(
            description.security == [
                APISecurityRequirement(schemes: ["bearerAuth": []]),
                APISecurityRequirement(schemes: ["oauth": ["books:read"]]),
            ])
        #expect(try operation("listBooks").security == [])
        #expect(try operation("getBook").security == nil)
        #expect(try operation("createBook").security == [APISecurityRequirement(schemes: ["oauth": ["books:write"]])])
        #expect(
            try operation("GET /admin/stats").security == [
                APISecurityRequirement(schemes: ["basicAuth": []]),
                APISecurityRequirement(schemes: ["apiKeyHeader": [], "apiKeyQuery": []]),
                APISecurityRequirement(schemes: ["sessionCookie": []]),
            ])
    }

    @Test(
        "security schemes: bearer, basic, API keys in a header, the query and a cookie, OAuth 2 flows, OpenID, mutual TLS"
    )
    func securitySchemes() {
        let schemes = description.securitySchemes
        #expect(
            schemes.map(\.name) == [
                "bearerAuth", "basicAuth", "apiKeyHeader", "apiKeyQuery", "sessionCookie", "oauth", "openId",
                "clientCertificate",
            ])
        #expect(schemes[0].kind == .http(scheme: "bearer", bearerFormat: "JWT"))
        #expect(schemes[1].kind == .http(scheme: "basic", bearerFormat: nil))
        #expect(schemes[2].kind == .apiKey(name: "X-API-Key", location: .header))
        #expect(schemes[3].kind == .apiKey(name: "api_key", location: .query))
        #expect(schemes[4].kind == .apiKey(name: "SESSION", location: .cookie))
        #expect(schemes[4].description == "The shop's session")
        #expect(
            schemes[5].kind
                == .oauth2(flows: [
                    APIOAuthFlow(
                        name: "authorizationCode", authorizationURL: "https://auth.bookshop.example/authorize",
                        tokenURL: "https://auth.bookshop.example/token",
                        refreshURL: "https://auth.bookshop.example/refresh", scopes: ["books:read", "books:write"]),
                    APIOAuthFlow(
                        name: "clientCredentials", tokenURL: "https://auth.bookshop.example/token",
                        scopes: ["books:read"]),
                ]))
        #expect(
            schemes[6].kind == .openIDConnect(url: "https://auth.bookshop.example/.well-known/openid-configuration"))
        #expect(schemes[7].kind == .mutualTLS)
    }

    @Test("without a source URL, relative servers stay as written and a relative file $ref is a warning")
    func withoutSourceURL() throws {
        let description = try APIDescription.parse(
            try OpenAPIFixtures.data("bookshop-3.1.json"), sourceURL: nil, load: OpenAPIFixtures.noFiles)
        #expect(description.rootURI == "")
        #expect(description.servers[1].url == "/staging/v1")
        let list = try #require(description.operations.first)
        #expect(list.parameters.map(\.name) == ["Accept-Language", "limit", "genre", "session"])
        #expect(
            description.warnings.contains { $0.hasPrefix("paths./books.get.parameters[1]: $ref shared/common.json") })
        #expect(
            description.warnings.contains("paths./books.get.parameters[3]: $ref #/components/parameters/Nope not found")
        )
    }
}
