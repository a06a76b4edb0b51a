/// Where a schema object is: a document of ``APIDescription/documents`` and a JSON Pointer into
/// it.
///
/// Schemas are never decoded into Swift values; a validator or an example writer reads them
/// where they are. The pointer is a plain JSON Pointer (RFC 6901: `~1` for `/`, `~0` for `~`),
/// not a URI fragment, and `""` is the whole document. A `$ref` at the schema's own place is
/// left for the reader of the schema to follow.
///
/// ```swift
/// let schema = operation.responses[0].contents[0].schema
/// // APISchemaReference(documentURI: "file:///api/openapi.json",
/// //                    pointer: "/paths/~1pets/get/responses/200/content/application~1json/schema")
/// ```
public struct APISchemaReference: Sendable, Hashable, CustomStringConvertible {
    /// The absolute URI of the document holding the schema, without a fragment: a key of
    /// ``APIDescription/documents``.
    public var documentURI: String
    /// The JSON Pointer of the schema object in that document (`""` for the whole document).
    public var pointer: String

    /// A reference to the schema at `pointer` in the document `documentURI`.
    public init(documentURI: String, pointer: String) {
        self.documentURI = documentURI
        self.pointer = pointer
    }

    /// The reference as a URI: `documentURI#pointer`.
    public var description: String { documentURI + "#" + pointer }
}
