import Foundation
import Testing

@testable import Workspace

@Suite("Which operation a request URL is")
struct APIOperationMatchTests {
    private let description: APIDescription

    init() throws {
        description = try OpenAPIFixtures.served("bookshop-3.1.json")
    }

    private func match(_ method: String, _ url: String) -> APIOperationMatch? {
        description.operation(method: method, url: URL(string: url)!)
    }

    @Test("a template under the server's base path, with the path parameter's value")
    func template() throws {
        let found = try #require(match("GET", "https://eu.api.bookshop.example/v1/books/3fa85f64?lang=en"))
        #expect(found.operation.id == "getBook")
        #expect(found.pathParameters == ["bookId": "3fa85f64"])
        #expect(match("get", "https://eu.api.bookshop.example/v1/books")?.operation.id == "listBooks")
        #expect(match("DELETE", "https://eu.api.bookshop.example/v1/books/9")?.operation.id == "deleteBook")
    }

    @Test("a literal segment is preferred over a template (/books/mine over /books/{bookId})")
    func literalPreferred() {
        #expect(match("GET", "https://eu.api.bookshop.example/v1/books/mine")?.operation.id == "listMyBooks")
        #expect(match("GET", "https://eu.api.bookshop.example/v1/books/minefield")?.operation.id == "getBook")
    }

    @Test("percent-encoded values are decoded, and a trailing slash does not matter")
    func decodingAndTrailingSlash() throws {
        let found = try #require(match("GET", "https://eu.api.bookshop.example/v1/books/a%20b%2Fc%C3%A9"))
        #expect(found.pathParameters == ["bookId": "a b/cé"])
        #expect(match("GET", "https://eu.api.bookshop.example/v1/books/42/")?.pathParameters == ["bookId": "42"])
        #expect(match("GET", "https://eu.api.bookshop.example/v1/books/")?.operation.id == "listBooks")
    }

    @Test("several variables in one segment")
    func mixedSegment() throws {
        let found = try #require(match("GET", "https://eu.api.bookshop.example/v1/covers/b-7.png"))
        #expect(found.operation.id == "getCover")
        #expect(found.pathParameters == ["bookId": "b-7", "format": "png"])
    }

    @Test("another server's base path, and a host no server names matched on the path's end")
    func otherServersAndSuffix() {
        #expect(
            match("GET", "https://docs.bookshop.example/staging/v1/admin/stats")?.operation.id == "GET /admin/stats")
        #expect(match("GET", "http://localhost:8080/proxy/books/7")?.pathParameters == ["bookId": "7"])
        #expect(match("GET", "http://localhost:8080/books/mine")?.operation.id == "listMyBooks")
    }

    @Test("no operation of that method, or no path that fits: nil")
    func noMatch() {
        #expect(match("POST", "https://eu.api.bookshop.example/v1/books/42") == nil)
        #expect(match("GET", "https://eu.api.bookshop.example/v1/authors") == nil)
        #expect(match("PATCH", "https://eu.api.bookshop.example/v1/books") == nil)
        #expect(match("GET", "https://eu.api.bookshop.example/") == nil)
    }

    @Test("a Swagger 2.0 base path, and an OpenAPI server whose URL is a template")
    func basePaths() throws {
        let petstore = try OpenAPIFixtures.description("swagger-petstore.json")
        let found = try #require(
            petstore.operation(method: "GET", url: URL(string: "https://petstore.swagger.io/v2/pet/12")!))
        #expect(found.operation.id == "getPetById")
        #expect(found.pathParameters == ["petId": "12"])
        #expect(
            petstore.operation(method: "GET", url: URL(string: "https://petstore.swagger.io/v2/pet/findByStatus")!)?
                .operation.id == "findPetsByStatus")
        let uspto = try OpenAPIFixtures.description("uspto.yaml")
        let search = try #require(
            uspto.operation(
                method: "POST", url: URL(string: "https://developer.uspto.gov/ds-api/oa_citations/v1/records")!))
        #expect(search.operation.id == "perform-search")
        #expect(search.pathParameters == ["dataset": "oa_citations", "version": "v1"])
        #expect(
            uspto.operation(method: "GET", url: URL(string: "https://developer.uspto.gov/ds-api/")!)?.operation.id
                == "list-data-sets")
    }

    /// A description with a root operation and `/users/{id}`, served from `servers`.
    private func rootDescription(servers: String) throws -> APIDescription {
        let text = """
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, \(servers)
             "paths": {"/": {"get": {"operationId": "getIndex", "responses": {"200": {"description": "ok"}}}},
                       "/users/{id}": {"get": {"operationId": "getUser", "responses": {"200": {"description": "ok"}}}}}}
            """
        return try APIDescription.parse(
            Data(text.utf8), sourceURL: URL(string: "http://127.0.0.1:8080/openapi.json"),
            load: OpenAPIFixtures.noFiles)
    }

    @Test("a root operation is the root only: a path under the base that no template fits is not described")
    func rootOperationMatchesOnlyTheRoot() throws {
        let described = try rootDescription(servers: "")
        func id(_ url: String) -> String? { described.operation(method: "GET", url: URL(string: url)!)?.operation.id }
        #expect(id("http://127.0.0.1:8080/") == "getIndex")
        #expect(id("http://127.0.0.1:8080") == "getIndex")
        #expect(id("http://127.0.0.1:8080/users/7") == "getUser")
        #expect(id("http://127.0.0.1:8080/anything") == nil)
        #expect(id("http://127.0.0.1:8080/usersX") == nil)
        #expect(id("http://127.0.0.1:8080/users/7/zzz") == nil)
        #expect(id("http://127.0.0.1:8080/nope/deep") == nil)
    }

    @Test("on a host no server names, the root template matches no path's end")
    func rootTemplateNotASuffix() throws {
        let described = try rootDescription(servers: #""servers": [{"url": "https://api.example.com/v1"}],"#)
        func id(_ url: String) -> String? { described.operation(method: "GET", url: URL(string: url)!)?.operation.id }
        #expect(id("https://api.example.com/v1/") == "getIndex")
        #expect(id("http://localhost:9000/proxy/users/7") == "getUser")
        #expect(id("http://localhost:9000/anything") == nil)
        #expect(id("https://api.example.com/v1/anything") == nil)
    }
}
