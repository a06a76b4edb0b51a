/// One redirect on the way to a history entry's final response: the URL that answered with a
/// redirect and the status it gave.
public struct HistoryRedirect: Sendable, Hashable, Codable {
    /// The URL that was asked and answered with a redirect (secrets masked when stored).
    public var url: String
    /// The redirect's status code (301, 302, 303, 307, 308, …).
    public var statusCode: Int

    /// Creates a redirect step.
    public init(url: String, statusCode: Int) {
        self.url = url
        self.statusCode = statusCode
    }
}
