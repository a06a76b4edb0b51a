import Foundation

/// Why a schema cannot be used: the problem is in the schema (or in where it was asked for), not
/// in an instance. Each case names the place in the schema as a URI with a JSON Pointer fragment.
public enum JSONSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pointer given for the schema leads nowhere in its document.
    case pointerNotFound(pointer: String)
    /// The value at `location` should be a schema (an object, or `true`/`false`) but is not.
    case notASchema(location: String)
    /// A keyword's value is not of the form the keyword needs.
    case invalidKeyword(keyword: String, location: String, reason: String)
    /// A `$ref` or `$dynamicRef` names a schema that neither this document nor the registry has.
    case unresolvableReference(reference: String, location: String)
    /// A `pattern` or `patternProperties` expression does not compile as a regular expression.
    /// Patterns are compiled with the schema, so a bad one is reported here rather than when an
    /// instance is checked.
    case invalidPattern(pattern: String, location: String, reason: String)

    /// The problem as a sentence.
    public var description: String {
        switch self {
        case .pointerNotFound(let pointer):
            return "the schema pointer \"\(pointer)\" does not lead to a value in the document"
        case .notASchema(let location):
            return "the value at \(location) is not a schema: expected an object, true or false"
        case .invalidKeyword(let keyword, let location, let reason):
            return "\"\(keyword)\" at \(location) \(reason)"
        case .unresolvableReference(let reference, let location):
            return "the reference \"\(reference)\" at \(location) leads to no schema in this document or the registry"
        case .invalidPattern(let pattern, let location, let reason):
            return
                "the pattern \"\(pattern)\" at \(location) is not a regular expression this validator can run: \(reason)"
        }
    }
}
