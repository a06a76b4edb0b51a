import Workspace

/// The API description the browser found (or was given) for its service, and where from.
public struct APIState: Sendable {
    /// The description.
    public var description: APIDescription
    /// Where it came from: a URL or a file path.
    public var source: String

    /// Creates the state.
    public init(description: APIDescription, source: String) {
        self.description = description
        self.source = source
    }

    /// `hammock demo API 1.0.0 (OpenAPI 3.1.0)`.
    public var title: String {
        let kind = description.format == .swagger20 ? "Swagger" : "OpenAPI"
        return "\(description.title) \(description.version) (\(kind) \(description.specVersion))"
    }
}
