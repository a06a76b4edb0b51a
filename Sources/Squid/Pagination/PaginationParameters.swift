/// The names of the query parameters that select a page and its size.
///
/// `page` and `chunk` by default; many APIs use other names (`"perPage"`, `"limit"`, `"size"`).
public struct PaginationParameters: Sendable, Hashable {

    /// The name of the page index parameter.
    public var page: String

    /// The name of the page size parameter.
    public var chunk: String

    /// Creates parameter names.
    public init(page: String = "page", chunk: String = "chunk") {
        self.page = page
        self.chunk = chunk
    }

    /// `page` and `chunk`.
    public static let `default` = PaginationParameters()
}
