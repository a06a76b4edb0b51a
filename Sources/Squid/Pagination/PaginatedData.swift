/// One page of a paginated endpoint: the page's data plus where the page sits.
///
/// Conform the type your endpoint returns per page; map its own field names with computed
/// properties. ``isLastPage`` tells the ``Paginator`` when to finish.
///
/// ```swift
/// struct Page: PaginatedData, Decodable {
///     let items: [Item]
///     let page: Int
///     let totalPages: Int
///     var data: [Item] { items }
///     var totalPageCount: Int { totalPages }
/// }
/// ```
public protocol PaginatedData: Sendable {

    /// The type of the data a page carries (usually an array), equal to the result of the base
    /// request.
    associatedtype DataType: Sendable

    /// The data of this page.
    var data: DataType { get }

    /// The index of this page: 1 for the first page, or 0 if ``zeroBasedPageIndex``.
    var page: Int { get }

    /// The number of pages available.
    var totalPageCount: Int { get }

    /// Whether the first page has index 0. `false` by default (the first page is 1).
    var zeroBasedPageIndex: Bool { get }
}

extension PaginatedData {

    /// Pages count from 1.
    public var zeroBasedPageIndex: Bool {
        false
    }

    /// Whether no page follows this one: its index is the last index or beyond (so an empty
    /// result with zero pages is also the last page).
    public var isLastPage: Bool {
        let last = zeroBasedPageIndex ? totalPageCount - 1 : totalPageCount
        return page >= last
    }
}
