/// Why an API description could not be read at all. Problems in parts of a description that
/// does read (a `$ref` that leads nowhere, an unknown parameter location) are
/// ``APIDescription/warnings`` instead.
public enum APIDescriptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is neither JSON nor YAML (or YAML the reader refuses, such as aliases that
    /// expand too far): the 1-based line and column of the problem, and what it is.
    case notJSONOrYAML(line: Int, column: Int, reason: String)
    /// The text is JSON or YAML but no description the reader knows: no `openapi` or `swagger`
    /// key, a version other than Swagger 2.0 and OpenAPI 3.0–3.2, or a top level that is not a
    /// mapping.
    case notADescription(reason: String)
    /// The description itself could not be loaded from `uri` (see
    /// ``APIDescription/load(from:load:)``).
    case unreadableReference(uri: String, reason: String)

    /// One sentence saying what is wrong and where.
    public var description: String {
        switch self {
        case .notJSONOrYAML(let line, let column, let reason):
            return "The description is not JSON or YAML: line \(line), column \(column): \(reason)."
        case .notADescription(let reason):
            return "The document is not an OpenAPI or Swagger description: \(reason)."
        case .unreadableReference(let uri, let reason):
            return "The description at \(uri) could not be read: \(reason)."
        }
    }
}
