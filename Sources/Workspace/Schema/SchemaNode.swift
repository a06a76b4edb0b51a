import Foundation

/// One compiled schema: its place in its document, and its keywords in the form the evaluator
/// runs them. Nodes refer to each other by index in ``SchemaProgram/nodes``, so recursive
/// schemas are plain cycles of indices.
final class SchemaNode: Sendable {
    /// `<document URI>#<JSON Pointer>` of the schema.
    let location: String
    /// For `true` and `false` schemas, their value; nil for objects.
    let constant: Bool?
    /// The schema resource (`$id` scope) the schema belongs to, for `$dynamicRef`.
    let resource: Int
    /// True when `null` passes whatever the other keywords say (`nullable: true`).
    let nullable: Bool
    /// The keywords that apply to any kind of value, in evaluation order.
    let keywords: [SchemaKeyword]
    /// The keywords that look inside objects, if any.
    let object: SchemaObjectChecks?
    /// The keywords that look inside arrays, if any.
    let array: SchemaArrayChecks?
    /// `unevaluatedProperties`, if present.
    let unevaluatedProperties: Int?
    /// `unevaluatedItems`, if present.
    let unevaluatedItems: Int?

    /// A boolean schema.
    init(location: String, constant: Bool, resource: Int) {
        self.location = location
        self.constant = constant
        self.resource = resource
        nullable = false
        keywords = []
        object = nil
        array = nil
        unevaluatedProperties = nil
        unevaluatedItems = nil
    }

    /// A schema object.
    init(
        location: String, resource: Int, nullable: Bool, keywords: [SchemaKeyword], object: SchemaObjectChecks?,
        array: SchemaArrayChecks?, unevaluatedProperties: Int?, unevaluatedItems: Int?
    ) {
        self.location = location
        self.constant = nil
        self.resource = resource
        self.nullable = nullable
        self.keywords = keywords
        self.object = object
        self.array = array
        self.unevaluatedProperties = unevaluatedProperties
        self.unevaluatedItems = unevaluatedItems
    }

    /// True when the node needs to know which properties or items its subschemas evaluated.
    var tracksAnnotations: Bool { unevaluatedProperties != nil || unevaluatedItems != nil }

    /// True for the `false` schema.
    var isFalse: Bool { constant == false }
}
