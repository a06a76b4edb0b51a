import Foundation
import OrderedJSON

/// Example values for what a description's schemas accept: a body to start a request from,
/// a value to put in a parameter.
///
/// A value the description gives is used first (the media type's `example` or first
/// `examples` entry, then the schema's `example`, `const`, `default` or first `enum` value);
/// else one is made up from the schema: objects with their required properties first and
/// `readOnly` ones left out, `allOf` parts merged, the first of `oneOf` and `anyOf`, arrays
/// with one item, strings shaped by `format` (`2026-01-01T00:00:00Z`, `user@example.com`…)
/// and `minLength`, numbers from `minimum`, `false` for booleans. `$ref`s are followed across
/// documents; a schema that contains itself is written once, its inner occurrence cut to `{}`.
///
/// ```swift
/// let body = SchemaExample.body(for: mediaType.schema!, in: description)
/// // {
/// //   "name": "string",
/// //   "status": "available"
/// // }
/// ```
public enum SchemaExample {
    /// A JSON text for a request body of the schema at `schema`, indented two spaces a level;
    /// nil when the schema cannot be found in `description`'s documents.
    public static func body(for schema: APISchemaReference, in description: APIDescription) -> String? {
        let store = OpenAPIDocumentStore(rootURI: description.rootURI, documents: description.documents)
        guard let document = store.documents[schema.documentURI],
            let entry = store.entry(in: document, pointer: schema.pointer)
        else { return nil }
        let location = OpenAPILocation(
            uri: schema.documentURI, document: document, entry: entry, pointer: schema.pointer, place: "")
        if let given = mediaTypeExample(of: location, store: store, format: description.format) {
            return given.prettyText
        }
        return OpenAPIExampleWriter(store: store).example(location).prettyText
    }

    /// A value for `parameter` as it goes in a path, query item or header: a string without
    /// quotes, a number or boolean as written, array items joined with commas, an object as
    /// compact JSON. Its example or first allowed value when it has one, else one made up from
    /// its schema; nil when it has neither.
    public static func value(for parameter: APIParameter, in description: APIDescription) -> String? {
        if let example = parameter.example ?? parameter.enumValues.first {
            return OpenAPIExampleValue.literal(example).bareText
        }
        guard let schema = parameter.schema else { return nil }
        let store = OpenAPIDocumentStore(rootURI: description.rootURI, documents: description.documents)
        guard let document = store.documents[schema.documentURI],
            let entry = store.entry(in: document, pointer: schema.pointer)
        else { return nil }
        let location = OpenAPILocation(
            uri: schema.documentURI, document: document, entry: entry, pointer: schema.pointer, place: "")
        return OpenAPIExampleWriter(store: store).example(location).bareText
    }

    /// The example the object holding the schema gives (a media type's `example` or first
    /// `examples` entry; Swagger 2.0: a body parameter's `x-example`, a response's first
    /// `examples` value), when the schema is its `schema` member.
    private static func mediaTypeExample(
        of schema: OpenAPILocation, store: OpenAPIDocumentStore, format: APIDescription.Format
    ) -> OpenAPIExampleValue? {
        let schemaMaps = ["properties", "patternProperties", "$defs", "definitions", "schemas", "dependentSchemas"]
        guard let tokens = JSONPointer.tokens(schema.pointer), tokens.last == "schema",
            !schemaMaps.contains(tokens.dropLast().last ?? "")
        else { return nil }
        let parentPointer = tokens.dropLast().map { "/" + JSONPointer.escape($0) }.joined()
        guard let parentEntry = store.entry(in: schema.document, pointer: parentPointer) else { return nil }
        let parent = OpenAPILocation(
            uri: schema.uri, document: schema.document, entry: parentEntry, pointer: parentPointer, place: "")
        for key in ["example", "x-example"] {
            if let entry = store.childEntry(parent.document, parent.entry, key) {
                return .copied(parent.document, entry)
            }
        }
        guard let examples = store.child(parent, "examples"), let first = store.members(examples).first else {
            return nil
        }
        if format == .swagger20 { return .copied(first.location.document, first.location.entry) }
        guard let example = store.resolveQuietly(first.location), let value = store.child(example, "value") else {
            return nil
        }
        return .copied(value.document, value.entry)
    }
}
