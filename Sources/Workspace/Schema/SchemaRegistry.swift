import Foundation
import OrderedJSON

/// The documents a schema's `$ref`s may point into besides its own, each under its absolute
/// URI without a fragment (`https://example.com/schemas/pet.json`).
///
/// A `$ref` to `https://example.com/schemas/pet.json#/properties/id` is looked up here when no
/// schema seen so far has that URI as its `$id`; schemas inside a registered document that
/// declare an `$id` of their own are found under that URI too. Nothing is ever fetched.
///
/// ```swift
/// var registry = SchemaRegistry()
/// registry.add(try JSONDocument(data: petSchema), uri: "https://example.com/schemas/pet.json")
/// let validator = try JSONSchemaValidator(document: api, dialect: .draft2020_12, registry: registry)
/// ```
public struct SchemaRegistry: Sendable {
    /// The documents by URI, fragments removed.
    var documents: [String: JSONDocument]
    /// The URIs in the order they were added, so that lookups go the same way every time.
    var order: [String]

    /// A registry holding `documents`, keyed by their absolute URIs (a fragment is ignored).
    public init(_ documents: [String: JSONDocument] = [:]) {
        self.documents = [:]
        self.order = []
        for uri in documents.keys.sorted() {
            add(documents[uri]!, uri: uri)
        }
    }

    /// Adds `document` under `uri` (a fragment is ignored), replacing any document there.
    public mutating func add(_ document: JSONDocument, uri: String) {
        let key = URIReference(uri).withoutFragment.text
        if documents.updateValue(document, forKey: key) == nil { order.append(key) }
    }
}
