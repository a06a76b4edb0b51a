import Foundation
import OrderedJSON
import TestSupport
import Testing

@testable import Workspace

@Suite("JSONSchemaValidator on a large document")
struct JSONSchemaLargeDocumentTests {
    /// An array of `count` objects; every 1,000th has a string id and no name.
    private static func items(_ count: Int) -> String {
        var text = "["
        for index in 0..<count {
            if index > 0 { text += ",\n" }
            if index % 1_000 == 999 {
                text += #"{"id": "\#(index)", "price": 1.25, "tags": ["a"]}"#
            } else {
                text +=
                    #"{"id": \#(index), "name": "item \#(index)", "price": \#(Double(index % 100) / 4), "tags": ["a", "b"], "owner": {"id": \#(index % 7)}}"#
            }
        }
        return text + "]"
    }

    private static let schema = #"""
        {"type": "array", "items": {
          "type": "object", "required": ["id", "name"], "additionalProperties": false,
          "properties": {
            "id": {"type": "integer", "minimum": 0}, "name": {"type": "string", "maxLength": 40},
            "price": {"type": "number", "multipleOf": 0.25}, "tags": {"type": "array", "items": {"type": "string"}},
            "owner": {"type": "object", "properties": {"id": {"type": "integer"}}}
          }
        }}
        """#

    @Test("every item is checked, and violations name their items")
    func largeArray() async throws {
        let instance = try JSONDocument(Self.items(20_000))
        let validator = try JSONSchemaValidator(document: try JSONDocument(Self.schema), dialect: .draft2020_12)
        // A second of CPU in a debug build: on a thread of its own, so the other tests go on.
        let (result, cut, isValid) = try await OffPool.run {
            (
                validator.validate(instance), validator.validate(instance, maximumViolations: 5),
                validator.isValid(instance)
            )
        }
        #expect(result.violations.count == 40)
        #expect(!result.isTruncated)
        #expect(result.violations.prefix(2).map(\.instanceLocation) == ["$[999]['id']", "$[999]"])
        #expect(result.violations.last?.instanceLocation == "$[19999]")
        #expect(cut.violations.count == 5)
        #expect(cut.isTruncated)
        #expect(!isValid)
    }

    @Test("one validator checks documents from several tasks at once")
    func concurrentChecks() async throws {
        let schema = try JSONDocument(
            #"{"items": {"properties": {"name": {"pattern": "^item [0-9]+$"}, "id": {"type": "integer"}}}}"#)
        let validator = try JSONSchemaValidator(document: schema, dialect: .draft2020_12)
        let instance = try JSONDocument(Self.items(2_000))
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 { group.addTask { validator.validate(instance).violations.count } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == [2, 2, 2, 2])
    }
}
