import Foundation
import OrderedJSON
import Testing
import Workspace

/// Responses held against the schemas of a description: which response, which media type,
/// what breaks.
@Suite("response checks against a description")
struct ResponseCheckerTests {
    static let description = #"""
        openapi: 3.0.3
        info: {title: Pets, version: "2"}
        servers: [{url: "http://pets.test/v1"}]
        paths:
          /pets/{id}:
            get:
              operationId: getPet
              parameters: [{name: id, in: path, required: true, schema: {type: integer}, example: 7}]
              responses:
                "200":
                  description: the pet
                  content:
                    application/json: {schema: {$ref: "#/components/schemas/Pet"}}
                "4XX":
                  description: a problem
                  content:
                    application/problem+json: {schema: {type: object, required: [title]}}
          /pets:
            post:
              operationId: createPet
              requestBody:
                required: true
                content:
                  application/json: {schema: {$ref: "#/components/schemas/NewPet"}}
              responses:
                "201": {description: made, content: {application/json: {schema: {$ref: "#/components/schemas/Pet"}}}}
        components:
          schemas:
            NewPet:
              type: object
              required: [name]
              properties:
                name: {type: string, minLength: 1}
                tag: {type: string, nullable: true}
            Pet:
              allOf:
                - $ref: "#/components/schemas/NewPet"
                - type: object
                  required: [id]
                  properties: {id: {type: integer, readOnly: true}}
        """#

    static func checker() throws -> ResponseChecker {
        ResponseChecker(
            try APIDescription.parse(
                Data(description.utf8), sourceURL: URL(string: "http://pets.test/openapi.yaml"),
                load: { _ in throw CocoaError(.fileNoSuchFile) }))
    }

    @Test("a valid body, a body that breaks its schema, and the locations named")
    func verdicts() throws {
        let checker = try Self.checker()
        let valid = try #require(
            checker.check(
                method: "GET", url: "http://pets.test/v1/pets/7", status: 200, contentType: "application/json",
                body: try JSONDocument(#"{"id": 7, "name": "Rex", "tag": null}"#)))
        #expect(valid.verdict == .valid && valid.badge == "schema ✓" && valid.operationID == "getPet")
        let broken = try #require(
            checker.check(
                method: "GET", url: "http://pets.test/v1/pets/7", status: 200,
                contentType: "application/json; charset=utf-8", body: try JSONDocument(#"{"id": "7", "tag": 3}"#)))
        guard case .violations(let violations, false) = broken.verdict else {
            Issue.record("expected violations: \(broken.verdict)")
            return
        }
        #expect(broken.badge == "schema ✗ \(violations.count)")
        let locations = Set(violations.map(\.instanceLocation))
        #expect(
            locations.contains("$['id']") && locations.contains("$['tag']") && locations.contains("$"), "\(violations)")
        #expect(broken.report.contains("✗ $['id']: "))
        #expect(broken.summary.hasPrefix("schema ✗ \(violations.count) · getPet (200): "))
    }

    @Test("status classes and default, JSON flavours, and what the description does not say")
    func undescribed() throws {
        let checker = try Self.checker()
        let url = "http://pets.test/v1/pets/7"
        let problem = checker.check(
            method: "GET", url: url, status: 404, contentType: "application/problem+json",
            body: try JSONDocument(#"{"title": "no such pet"}"#))
        #expect(problem?.verdict == .valid, "4XX matches 404")
        let status = checker.check(method: "GET", url: url, status: 500, contentType: "application/json", body: nil)
        #expect(status?.verdict == .undocumentedStatus(500))
        #expect(status?.badge == "schema ? 500 not described")
        let type = checker.check(method: "GET", url: url, status: 200, contentType: "text/html", body: nil)
        #expect(type?.verdict == .undocumentedContentType("text/html", described: ["application/json"]))
        #expect(
            checker.check(method: "GET", url: "http://pets.test/v1/owners", status: 200, contentType: "", body: nil)
                == nil)
        #expect(checker.check(method: "DELETE", url: url, status: 200, contentType: "", body: nil) == nil)
    }

    @Test("a request body is checked against the operation's request schema")
    func requestBody() throws {
        let checker = try Self.checker()
        let bad = checker.checkRequestBody(
            method: "POST", url: "http://pets.test/v1/pets", contentType: "application/json",
            body: try JSONDocument(#"{"name": ""}"#))
        #expect(bad?.isViolated == true)
        let good = checker.checkRequestBody(
            method: "POST", url: "http://pets.test/v1/pets", contentType: "application/json",
            body: try JSONDocument(#"{"name": "Rex"}"#))
        #expect(good?.verdict == .valid)
    }

    @Test("a form and a collection file start from the operation: examples, required first, readOnly left out")
    func operationRequest() throws {
        let description = try APIDescription.parse(
            Data(Self.description.utf8), sourceURL: URL(string: "http://pets.test/openapi.yaml"),
            load: { _ in throw CocoaError(.fileNoSuchFile) })
        let get = try #require(description.operations.first { $0.id == "getPet" })
        let getRequest = OperationRequest(operation: get, in: description, baseURL: "http://pets.test/v1/")
        #expect(getRequest.definition.url == "http://pets.test/v1/pets/7")
        #expect(!getRequest.needsNothing, "a path parameter is required")
        #expect(getRequest.guide == ["path id (required): 7"])
        let create = try #require(description.operations.first { $0.id == "createPet" })
        let request = OperationRequest(operation: create, in: description, baseURL: "{{base}}")
        #expect(request.definition.method == "POST" && request.definition.url == "{{base}}/pets")
        #expect(request.definition.headers == [HeaderField(name: "Content-Type", value: "application/json")])
        let body = try #require(request.definition.body)
        #expect(body.contains("\"name\"") && !body.contains("\"id\""), "\(body)")
        #expect(request.bodySchemaText?.hasPrefix("$ref #/components/schemas/NewPet\n{") == true)
        #expect(request.guide.last == "body application/json, required · NewPet")
        let text = OperationRequest.describe(create, in: description)
        #expect(text.contains("responses:\n  201  made  [application/json · Pet]"), "\(text)")
    }
}
