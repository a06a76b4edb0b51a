/// Where an API key is sent.
public enum APIKeyLocation: String, Sendable, Hashable, CaseIterable {
    /// As a request header (`X-API-Key: …`).
    case header
    /// As a query parameter of the URL (`?api_key=…`).
    case query
}
