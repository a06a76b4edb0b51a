/// One media type a request body or a response can have, with its schema and example.
public struct APIMediaType: Sendable, Equatable {
    /// The media type or range as the description writes it (`application/json`, `image/*`).
    public var mediaType: String
    /// Where the body's schema is; nil when the description gives none (Swagger 2.0 form
    /// bodies, whose fields are the operation's ``APIParameter/Location/formData`` parameters).
    public var schema: APISchemaReference?
    /// An example body as JSON text, exactly as written: the media type's `example`, else the
    /// value of its first `examples` entry (Swagger 2.0: the response's `examples` for this
    /// type).
    public var example: String?
}
