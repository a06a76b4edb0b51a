import Safety

extension HttpHeader {

    /// The name of a header field.
    ///
    /// Create one from a string literal (`"X-Request-Id"`) or use the typed constants such as
    /// ``accept`` and ``authorization``. Names compare and hash case-insensitively, as HTTP
    /// requires; ``name`` keeps the spelling it was created with.
    public struct Field: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {

        /// The field name as written, e.g. `"Content-Type"`.
        public let name: String

        /// Creates a field with the given name.
        public init(_ name: String) {
            self.name = name
        }

        /// Creates a field from a string literal.
        public init(stringLiteral value: String) {
            self.init(value)
        }

        /// The name as written.
        public var description: String {
            name
        }

        /// Whether values of this field are secrets to mask in logs: `Authorization`,
        /// `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-Api-Key` and any name containing
        /// `token`, `secret`, `password` or `api-key` (the package's one secret policy).
        public var isSecret: Bool {
            SecretMasker.isSecretHeader(name)
        }

        /// Compares names case-insensitively.
        public static func == (lhs: Field, rhs: Field) -> Bool {
            lhs.name.lowercased() == rhs.name.lowercased()
        }

        /// Hashes the lower-cased name.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(name.lowercased())
        }

        /// `Accept`: the media types the client wants in the response.
        public static let accept: Field = "Accept"

        /// `Accept-Language`: the languages the client prefers.
        public static let acceptLanguage: Field = "Accept-Language"

        /// `Authorization`: credentials, e.g. `"Bearer <token>"`. Masked in descriptions.
        public static let authorization: Field = "Authorization"

        /// `Content-Type`: the media type of the body. Bodies set it unless the request's own
        /// header does.
        public static let contentType: Field = "Content-Type"

        /// `Content-Length`: the body length in bytes. Set by the transport; values given here are
        /// replaced by the real length.
        public static let contentLength: Field = "Content-Length"

        /// `User-Agent`: the client's name and version.
        public static let userAgent: Field = "User-Agent"

        /// `X-Api-Key`: an API key identifying the application. Masked in descriptions.
        public static let apiKey: Field = "X-Api-Key"

        /// `Retry-After`: in a response, seconds (or an HTTP date) to wait before retrying.
        public static let retryAfter: Field = "Retry-After"

        /// `ETag`: in a response, the version tag of the representation.
        public static let etag: Field = "ETag"

        /// `Location`: in a response, the URL of a created or moved resource.
        public static let location: Field = "Location"
    }
}
