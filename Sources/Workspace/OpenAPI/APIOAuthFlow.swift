/// One OAuth 2 flow a security scheme offers.
///
/// Flow names are OpenAPI 3's (`implicit`, `password`, `clientCredentials`,
/// `authorizationCode`); Swagger 2.0's `application` and `accessCode` are read as
/// `clientCredentials` and `authorizationCode`.
public struct APIOAuthFlow: Sendable, Equatable {
    /// The flow's name (`authorizationCode`).
    public var name: String
    /// Where the user authorizes (implicit and authorization code flows).
    public var authorizationURL: String?
    /// Where tokens are obtained (password, client credentials and authorization code flows).
    public var tokenURL: String?
    /// Where tokens are refreshed, when the description says.
    public var refreshURL: String?
    /// The scopes the flow can grant, in the description's order.
    public var scopes: [String]

    /// A flow named `name` with its URLs and scopes.
    public init(
        name: String, authorizationURL: String? = nil, tokenURL: String? = nil, refreshURL: String? = nil,
        scopes: [String] = []
    ) {
        self.name = name
        self.authorizationURL = authorizationURL
        self.tokenURL = tokenURL
        self.refreshURL = refreshURL
        self.scopes = scopes
    }
}
