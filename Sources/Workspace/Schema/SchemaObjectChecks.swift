import Foundation

/// The keywords of one schema that look inside objects, run together in one pass over the
/// members: `properties`, `patternProperties`, `additionalProperties`, `propertyNames`,
/// `required`, `dependentRequired`, `dependentSchemas` (and draft 4's `dependencies`),
/// `minProperties` and `maxProperties`.
struct SchemaObjectChecks: Sendable {
    /// Every property name the keywords mention, each with a number.
    var names: SchemaKeyTable
    /// The `properties` subschema by name number, or nil.
    var propertySchemas: [Int?]
    /// `patternProperties`: pattern index into ``SchemaProgram/patterns``, subschema.
    var patternProperties: [(pattern: Int, schema: Int)]
    /// `additionalProperties`.
    var additionalProperties: Int?
    /// `propertyNames`.
    var propertyNames: Int?
    /// Name numbers of the required properties.
    var required: [Int]
    /// `dependentRequired`: when the first name is present, the others must be.
    var dependentRequired: [(name: Int, required: [Int], keyword: String)]
    /// `dependentSchemas`: when the name is present, the object must match the subschema.
    var dependentSchemas: [(name: Int, schema: Int, keyword: String)]
    /// `minProperties`.
    var minProperties: Int?
    /// `maxProperties`.
    var maxProperties: Int?

    /// True when the pass needs each member's name number.
    var needsNames: Bool { !names.isEmpty }
}
