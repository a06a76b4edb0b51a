import Foundation

extension Request {

    /// Schedules the request for pagination against `service`: returns a ``Paginator`` whose
    /// ``Paginator/connect(with:)`` loads the pages.
    ///
    /// Each page is this request with the page index and `chunk` added to its query (parameter
    /// names from `parameters`), decoded with `decode`. Nothing is sent until a publisher from
    /// `connect` is subscribed.
    ///
    /// - Parameters:
    ///   - service: The API to send the page requests to.
    ///   - chunk: The number of items asked for per page.
    ///   - zeroBasedPageIndex: Whether the first page is 0 (`false`: it is 1).
    ///   - parameters: The query parameter names for page and chunk (`page`, `chunk`).
    ///   - decode: Turns a page's body (and this request) into the page type.
    public func schedule<Page: PaginatedData, Service: HttpService>(
        forPaginationWith service: Service,
        chunk: Int,
        zeroBasedPageIndex: Bool = false,
        parameters: PaginationParameters = .default,
        decode: @escaping @Sendable (Data, Self) throws -> Page
    ) -> Paginator<Self, Page, Service> where Page.DataType == Result {
        Paginator(
            base: self,
            service: service,
            chunk: chunk,
            zeroBasedPageIndex: zeroBasedPageIndex,
            parameters: parameters,
            decoder: decode
        )
    }
}

extension JsonRequest {

    /// Schedules the request for pagination with a `Decodable` page type, decoded with the
    /// request's ``JsonRequest/decoder``. See
    /// ``Request/schedule(forPaginationWith:chunk:zeroBasedPageIndex:parameters:decode:)``.
    ///
    /// - Parameters:
    ///   - service: The API to send the page requests to.
    ///   - chunk: The number of items asked for per page.
    ///   - zeroBasedPageIndex: Whether the first page is 0 (`false`: it is 1).
    ///   - parameters: The query parameter names for page and chunk (`page`, `chunk`).
    ///   - paginatedType: The page type, when it cannot be inferred.
    public func schedule<Page: PaginatedData & Decodable, Service: HttpService>(
        forPaginationWith service: Service,
        chunk: Int,
        zeroBasedPageIndex: Bool = false,
        parameters: PaginationParameters = .default,
        paginatedType: Page.Type = Page.self
    ) -> Paginator<Self, Page, Service> where Page.DataType == Result {
        schedule(
            forPaginationWith: service,
            chunk: chunk,
            zeroBasedPageIndex: zeroBasedPageIndex,
            parameters: parameters
        ) { data, request in
            try request.decoder.decode(Page.self, from: data)
        }
    }
}
