import Foundation
import Testing

@testable import Workspace

@Suite("Example bodies and parameter values made from schemas")
struct SchemaExampleTests {
    @Test(
        "a realistic schema: required first, readOnly left out, enum, formats, minLength, minimum, a $ref into another file, a cycle cut"
    )
    func generatedBody() throws {
        let description = try OpenAPIFixtures.served("bookshop-3.1.json")
        let create = try #require(description.operations.first { $0.id == "createBook" })
        let form = try #require(create.requestBody?.contents[1].schema)
        #expect(
            SchemaExample.body(for: form, in: description) == """
                {
                  "title": "string",
                  "status": "available",
                  "authors": [
                    {
                      "name": "string",
                      "born": 1000,
                      "website": "https://example.com"
                    }
                  ],
                  "isbn": "stringstri",
                  "published": "2026-01-01",
                  "price": {
                    "amount": 0.5,
                    "currency": "EUR"
                  },
                  "pages": 1,
                  "contact": "user@example.com",
                  "inPrint": false,
                  "related": [
                    {}
                  ]
                }
                """)
    }

    @Test("the media type's example comes first: a named example's value, or `example`, re-indented")
    func givenExamples() throws {
        let description = try OpenAPIFixtures.served("bookshop-3.1.json")
        let create = try #require(description.operations.first { $0.id == "createBook" })
        let json = try #require(create.requestBody?.contents[0].schema)
        #expect(
            SchemaExample.body(for: json, in: description) == """
                {
                  "title": "Emma",
                  "authors": [
                    {
                      "name": "Jane Austen"
                    }
                  ],
                  "status": "available"
                }
                """)
        let get = try #require(description.operations.first { $0.id == "getBook" })
        let schema = try #require(get.responses[0].contents[0].schema)
        #expect(SchemaExample.body(for: schema, in: description) == "{\n  \"id\": \"b1\",\n  \"title\": \"Emma\"\n}")
    }

    @Test("allOf parts merged, a type list's first non-null type, nullable and oneOf")
    func combinations() throws {
        let expanded = try OpenAPIFixtures.description("petstore-expanded.json")
        let find = try #require(expanded.operations.first { $0.id == "find pet by id" })
        let pet = try #require(find.responses[0].contents[0].schema)
        #expect(
            SchemaExample.body(for: pet, in: expanded)
                == "{\n  \"name\": \"string\",\n  \"id\": 0,\n  \"tag\": \"string\"\n}")

        let text = """
            {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": {
              "A": {"type": "object", "required": ["choice", "maybe"], "properties": {
                "choice": {"oneOf": [{"type": "integer", "minimum": 5}, {"type": "string"}]},
                "maybe": {"type": "string", "nullable": true, "maxLength": 3},
                "any": {},
                "list": {"type": ["null", "array"], "items": {"type": "number", "exclusiveMinimum": 2.5}},
                "mode": {"const": "fast"},
                "big": {"type": "integer", "exclusiveMinimum": true, "minimum": 10},
                "negative": {"type": "number", "maximum": -3},
                "flag": {"type": "boolean", "default": true}
              }}}}}
            """
        let description = try APIDescription.parse(Data(text.utf8), sourceURL: nil, load: OpenAPIFixtures.noFiles)
        let body = SchemaExample.body(
            for: APISchemaReference(documentURI: "", pointer: "/components/schemas/A"), in: description)
        #expect(
            body == """
                {
                  "choice": 5,
                  "maybe": "str",
                  "any": {},
                  "list": [
                    3.5
                  ],
                  "mode": "fast",
                  "big": 11,
                  "negative": -3,
                  "flag": true
                }
                """)
    }

    @Test("a schema that contains itself through several $refs is written once and cut, not endlessly")
    func cycles() throws {
        let text = """
            {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "components": {"schemas": {
              "Node": {"type": "object", "required": ["children"], "properties": {
                "name": {"type": "string"},
                "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
                "parent": {"$ref": "#/components/schemas/Parent"}}},
              "Parent": {"$ref": "#/components/schemas/Node"},
              "Loop": {"$ref": "#/components/schemas/Loop"},
              "Missing": {"$ref": "#/components/schemas/Nowhere"}}}}
            """
        let description = try APIDescription.parse(Data(text.utf8), sourceURL: nil, load: OpenAPIFixtures.noFiles)
        #expect(description.warnings == ["components.schemas.Missing: $ref #/components/schemas/Nowhere not found"])
        let node = APISchemaReference(documentURI: "", pointer: "/components/schemas/Node")
        #expect(
            SchemaExample.body(for: node, in: description) == """
                {
                  "children": [
                    {}
                  ],
                  "name": "string",
                  "parent": {}
                }
                """)
        #expect(
            SchemaExample.body(
                for: APISchemaReference(documentURI: "", pointer: "/components/schemas/Loop"), in: description) == "{}")
        #expect(
            SchemaExample.body(
                for: APISchemaReference(documentURI: "", pointer: "/components/schemas/Missing"), in: description)
                == "{}")
        #expect(
            SchemaExample.body(for: APISchemaReference(documentURI: "", pointer: "/nowhere"), in: description) == nil)
        #expect(
            SchemaExample.body(for: APISchemaReference(documentURI: "other.json", pointer: ""), in: description) == nil)
    }

    @Test("deeply nested schemas stop at the depth limit")
    func depthLimit() throws {
        var schema = #"{"type": "string"}"#
        for _ in 0..<100 { schema = #"{"type": "object", "required": ["a"], "properties": {"a": \#(schema)}}"# }
        let text =
            #"{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "components": {"schemas": {"Deep": \#(schema)}}}"#
        let description = try APIDescription.parse(Data(text.utf8), sourceURL: nil, load: OpenAPIFixtures.noFiles)
        let body = try #require(
            SchemaExample.body(
                for: APISchemaReference(documentURI: "", pointer: "/components/schemas/Deep"), in: description))
        #expect(body.components(separatedBy: "\"a\"").count - 1 == OpenAPIExampleWriter.depthLimit)
        #expect(body.contains("{}"))
    }

    @Test("parameter values: bare text for paths and queries, from examples, enums, defaults and schemas")
    func parameterValues() throws {
        let description = try OpenAPIFixtures.served("bookshop-3.1.json")
        let list = try #require(description.operations.first { $0.id == "listBooks" })
        let values = list.parameters.map { SchemaExample.value(for: $0, in: description) }
        #expect(values == ["en", "20", "c2FtcGxl", "fiction", "abc123"])
        let get = try #require(description.operations.first { $0.id == "getBook" })
        #expect(SchemaExample.value(for: get.parameters[0], in: description) == "3fa85f64-5717-4562-b3fc-2c963f66afa6")
        let expanded = try OpenAPIFixtures.description("petstore-expanded.json")
        let find = try #require(expanded.operations.first { $0.id == "findPets" })
        #expect(find.parameters.map { SchemaExample.value(for: $0, in: expanded) } == ["string", "0"])
        let unlocated = APIParameter(
            name: "q", location: .query, isRequired: false, isDeprecated: false, description: nil, schema: nil,
            example: nil, enumValues: [], style: nil, explode: nil)
        #expect(SchemaExample.value(for: unlocated, in: expanded) == nil)
        var object = unlocated
        object.example = #"{"a": [1, 2], "b": "x"}"#
        #expect(SchemaExample.value(for: object, in: expanded) == #"{"a":[1,2],"b":"x"}"#)
        object.example = #"[1, "two", null]"#
        #expect(SchemaExample.value(for: object, in: expanded) == "1,two,")
    }
}
