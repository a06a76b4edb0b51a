import Foundation

/// The keywords of one schema that look inside objects, run together in one pass over the
/// members: `properties`, `patternProperties`, `additionalProperties`, `propertyNames`,
/// `required`, `dependentRequired`, `dependentSchemas` (and draft 4's `dependencies`),
/// `minProperties` and `maxProperties`.
final class SchemaObjectChecks: Sendable {
    /// Every property name the keywords mention, each with a number.
    let names: SchemaKeyTable
    /// The `properties` subschema by name number, or nil.
    let propertySchemas: [Int?]
    /// `patternProperties`: pattern index into ``SchemaProgram/patterns``, subschema.
    let patternProperties: [(pattern: Int, schema: Int)]
    /// `additionalProperties`.
    let additionalProperties: Int?
    /// `propertyNames`.
    let propertyNames: Int?
    /// Name numbers of the required properties.
    let required: [Int]
    /// `dependentRequired`: when the first name is present, the others must be.
    let dependentRequired: [(name: Int, required: [Int], keyword: String)]
    /// `dependentSchemas`: when the name is present, the object must match the subschema.
    let dependentSchemas: [(name: Int, schema: Int, keyword: String)]
    /// `minProperties`.
    let minProperties: Int?
    /// `maxProperties`.
    let maxProperties: Int?

    init(
        names: SchemaKeyTable, propertySchemas: [Int?], patternProperties: [(pattern: Int, schema: Int)],
        additionalProperties: Int?, propertyNames: Int?, required: [Int],
        dependentRequired: [(name: Int, required: [Int], keyword: String)],
        dependentSchemas: [(name: Int, schema: Int, keyword: String)], minProperties: Int?, maxProperties: Int?
    ) {
        self.names = names
        self.propertySchemas = propertySchemas
        self.patternProperties = patternProperties
        self.additionalProperties = additionalProperties
        self.propertyNames = propertyNames
        self.required = required
        self.dependentRequired = dependentRequired
        self.dependentSchemas = dependentSchemas
        self.minProperties = minProperties
        self.maxProperties = maxProperties
    }

    /// True when the pass needs each member's name number.
    var needsNames: Bool { !names.isEmpty }
}
