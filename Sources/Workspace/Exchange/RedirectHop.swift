/// One redirect on the way to an ``Exchange``'s final response: the URL that answered with a
/// redirect, the status it gave and the header fields it sent (`Location`, `Set-Cookie`…).
///
/// Values are as received; what stores or shows a hop masks its secrets. The history keeps a
/// hop's URL and status but not its headers: a hop read back from a ``HistoryEntry`` has none.
public struct RedirectHop: Sendable, Hashable {
    /// The URL that was asked and answered with a redirect.
    public var url: String
    /// The redirect's status code (301, 302, 303, 307, 308, …).
    public var statusCode: Int
    /// The redirect response's header fields in the order received; empty when not known.
    public var headers: [HeaderField]

    /// Creates a redirect hop.
    public init(url: String, statusCode: Int, headers: [HeaderField] = []) {
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
    }

    /// The target of the redirect: the value of its first `Location` header, or an empty string
    /// when it sent none.
    public var location: String {
        headers.first { $0.name.lowercased() == "location" }?.value ?? ""
    }
}
