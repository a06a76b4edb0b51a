import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The request for one page: the base request with page and chunk added to its query, decoded
/// into the page type.
struct PaginationRequest<Base: Request, Page: PaginatedData>: Request where Page.DataType == Base.Result {

    typealias Result = Page

    let base: Base
    let page: Int
    let chunk: Int
    let parameters: PaginationParameters
    let decoder: @Sendable (Data, Base) throws -> Page

    var method: HttpMethod {
        base.method
    }

    var routes: HttpRoute {
        base.routes
    }

    var query: HttpQuery {
        base.query + [parameters.page: page, parameters.chunk: chunk]
    }

    var header: HttpHeader {
        base.header
    }

    var body: HttpBody {
        base.body
    }

    var acceptedStatusCodes: ClosedRange<Int> {
        base.acceptedStatusCodes
    }

    var timeout: TimeInterval? {
        base.timeout
    }

    func prepare(_ request: URLRequest) -> URLRequest {
        base.prepare(request)
    }

    func decode(_ data: Data) throws -> Page {
        try decoder(data, base)
    }
}
