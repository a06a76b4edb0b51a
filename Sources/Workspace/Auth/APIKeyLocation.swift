/// Where an API key is sent.
public enum APIKeyLocation: String, Sendable, Hashable, CaseIterable {
    /// As a request header (`X-API-Key: …`).
    case header
    /// As a query parameter of the URL (`?api_key=…`).
    case query
    /// As a cookie (`Cookie: session=…`), added to a `Cookie` header the request has.
    case cookie
}
