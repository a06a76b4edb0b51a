import Foundation
import HTTPCore

/// A request built from values, whose result is the raw body: for scripts, tests and one-off
/// calls that do not deserve a type of their own.
///
/// Create it from a full URL (its service is an ``AnyHttpService``) or from routes and a service,
/// then call ``schedule()``. Failures are always ``Squid/Error`` values: the service's
/// ``HttpService/mapError(_:)`` is not applied (its ``HttpService/process(_:)``, hook and retrier
/// are). A URL with an explicit `http://` scheme is sent over plain HTTP; a scheme-less URL over
/// `https`.
///
/// ```swift
/// let users = try await AnyRequest(url: "http://127.0.0.1:8080/users").schedule().value
/// ```
public struct AnyRequest: Request {

    /// The raw body bytes.
    public typealias Result = Data

    /// The HTTP method.
    public let method: HttpMethod

    /// The routes appended to the service's URL (empty for a request made from a URL).
    public let routes: HttpRoute

    /// The query parameters.
    public let query: HttpQuery

    /// The request's own header fields.
    public let header: HttpHeader

    /// The body.
    public let body: HttpBody

    /// The status codes that count as success.
    public let acceptedStatusCodes: ClosedRange<Int>

    /// The declared priority (inert, see ``RequestPriority``).
    public let priority: RequestPriority

    private let scheduler: @Sendable (AnyRequest) -> Response<AnyRequest, Squid.Error>

    /// Creates a request for a full URL.
    ///
    /// - Parameters:
    ///   - method: The HTTP method (GET by default).
    ///   - url: The URL, with or without scheme; its path and query are kept.
    ///   - query: Query parameters added after those of the URL.
    ///   - header: Header fields.
    ///   - body: The body (none by default).
    ///   - acceptedStatusCodes: The statuses that count as success (every 2xx by default).
    ///   - priority: The declared priority (inert).
    public init(
        _ method: HttpMethod = .get,
        url: UrlConvertible,
        query: HttpQuery = [:],
        header: HttpHeader = [:],
        body: HttpBody = HttpData.Empty(),
        acceptedStatusCodes: ClosedRange<Int> = 200...299,
        priority: RequestPriority = .default
    ) {
        self.init(
            method,
            routes: [],
            query: query,
            header: header,
            body: body,
            acceptedStatusCodes: acceptedStatusCodes,
            priority: priority,
            service: AnyHttpService(at: url)
        )
    }

    /// Creates a request for routes of an existing service.
    ///
    /// - Parameters:
    ///   - method: The HTTP method (GET by default).
    ///   - routes: The path appended to the service's URL.
    ///   - query: Query parameters.
    ///   - header: Header fields, overriding the service's.
    ///   - body: The body (none by default).
    ///   - acceptedStatusCodes: The statuses that count as success (every 2xx by default).
    ///   - priority: The declared priority (inert).
    ///   - service: The API the request is sent to by ``schedule()``.
    public init<Service: HttpService>(
        _ method: HttpMethod = .get,
        routes: HttpRoute,
        query: HttpQuery = [:],
        header: HttpHeader = [:],
        body: HttpBody = HttpData.Empty(),
        acceptedStatusCodes: ClosedRange<Int> = 200...299,
        priority: RequestPriority = .default,
        service: Service
    ) {
        self.method = method
        self.routes = routes
        self.query = query
        self.header = header
        self.body = body
        self.acceptedStatusCodes = acceptedStatusCodes
        self.priority = priority
        self.scheduler = { request in
            Response(request: request, cancelledFailure: .cancelled) { cancellation, report in
                RequestExecutor(request: request, service: service).start(cancellation, report: report)
            }
        }
    }

    /// Schedules the request against the service it was created with and returns its shared
    /// ``Response``, failing with ``Squid/Error``. See ``Request/schedule(with:)`` for the
    /// response's contract.
    public func schedule() -> Response<AnyRequest, Squid.Error> {
        scheduler(self)
    }
}
