@preconcurrency import OpenCombine

/// The Squid 1.x form of a service's asynchronous header: a `Future` of the header fields.
///
/// Every ``HttpService`` is one. Implement this `asyncHeader` (instead of the `async` one of
/// ``HttpService``) to keep code written for Squid 1.x unchanged: the scheduler awaits a new
/// future before each attempt, and its header is sent like the `async` form's. A failing future
/// fails the attempt with ``Squid/Error/headerFailed(_:)``.
///
/// ```swift
/// var asyncHeader: Future<HttpHeader, Error> {
///     Future { promise in promise(.success([.authorization: "Bearer \(token)"])) }
/// }
/// ```
public protocol FutureHeaderProvider {

    /// The header fields to send with the next attempt, delivered by a future. ``HttpService``
    /// provides a default that evaluates the `async` form.
    var asyncHeader: Future<HttpHeader, Error> { get }
}

extension FutureHeaderProvider where Self: HttpService {

    /// A `Future` of the `async` ``HttpService/asyncHeader``, evaluated on a new task; an empty
    /// header when the service implements neither form.
    public var asyncHeader: Future<HttpHeader, Error> {
        HeaderBridge.futureHeader(of: self)
    }
}
