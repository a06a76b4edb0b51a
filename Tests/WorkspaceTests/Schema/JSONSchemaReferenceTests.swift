import Foundation
import OrderedJSON
import Testing

@testable import Workspace

private func validator(_ schema: String, registry: SchemaRegistry = SchemaRegistry(), baseURI: String = "") throws
    -> JSONSchemaValidator
{
    try JSONSchemaValidator(
        document: try JSONDocument(schema), baseURI: baseURI, dialect: .draft2020_12, registry: registry)
}

@Suite("JSONSchemaValidator references")
struct JSONSchemaReferenceTests {
    @Test("a $ref to itself terminates, and so does a cycle of two")
    func cyclesTerminate() throws {
        let selfReference = try validator(##"{"$ref": "#"}"##)
        #expect(selfReference.validate(try JSONDocument(##"{"a": [1, 2]}"##)).isValid)
        let twoStep = try validator(
            ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}], "type": "object"}}, "$ref": "#/$defs/a"}"##
        )
        #expect(twoStep.validate(try JSONDocument("{}")).isValid)
        #expect(twoStep.validate(try JSONDocument("1")).violations.map(\.keyword) == ["type"])
    }

    @Test("a recursive tree schema checks every level")
    func recursiveTree() throws {
        let tree = try validator(
            ##"{"type": "object", "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#"}}}}"##
        )
        let instance = try JSONDocument(
            ##"{"value": 1, "children": [{"value": 2, "children": [{"value": "three"}]}]}"##)
        let found = tree.validate(instance).violations
        #expect(found.map(\.instanceLocation) == ["$['children'][0]['children'][0]['value']"])
        #expect(found.map(\.schemaLocation) == ["#/properties/value/type"])
    }

    @Test("very deep values are reported, not followed until the stack runs out")
    func deepNesting() throws {
        let nested = try validator(##"{"items": {"$ref": "#"}, "type": "array"}"##)
        let depth = 5_000
        let instance = try JSONDocument(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        let result = nested.validate(instance)
        #expect(!result.isValid)
        #expect(result.violations.first?.message == "the schema nests too deeply here to be checked")
    }

    @Test("references to other documents are found in the registry, by URI and by $id")
    func registry() throws {
        var registry = SchemaRegistry()
        registry.add(
            try JSONDocument(##"{"$defs": {"name": {"type": "string", "minLength": 2}}}"##),
            uri: "https://schemas.example.com/common.json")
        registry.add(
            try JSONDocument(##"{"$id": "https://schemas.example.com/id.json", "type": "integer"}"##),
            uri: "https://elsewhere.example.com/loaded-from-here.json")
        let schema = try validator(
            ##"{"$id": "https://schemas.example.com/pet.json", "properties": {"name": {"$ref": "common.json#/$defs/name"}, "id": {"$ref": "id.json"}}}"##,
            registry: registry)
        let found = schema.validate(try JSONDocument(##"{"name": "a", "id": "x"}"##)).violations
        #expect(
            found.map(\.schemaLocation) == [
                "https://schemas.example.com/common.json#/$defs/name/minLength",
                "https://elsewhere.example.com/loaded-from-here.json#/type",
            ])
    }

    @Test("$anchor and $dynamicRef resolve")
    func anchors() throws {
        let schema = try validator(
            ##"{"$defs": {"n": {"$anchor": "num", "type": "number"}}, "properties": {"a": {"$ref": "#num"}}}"##)
        #expect(
            schema.validate(try JSONDocument(##"{"a": "x"}"##)).violations.map(\.schemaLocation) == ["#/$defs/n/type"])
    }

    @Test("unusable schemas throw an error that names the place")
    func errors() throws {
        let document = try JSONDocument(
            ##"{"components": {"schemas": {"A": {"$ref": "#/nowhere"}, "B": {"minLength": -1}, "C": {"pattern": "(?<=a)b"}}}}"##
        )
        #expect(throws: JSONSchemaError.pointerNotFound(pointer: "/components/schemas/Z")) {
            try JSONSchemaValidator(document: document, pointer: "/components/schemas/Z", dialect: .draft2020_12)
        }
        #expect(
            throws: JSONSchemaError.unresolvableReference(reference: "#/nowhere", location: "#/components/schemas/A")
        ) {
            try JSONSchemaValidator(document: document, pointer: "/components/schemas/A", dialect: .draft2020_12)
        }
        do throws(JSONSchemaError) {
            _ = try JSONSchemaValidator(document: document, pointer: "/components/schemas/B", dialect: .draft2020_12)
            Issue.record("a negative minLength was accepted")
        } catch {
            #expect(error.description == ##""minLength" at #/components/schemas/B must be a non-negative integer"##)
        }
        do throws(JSONSchemaError) {
            _ = try JSONSchemaValidator(document: document, pointer: "/components/schemas/C", dialect: .draft2020_12)
            Issue.record("a lookbehind pattern was accepted")
        } catch {
            guard case .invalidPattern(let pattern, let location, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(pattern == "(?<=a)b")
            #expect(location == "#/components/schemas/C/pattern")
        }
        #expect(throws: JSONSchemaError.notASchema(location: "#/properties/a")) {
            try validator(##"{"properties": {"a": 12}}"##)
        }
    }
}
