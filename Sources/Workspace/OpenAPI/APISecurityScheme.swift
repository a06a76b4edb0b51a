/// A way of authenticating that the description declares (OpenAPI 3's
/// `components.securitySchemes`, Swagger 2.0's `securityDefinitions`).
public struct APISecurityScheme: Sendable, Equatable {
    /// Where an API key travels.
    public enum KeyLocation: String, Sendable, Equatable {
        /// In a request header.
        case header
        /// In the query string.
        case query
        /// In a cookie.
        case cookie
    }

    /// What kind of scheme it is, with what a client needs to use it.
    public enum Kind: Sendable, Equatable {
        /// HTTP authentication with the `Authorization` header: `scheme` is lower-cased
        /// (`bearer`, `basic`, `digest`…); `bearerFormat` hints at the token's form (`JWT`).
        case http(scheme: String, bearerFormat: String?)
        /// An API key sent under `name` in a header, the query or a cookie.
        case apiKey(name: String, location: KeyLocation)
        /// OAuth 2 with the flows offered, in the description's order.
        case oauth2(flows: [APIOAuthFlow])
        /// OpenID Connect, discovered at `url`.
        case openIDConnect(url: String)
        /// Mutual TLS: a client certificate.
        case mutualTLS
    }

    /// The scheme's name, as security requirements refer to it.
    public var name: String
    /// What kind of scheme it is.
    public var kind: Kind
    /// What the scheme is, when the description says.
    public var description: String?

    /// A scheme named `name`.
    public init(name: String, kind: Kind, description: String? = nil) {
        self.name = name
        self.kind = kind
        self.description = description
    }
}
