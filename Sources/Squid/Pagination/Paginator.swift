import Foundation
@preconcurrency import OpenCombine

/// Loads the pages of a paginated endpoint one after the other, driven by a publisher of ticks.
///
/// Returned by ``Request/schedule(forPaginationWith:chunk:zeroBasedPageIndex:parameters:decode:)``
/// and its ``JsonRequest`` variant. A paginator is not a publisher itself: ``connect(with:)``
/// returns one per call, each with its own page counter.
public struct Paginator<BaseRequest: Request, Page: PaginatedData, Service: HttpService>: Sendable
where Page.DataType == BaseRequest.Result {

    private let base: BaseRequest
    private let service: Service
    private let chunk: Int
    private let firstPage: Int
    private let parameters: PaginationParameters
    private let decoder: @Sendable (Data, BaseRequest) throws -> Page

    init(
        base: BaseRequest,
        service: Service,
        chunk: Int,
        zeroBasedPageIndex: Bool,
        parameters: PaginationParameters,
        decoder: @escaping @Sendable (Data, BaseRequest) throws -> Page
    ) {
        self.base = base
        self.service = service
        self.chunk = chunk
        self.firstPage = zeroBasedPageIndex ? 0 : 1
        self.parameters = parameters
        self.decoder = decoder
    }

    /// Returns a publisher of the pages' data.
    ///
    /// On subscription the first page is requested at once; after that, each value of `ticks`
    /// requests the next page. Ticks that arrive while a page is loading, or after the last page,
    /// are ignored. The publisher emits the data of every page in order, finishes after the page
    /// whose ``PaginatedData/isLastPage`` is `true`, and fails with the first error (no further
    /// pages are requested then). Values are buffered until the subscriber demands them.
    /// Cancelling the subscription cancels the page in flight and stops listening to `ticks`.
    /// Each subscription pages independently from the first page.
    ///
    /// - Parameter ticks: Signals that the next page is wanted (e.g. the user scrolled to the end).
    public func connect<Ticks: Publisher>(with ticks: Ticks) -> AnyPublisher<BaseRequest.Result, Service.RequestError>
    where Ticks.Failure == Never {
        let loader = PageLoader(
            base: base,
            service: service,
            chunk: chunk,
            firstPage: firstPage,
            parameters: parameters,
            decoder: decoder
        )
        let ticks = ticks.map { _ in () }.eraseToAnyPublisher()
        return PaginationPublisher(loader: loader, ticks: ticks).eraseToAnyPublisher()
    }
}

/// Builds and sends the request for one page.
struct PageLoader<BaseRequest: Request, Page: PaginatedData, Service: HttpService>: Sendable
where Page.DataType == BaseRequest.Result {

    let base: BaseRequest
    let service: Service
    let chunk: Int
    let firstPage: Int
    let parameters: PaginationParameters
    let decoder: @Sendable (Data, BaseRequest) throws -> Page

    func load(page: Int) async throws(Service.RequestError) -> Page {
        let request = PaginationRequest<BaseRequest, Page>(
            base: base,
            page: page,
            chunk: chunk,
            parameters: parameters,
            decoder: decoder
        )
        return try await request.schedule(with: service).value
    }
}

/// The publisher returned by ``Paginator/connect(with:)``.
private struct PaginationPublisher<BaseRequest: Request, Page: PaginatedData, Service: HttpService>: Publisher
where Page.DataType == BaseRequest.Result {

    typealias Output = BaseRequest.Result
    typealias Failure = Service.RequestError

    let loader: PageLoader<BaseRequest, Page, Service>
    let ticks: AnyPublisher<Void, Never>

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = PaginationSubscription(loader: loader, subscriber: AnySubscriber(subscriber))
        subscriber.receive(subscription: subscription)
        subscription.start(ticks: ticks)
    }
}
