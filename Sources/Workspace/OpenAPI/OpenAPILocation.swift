import OrderedJSON

/// A value in one of a description's documents: which document, which entry, its JSON Pointer
/// there, and where it is in the description's structure for warnings
/// (`paths./pets.get.parameters[2]`), which stays the referring place when a `$ref` is followed.
struct OpenAPILocation {
    /// The absolute URI of the document, without a fragment.
    var uri: String
    /// The document.
    var document: JSONDocument
    /// The value's entry in the document.
    var entry: Int
    /// The value's JSON Pointer in the document.
    var pointer: String
    /// Where the value is, as warnings name it.
    var place: String

    /// The value as a schema reference.
    var schemaReference: APISchemaReference { APISchemaReference(documentURI: uri, pointer: pointer) }

    /// What the value is.
    var kind: JSONEntryKind { document.kind(entry) }

    /// True for an object, empty or not.
    var isObject: Bool { kind == .objectStart || kind == .emptyObject }

    /// True for an array, empty or not.
    var isArray: Bool { kind == .arrayStart || kind == .emptyArray }

    /// The value's text exactly as the document has it.
    var rawText: String { document.rawText(entry) }

    /// The decoded text when the value is a string.
    var string: String? { document.string(entry) }

    /// The value when it is `true` or `false`.
    var bool: Bool? { document.bool(entry) }

    /// `place` with a member's key added.
    func place(adding key: String) -> String { place.isEmpty ? key : place + "." + key }
}
