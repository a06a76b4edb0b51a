import Foundation
import OrderedJSON
import Testing

@testable import Workspace

/// An OpenAPI-like document whose schemas sit under /components/schemas and refer to each other.
private let petStore = #"""
    {
      "openapi": "3.1.0",
      "components": {
        "schemas": {
          "Pet": {
            "type": "object",
            "required": ["id", "name"],
            "additionalProperties": false,
            "properties": {
              "id": {"type": "integer"},
              "name": {"type": "string"},
              "status": {"enum": ["available", "sold"]},
              "age": {"type": "integer", "minimum": 5},
              "tags": {"type": "array", "items": {"$ref": "#/components/schemas/Tag"}}
            }
          },
          "Tag": {
            "type": "object",
            "properties": {"label": {"type": "string", "pattern": "^[a-z]+$"}}
          }
        }
      }
    }
    """#

private func pet(baseURI: String = "") throws -> JSONSchemaValidator {
    try JSONSchemaValidator(
        document: try JSONDocument(petStore), pointer: "/components/schemas/Pet", baseURI: baseURI,
        dialect: .draft2020_12)
}

private func violations(_ validator: JSONSchemaValidator, _ instance: String) throws -> [SchemaViolation] {
    validator.validate(try JSONDocument(instance)).violations
}

@Suite("JSONSchemaValidator")
struct JSONSchemaValidatorTests {
    @Test("a valid instance has no violations")
    func validInstance() throws {
        let result = try pet().validate(try JSONDocument(#"{"id": 1, "name": "Rex", "tags": [{"label": "dog"}]}"#))
        #expect(result.isValid)
        #expect(!result.isTruncated)
    }

    @Test("typical violations: where in the instance, where in the schema, and what is wrong")
    func typicalViolations() throws {
        let found = try violations(
            pet(),
            #"{"id": "7", "status": "lost", "age": 3, "tags": [{"label": "Dog1"}], "colour": "brown"}"#)
        let lines = found.map { "\($0.keyword) | \($0.instanceLocation) | \($0.schemaLocation) | \($0.message)" }
        #expect(
            lines == [
                #"type | $['id'] | #/components/schemas/Pet/properties/id/type | expected integer, found string "7""#,
                #"enum | $['status'] | #/components/schemas/Pet/properties/status/enum | "lost" is not one of "available", "sold""#,
                "minimum | $['age'] | #/components/schemas/Pet/properties/age/minimum | 3 is less than the minimum 5",
                #"pattern | $['tags'][0]['label'] | #/components/schemas/Tag/properties/label/pattern | "Dog1" does not match the pattern "^[a-z]+$""#,
                #"additionalProperties | $['colour'] | #/components/schemas/Pet/additionalProperties | additional property "colour" is not allowed"#,
                #"required | $ | #/components/schemas/Pet/required | missing required property "name""#,
            ])
        #expect(
            found.first?.description
                == #"$['id']: expected integer, found string "7" (#/components/schemas/Pet/properties/id/type)"#)
    }

    @Test("schema locations start with the document's base URI")
    func baseURIInLocations() throws {
        let found = try violations(pet(baseURI: "https://api.example.com/openapi.json"), #"{"id": 1}"#)
        #expect(
            found.map(\.schemaLocation) == ["https://api.example.com/openapi.json#/components/schemas/Pet/required"])
    }

    @Test("the schema's place may also be given as a URI fragment")
    func fragmentPointer() throws {
        let validator = try JSONSchemaValidator(
            document: try JSONDocument(petStore), pointer: "#/components/schemas/Tag", dialect: .draft2020_12)
        #expect(
            try violations(validator, #"{"label": "A"}"#).map(\.schemaLocation) == [
                "#/components/schemas/Tag/properties/label/pattern"
            ])
    }

    @Test("long instance text is clipped in messages")
    func clippedText() throws {
        let long = String(repeating: "x", count: 200)
        let found = try violations(pet(), #"{"id": "\#(long)", "name": "a"}"#)
        let message = try #require(found.first?.message)
        #expect(message.hasPrefix("expected integer, found string \"xxxx"))
        #expect(message.hasSuffix("…"))
        #expect(message.count < 100)
    }

    @Test("a value inside a larger document is checked where it is, with its full path")
    func entryInsideDocument() throws {
        let response = try JSONDocument(#"{"data": {"pets": [{"id": 1, "name": "a"}, {"id": 2}]}}"#)
        let pets = try #require(
            response.child(of: response.root, key: "data").flatMap { response.child(of: $0, key: "pets") })
        let second = try #require(response.child(of: pets, index: 1))
        let result = try pet().validate(response, entry: second)
        #expect(result.violations.map(\.instanceLocation) == ["$['data']['pets'][1]"])
        #expect(try pet().isValid(response, entry: response.child(of: pets, index: 0)))
    }

    @Test("anyOf and oneOf say why each branch failed")
    func branchMessages() throws {
        let schema = try JSONDocument(
            #"{"anyOf": [{"type": "string"}, {"type": "object", "required": ["id"]}], "oneOf": [{"minimum": 1}, {"maximum": 10}]}"#
        )
        let validator = try JSONSchemaValidator(document: schema, dialect: .draft2020_12)
        let anyOf = try #require(try violations(validator, "{}").first)
        #expect(anyOf.keyword == "anyOf")
        #expect(
            anyOf.message
                == #"matches none of the 2 schemas in anyOf (0: expected string, found object; 1: missing required property "id")"#
        )
        let oneOf = try #require(try violations(validator, #""x""#).first)
        #expect(oneOf.message == "matches 2 of the 2 schemas in oneOf (0, 1), but must match exactly one")
    }

    @Test("violations stop at the limit and the result says it was cut")
    func truncation() throws {
        let validator = try JSONSchemaValidator(
            document: try JSONDocument(#"{"items": {"type": "string"}}"#), dialect: .draft2020_12)
        let instance = try JSONDocument("[" + (0..<10).map(String.init).joined(separator: ",") + "]")
        let cut = validator.validate(instance, maximumViolations: 3)
        #expect(cut.violations.map(\.instanceLocation) == ["$[0]", "$[1]", "$[2]"])
        #expect(cut.isTruncated)
        let whole = validator.validate(instance)
        #expect(whole.violations.count == 10)
        #expect(!whole.isTruncated)
        let exact = validator.validate(instance, maximumViolations: 10)
        #expect(exact.violations.count == 10)
        #expect(!exact.isTruncated)
    }

    @Test("the limit does not change what anyOf, oneOf and not decide")
    func limitKeepsBranchesExact() throws {
        let validator = try JSONSchemaValidator(
            document: try JSONDocument(
                #"{"not": {"items": {"type": "string"}}, "anyOf": [{"items": {"type": "integer"}}]}"#),
            dialect: .draft2020_12)
        let result = validator.validate(try JSONDocument("[1, 2, 3]"), maximumViolations: 1)
        #expect(result.isValid)
        #expect(!result.isTruncated)
    }

    @Test("a cancelled check stops and says it was cut")
    func cancellation() async throws {
        let validator = try JSONSchemaValidator(
            document: try JSONDocument(#"{"items": {"type": "string"}}"#), dialect: .draft2020_12)
        let instance = try JSONDocument("[" + (0..<50_000).map(String.init).joined(separator: ",") + "]")
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return validator.validate(instance, maximumViolations: 1_000_000)
        }.value
        #expect(result.isTruncated)
        #expect(result.violations.count < 50_000)
    }

    @Test("messages of the other keywords")
    func otherMessages() throws {
        let schema = try JSONDocument(
            #"""
            {"type": "object", "propertyNames": {"pattern": "^[a-z]+$"}, "dependentRequired": {"card": ["billing"]},
             "properties": {
               "list": {"minItems": 3, "contains": {"type": "integer"}, "uniqueItems": true},
               "k": {"const": {"a": 1}}, "n": {"not": {"type": "null"}}, "s": {"minLength": 3, "format": "email"},
               "t": {"type": ["string", "null"]}, "u": {"unevaluatedProperties": false, "properties": {"a": true}},
               "card": true
             }}
            """#)
        let validator = try JSONSchemaValidator(
            document: schema, baseURI: "https://x.example/s.json", dialect: .draft2020_12, assertsFormats: true)
        let instance = try JSONDocument(
            #"{"list": ["a", "a"], "k": {"a": 2}, "n": null, "s": "ab", "t": 1, "u": {"a": 1, "b": 2}, "card": 1, "Bad": 0}"#
        )
        let lines = validator.validate(instance).violations.map(\.description)
        let base = "https://x.example/s.json#"
        #expect(
            lines == [
                "$['list']: the array has 2 items, fewer than the minimum 3 (\(base)/properties/list/minItems)",
                "$['list']: no item matches the contains schema (\(base)/properties/list/contains)",
                "$['list']: items 0 and 1 are equal (\(base)/properties/list/uniqueItems)",
                #"$['k']: {"a": 2} is not the constant {"a": 1} (\#(base)/properties/k/const)"#,
                "$['n']: null must not match the schema in not (\(base)/properties/n/not)",
                #"$['s']: "ab" is shorter than the minimum length 3 (it has 2 characters) (\#(base)/properties/s/minLength)"#,
                #"$['s']: "ab" is not a valid email address (\#(base)/properties/s/format)"#,
                "$['t']: expected string or null, found number 1 (\(base)/properties/t/type)",
                #"$['u']['b']: unevaluated property "b" is not allowed (\#(base)/properties/u/unevaluatedProperties)"#,
                #"$['Bad']: property name "Bad" is not allowed: "Bad" does not match the pattern "^[a-z]+$" (\#(base)/propertyNames/pattern)"#,
                #"$: property "card" requires property "billing", which is missing (\#(base)/dependentRequired)"#,
            ])
    }
}
