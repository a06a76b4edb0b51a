/// A parameter of an operation: a path segment, query item, header, cookie or (Swagger 2.0)
/// form field.
public struct APIParameter: Sendable, Equatable {
    /// Where a parameter goes in a request.
    public enum Location: String, Sendable, Equatable {
        /// A `{name}` in the path template.
        case path
        /// A query item.
        case query
        /// A request header.
        case header
        /// A cookie.
        case cookie
        /// A form field of a Swagger 2.0 `formData` body (`application/x-www-form-urlencoded`
        /// or `multipart/form-data`).
        case formData
    }

    /// The parameter's name (case matters except for headers).
    public var name: String
    /// Where it goes.
    public var location: Location
    /// True when it must be sent (always for path parameters).
    public var isRequired: Bool
    /// True when the description marks it deprecated.
    public var isDeprecated: Bool
    /// What it is, when the description says.
    public var description: String?
    /// Where its schema is: the `schema` (or the first `content` entry's schema) in OpenAPI 3;
    /// in Swagger 2.0 the parameter object itself, whose `type`, `format`, `enum`, `items` and
    /// `default` make it schema-like.
    public var schema: APISchemaReference?
    /// An example value as JSON text, exactly as written: the parameter's `example`, else its
    /// first `examples` entry, else its schema's `example` or `default` (Swagger 2.0:
    /// `x-example`, else `default`).
    public var example: String?
    /// The values allowed, each as JSON text (`"available"`, `3`), from the schema's `enum`
    /// (or the array items' `enum`); empty when any value will do.
    public var enumValues: [String]
    /// How the value is serialized (`form`, `simple`, `deepObject`…), when the description
    /// says; Swagger 2.0's `collectionFormat` is not translated.
    public var style: String?
    /// Whether arrays and objects are exploded into several items, when the description says.
    public var explode: Bool?
}
