/// Where in a request a variable is used, for messages such as “base (in the URL)”.
public enum VariablePlace: Sendable, Hashable, CustomStringConvertible {
    /// The URL.
    case url
    /// The header with this name as written (the variable may be in its name or its value).
    case header(String)
    /// The body.
    case body
    /// A field of the environment's auth settings (`username`, `password`, `token`, `name`, `value`).
    case auth(String)

    /// `the URL`, `header X-Trace`, `the body`, `auth token`.
    public var description: String {
        switch self {
        case .url: return "the URL"
        case .header(let name): return "header \(name)"
        case .body: return "the body"
        case .auth(let field): return "auth \(field)"
        }
    }
}
