/// One operation of an API: a method on a path template, with what it takes and gives.
public struct APIOperation: Sendable, Identifiable, Equatable {
    /// The `operationId`, else the method and path (`GET /pets/{petId}`).
    public var id: String
    /// The HTTP method, upper-cased (`GET`).
    public var method: String
    /// The path template as the description writes it (`/pets/{petId}`), relative to a server.
    public var path: String
    /// A short summary, when the description gives one.
    public var summary: String?
    /// A longer description, when the description gives one.
    public var description: String?
    /// The tags grouping the operation (`["pets"]`; `[]` when it has none).
    public var tags: [String]
    /// True when the operation is marked deprecated.
    public var isDeprecated: Bool
    /// The parameters: the path item's, overridden by the operation's own of the same name and
    /// location, then the operation's others; `$ref`s followed.
    public var parameters: [APIParameter]
    /// The body the operation takes, when it takes one.
    public var requestBody: APIRequestBody?
    /// The responses in the description's order (`200`, `2XX`, `default`…).
    public var responses: [APIResponse]
    /// The operation's own security requirements; nil when it inherits
    /// ``APIDescription/security``, `[]` when it needs none.
    public var security: [APISecurityRequirement]?
}
