import Foundation

/// One way an instance breaks its schema: where in the instance, which keyword where in the
/// schema, and a sentence saying what is wrong.
///
/// ```swift
/// violation.instanceLocation   // "$['items'][3]['id']"
/// violation.schemaLocation     // "https://api.example.com/openapi.json#/components/schemas/Pet/properties/id/type"
/// violation.keyword            // "type"
/// violation.message            // "expected integer, found string \"7\""
/// ```
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// The RFC 9535 normalized path of the failing value, such as `$['items'][3]['id']`.
    public var instanceLocation: String
    /// The failing keyword as its document's URI and the JSON Pointer to it inside that
    /// document, after following `$ref`s: `#/components/schemas/Pet/properties/id/type` for the
    /// document whose base URI is empty. The pointer keeps its `~0` and `~1` escapes but is not
    /// percent-encoded, to stay readable.
    public var schemaLocation: String
    /// The keyword that failed: `type`, `required`, `minimum`…
    public var keyword: String
    /// What is wrong, in plain words (`missing required property "name"`), quoting the instance's
    /// text as it was sent, clipped to about 60 characters.
    public var message: String

    /// A violation with these parts.
    public init(instanceLocation: String, schemaLocation: String, keyword: String, message: String) {
        self.instanceLocation = instanceLocation
        self.schemaLocation = schemaLocation
        self.keyword = keyword
        self.message = message
    }

    /// `$['items'][3]['id']: expected integer, found string "7" (#/…/type)`.
    public var description: String { "\(instanceLocation): \(message) (\(schemaLocation))" }
}
