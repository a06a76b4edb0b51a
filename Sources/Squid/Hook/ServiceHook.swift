import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Observes the requests of a service and may answer them without the network.
///
/// Set it as ``HttpService/hook``. The methods are called from the request's task (a background
/// thread), possibly for many requests at once, so a hook is `Sendable` and guards its own state.
/// They must return quickly; they are not awaited between other work. Every method has a default
/// that does nothing.
public protocol ServiceHook: Sendable {

    /// Called once per scheduled request, before its first attempt is sent, with the assembled
    /// `URLRequest` (all headers, body and timeout). Return a result to answer the request
    /// without sending it (subscribers get it as if it came from the server, and
    /// ``Response/httpResponse`` is `nil`); return `nil` (the default) to send it. Not called when
    /// building the request fails, and not called again for retries.
    func onSchedule<R: Request>(_ request: R, _ urlRequest: URLRequest) -> R.Result?

    /// Called when an attempt succeeded and its result was decoded, with the `URLRequest` that was
    /// sent. Not called for results returned by ``onSchedule(_:_:)``.
    func onSuccess<R: Request>(_ request: R, _ urlRequest: URLRequest, result: R.Result)

    /// Called once when a request fails for good (after the retrier gave up), with the error before
    /// ``HttpService/mapError(_:)``. Not called for cancelled requests. By default it passes the
    /// error on to `onFailure(_: any Swift.Error)`.
    func onFailure(_ error: Squid.Error)

    /// The same notification for hooks that take any error, as hooks written for Squid 1.x do.
    /// Called by the default `onFailure(_: Squid.Error)` only, so implement one of the two.
    /// Does nothing by default.
    func onFailure(_ error: any Swift.Error)
}

extension ServiceHook {

    /// Sends every request: returns `nil`.
    public func onSchedule<R: Request>(_ request: R, _ urlRequest: URLRequest) -> R.Result? {
        nil
    }

    /// Does nothing.
    public func onSuccess<R: Request>(_ request: R, _ urlRequest: URLRequest, result: R.Result) {}

    /// Passes the error on to `onFailure(_: any Swift.Error)`.
    public func onFailure(_ error: Squid.Error) {
        onFailure(error as any Swift.Error)
    }

    /// Does nothing.
    public func onFailure(_ error: any Swift.Error) {}
}
