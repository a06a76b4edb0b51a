import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A typed HTTP request: what to send and how to turn the answer into a ``Result``.
///
/// Conform a value type, give the routes, query, header, method and body it needs, and
/// ``decode(_:)``. Requests whose result is `Data`, `String` or `Void` get `decode` for free;
/// for `Decodable` results use ``JsonRequest``. Schedule it with ``schedule(with:)`` to get a
/// shared ``Response`` publisher, or `await` the response's ``Response/value``.
///
/// ```swift
/// struct DeleteUser: Request {
///     typealias Result = Void
///     let id: Int
///     var method: HttpMethod { .delete }
///     var routes: HttpRoute { ["users", id] }
/// }
/// ```
///
/// The URL request of each attempt is built as: service URL + ``NetworkRequest/routes`` + service query +
/// ``NetworkRequest/query``; header `service.header + service.asyncHeader + header`; ``body`` (which sets the
/// `Content-Type` if the header has none); timeout ``timeout`` or the service's; then
/// ``prepare(_:)``. A GET or HEAD request with a body other than ``HttpData/Empty`` fails with
/// ``Squid/Error/invalidRequest(message:)`` without being sent.
public protocol Request: NetworkRequest {

    /// The type of a successful result, produced by ``decode(_:)``. It crosses threads, so it is
    /// `Sendable`.
    associatedtype Result: Sendable

    /// The HTTP method. ``HttpMethod/get`` by default.
    var method: HttpMethod { get }

    /// The body. ``HttpData/Empty`` by default. Evaluated once per attempt.
    var body: HttpBody { get }

    /// The status codes that count as success; any other status fails the request with
    /// ``Squid/Error/requestFailed(statusCode:response:)``. `200...299` by default.
    var acceptedStatusCodes: ClosedRange<Int> { get }

    /// The time, in seconds, one attempt may take from connecting to the end of the body, or
    /// `nil` (the default) for the service's ``SessionConfiguration/timeout``. It is written into
    /// `URLRequest.timeoutInterval` before ``prepare(_:)``, and the value found there after
    /// `prepare` is the one applied. Exceeding it fails the attempt with
    /// ``Squid/Error/timeout(url:)``.
    var timeout: TimeInterval? { get }

    /// Whether a caching hook such as ``CachingServiceHook`` may store and serve the result of
    /// this request. `true` by default.
    var shouldCacheResult: Bool { get }

    /// A last chance to change the assembled `URLRequest` (URL, header fields, body, timeout)
    /// when the declarative properties are not enough. Returns the request unchanged by default.
    /// Called once per attempt, before the service's hook sees it in ``ServiceHook/onSchedule(_:_:)``.
    func prepare(_ request: URLRequest) -> URLRequest

    /// Turns the body of an accepted response into the result. Throwing fails the request with
    /// ``Squid/Error/decodingFailed(_:url:)`` (a `DecodingError` is kept; other errors are
    /// wrapped as `DecodingError.dataCorrupted`). Provided for `Data` (the bytes), `String`
    /// (strict UTF-8) and `Void` (ignores the body) results, and by ``JsonRequest``.
    func decode(_ data: Data) throws -> Result
}

extension Request {

    /// GET.
    public var method: HttpMethod {
        .get
    }

    /// No body.
    public var body: HttpBody {
        HttpData.Empty()
    }

    /// Every 2xx status.
    public var acceptedStatusCodes: ClosedRange<Int> {
        200...299
    }

    /// The service's timeout.
    public var timeout: TimeInterval? {
        nil
    }

    /// Results may be cached.
    public var shouldCacheResult: Bool {
        true
    }

    /// The request unchanged.
    public func prepare(_ request: URLRequest) -> URLRequest {
        request
    }

    /// Schedules the request against `service` and returns its shared ``Response`` publisher.
    ///
    /// Nothing is sent yet: the request goes out when the response gets its first subscriber (or
    /// its ``Response/value`` is first awaited). All subscribers share that one request and its
    /// result, late subscribers get the result replayed, and cancelling every subscriber cancels
    /// the request. Call `schedule` again to send the request again.
    ///
    /// - Parameter service: The API to send the request to.
    /// - Returns: A publisher of the decoded result that fails with the service's
    ///   ``HttpService/RequestError``.
    public func schedule<Service: HttpService>(with service: Service) -> Response<Self, Service.RequestError> {
        Response(request: self, cancelledFailure: service.mapError(.cancelled)) { cancellation, report in
            RequestExecutor(request: self, service: service).start(cancellation) { outcome in
                report(outcome.mapError { service.mapError($0) })
            }
        }
    }
}

extension Request where Result == Data {

    /// Returns the body bytes unchanged; never throws.
    public func decode(_ data: Data) throws -> Data {
        data
    }
}

extension Request where Result == Void {

    /// Ignores the body; never throws.
    public func decode(_ data: Data) throws {}
}

extension Request where Result == String {

    /// Decodes the body as UTF-8. Throws `DecodingError.dataCorrupted` if the bytes are not valid
    /// UTF-8 (no replacement characters are inserted).
    public func decode(_ data: Data) throws -> String {
        guard let text = String(bytes: data, encoding: .utf8) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "The body is not valid UTF-8.")
            )
        }
        return text
    }
}
