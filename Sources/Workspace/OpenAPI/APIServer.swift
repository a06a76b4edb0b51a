/// A server the API is served from: a URL template whose `{variables}` take default values
/// unless told otherwise.
///
/// ```swift
/// let server = APIServer(url: "https://{region}.example.com/v1",
///                        variables: [APIServerVariable(name: "region", defaultValue: "eu")])
/// server.resolvedURL()                    // "https://eu.example.com/v1"
/// server.resolvedURL(["region": "us"])    // "https://us.example.com/v1"
/// ```
public struct APIServer: Sendable, Equatable {
    /// The URL template, absolute when the description's own URL allowed a relative one to be
    /// resolved.
    public var url: String
    /// What the server is, when the description says (`Production`).
    public var description: String?
    /// The variables of the template, in the order the description declares them.
    public var variables: [APIServerVariable]

    /// A server at `url` with its description and template variables.
    public init(url: String, description: String? = nil, variables: [APIServerVariable] = []) {
        self.url = url
        self.description = description
        self.variables = variables
    }

    /// The URL with every `{name}` replaced by `values[name]`, else by the variable's default
    /// value; a name that is neither given nor declared stays as written.
    public func resolvedURL(_ values: [String: String] = [:]) -> String {
        var result = ""
        var rest = Substring(url)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] ?? variables.first(where: { $0.name == name })?.defaultValue {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
