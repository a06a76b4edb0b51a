/// One way of being allowed to call an operation: every named scheme at once, each with the
/// scopes it must grant (scopes matter to OAuth 2 and OpenID Connect; other schemes list none).
///
/// A list of requirements means any one of them will do; an empty requirement (`{}`) means the
/// call may be made without credentials.
public struct APISecurityRequirement: Sendable, Equatable {
    /// The security scheme names (keys of ``APIDescription/securitySchemes``) and their scopes.
    public var schemes: [String: [String]]

    /// A requirement of all of `schemes` at once.
    public init(schemes: [String: [String]]) {
        self.schemes = schemes
    }
}
