import Foundation
import OrderedJSON
import Testing

@testable import Workspace

private func validator(_ schema: String, _ dialect: JSONSchemaDialect, pointer: String = "") throws
    -> JSONSchemaValidator
{
    try JSONSchemaValidator(document: try JSONDocument(schema), pointer: pointer, dialect: dialect)
}

private func messages(_ validator: JSONSchemaValidator, _ instance: String) throws -> [String] {
    validator.validate(try JSONDocument(instance)).violations.map(\.message)
}

@Suite("JSONSchemaValidator dialects")
struct JSONSchemaDialectTests {
    @Test("OpenAPI 3.0: nullable: true lets null through, and only then")
    func openAPINullable() throws {
        let nullable = try validator(#"{"type": "string", "nullable": true, "maxLength": 3}"#, .openAPI30)
        #expect(try messages(nullable, "null") == [])
        #expect(
            try messages(nullable, #""abcd""#) == [#""abcd" is longer than the maximum length 3 (it has 4 characters)"#]
        )
        let plain = try validator(#"{"type": "string"}"#, .openAPI30)
        #expect(try messages(plain, "null") == ["expected string, found null"])
    }

    @Test("OpenAPI 3.0: exclusiveMinimum and exclusiveMaximum are booleans on minimum and maximum")
    func openAPIExclusiveBounds() throws {
        let bounded = try validator(
            #"{"type": "number", "minimum": 5, "exclusiveMinimum": true, "maximum": 10, "exclusiveMaximum": false}"#,
            .openAPI30)
        #expect(try messages(bounded, "5") == ["5 is not greater than the exclusive minimum 5"])
        #expect(try messages(bounded, "5.5") == [])
        #expect(try messages(bounded, "10") == [])
        #expect(try messages(bounded, "10.01") == ["10.01 is greater than the maximum 10"])
        let keywords = bounded.validate(try JSONDocument("4")).violations.map(\.keyword)
        #expect(keywords == ["exclusiveMinimum"])
    }

    @Test("OpenAPI 3.0: $ref replaces its siblings, and example or readOnly change nothing")
    func openAPIRefSiblings() throws {
        let document = #"""
            {"components": {"schemas": {
              "Id": {"type": "integer", "readOnly": true, "example": "not checked"},
              "Wrapper": {"$ref": "#/components/schemas/Id", "type": "string", "nullable": true}
            }}}
            """#
        let wrapper = try validator(document, .openAPI30, pointer: "/components/schemas/Wrapper")
        #expect(try messages(wrapper, "12") == [])
        #expect(try messages(wrapper, #""12""#) == [#"expected integer, found string "12""#])
    }

    @Test("OpenAPI 3.0 has no type arrays")
    func openAPITypeArrays() throws {
        #expect(throws: JSONSchemaError.self) { try validator(#"{"type": ["string", "null"]}"#, .openAPI30) }
        #expect(try messages(validator(#"{"type": ["string", "null"]}"#, .draft2020_12), "null") == [])
    }

    @Test("Swagger 2.0: x-nullable: true lets null through")
    func swaggerNullable() throws {
        let nullable = try validator(#"{"type": "object", "x-nullable": true, "required": ["id"]}"#, .swagger20)
        #expect(try messages(nullable, "null") == [])
        #expect(try messages(nullable, "{}") == [#"missing required property "id""#])
        let plain = try validator(#"{"type": "object"}"#, .swagger20)
        #expect(try messages(plain, "null") == ["expected object, found null"])
    }

    @Test("Swagger 2.0 ignores keywords it does not have, and its file type takes anything")
    func swaggerSubset() throws {
        let schema = try validator(#"{"anyOf": [{"type": "string"}], "patternProperties": {"^x": false}}"#, .swagger20)
        #expect(try messages(schema, #"{"x1": 1}"#) == [])
        #expect(try messages(validator(#"{"type": "file"}"#, .swagger20), "[1]") == [])
    }

    @Test("draft 4: 1.0 is not an integer; in 2020-12 it is")
    func integerByDialect() throws {
        #expect(
            try messages(validator(#"{"type": "integer"}"#, .draft4), "1.0") == ["expected integer, found number 1.0"])
        #expect(try messages(validator(#"{"type": "integer"}"#, .draft2020_12), "1.0") == [])
    }

    @Test("draft 4: items as an array, with additionalItems")
    func draft4Items() throws {
        let tuple = try validator(
            #"{"items": [{"type": "integer"}, {"type": "string"}], "additionalItems": false}"#, .draft4)
        #expect(try messages(tuple, #"[1, "a"]"#) == [])
        #expect(try messages(tuple, #"[1, "a", true]"#) == ["item 2 is not allowed"])
        let keyword = tuple.validate(try JSONDocument(#"[1, "a", true]"#)).violations.first?.keyword
        #expect(keyword == "additionalItems")
    }

    @Test("formats are annotations unless asserted")
    func formats() throws {
        let schema = try JSONDocument(
            #"{"properties": {"when": {"format": "date-time"}, "id": {"format": "uuid"}, "mail": {"format": "email"}}}"#
        )
        let instance = #"{"when": "2024-02-30T10:00:00Z", "id": "not-a-uuid", "mail": "a@b.example"}"#
        let annotating = try JSONSchemaValidator(document: schema, dialect: .draft2020_12)
        #expect(try messages(annotating, instance) == [])
        let asserting = try JSONSchemaValidator(document: schema, dialect: .draft2020_12, assertsFormats: true)
        #expect(
            try messages(asserting, instance) == [
                #""2024-02-30T10:00:00Z" is not a valid date-time"#, #""not-a-uuid" is not a valid UUID"#,
            ])
    }

    @Test("OpenAPI's int32 and int64 formats are asserted on numbers")
    func integerFormats() throws {
        let schema = try JSONDocument(#"{"type": "integer", "format": "int32"}"#)
        let validator = try JSONSchemaValidator(document: schema, dialect: .openAPI30, assertsFormats: true)
        #expect(try messages(validator, "2147483647") == [])
        #expect(try messages(validator, "2147483648") == ["2147483648 is not a valid 32-bit integer"])
    }
}
