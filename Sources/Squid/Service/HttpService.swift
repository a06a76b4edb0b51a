import Foundation

/// An API that requests are scheduled against: its base URL, common headers, transport settings,
/// retry policy, hooks and error type.
///
/// Only ``apiUrl`` is required; everything else has a default. Services are values that are read
/// on every attempt of every request, from any thread, so they are `Sendable` and their properties
/// should be cheap and free of side effects (except ``asyncHeader``, which is awaited on purpose).
///
/// ```swift
/// struct MyApi: HttpService {
///     var apiUrl: UrlConvertible { "jsonplaceholder.typicode.com" }
/// }
/// ```
public protocol HttpService: FutureHeaderProvider, Sendable {

    /// The error type that ``Response`` publishers and `async` results fail with.
    /// ``Squid/Error`` by default; give your own type and implement ``mapError(_:)`` to translate.
    associatedtype RequestError: Swift.Error = Squid.Error

    /// The base URL of the API: a host with an optional port and path (`"api.example.com/v2"`,
    /// scheme-less, the scheme then follows ``usesSecureProtocol``) or a full URL with an `http`
    /// or `https` scheme, which is kept as given. Request routes are appended to its path; a
    /// query in it is kept before the request's query.
    var apiUrl: UrlConvertible { get }

    /// Whether a scheme-less ``apiUrl`` is reached over `https` (`true`, the default) or plain
    /// `http`. Ignored when ``apiUrl`` has a scheme.
    var usesSecureProtocol: Bool { get }

    /// Header fields sent with every request, e.g. an API key. Empty by default. Overridden by
    /// ``asyncHeader`` and by the request's own header for the same names.
    var header: HttpHeader { get }

    /// Header fields computed asynchronously before **each attempt** of a request, including every
    /// retry (e.g. an access token read from a token store that refreshes it). Empty by default.
    /// Overrides ``header``; the request's own header overrides it. If it throws, the attempt
    /// fails with ``Squid/Error/headerFailed(_:)`` (which the retrier may retry).
    ///
    /// Services written for Squid 1.x implement the `Future`-returning ``FutureHeaderProvider/asyncHeader``
    /// instead; the default of this property awaits that future (a new one per attempt), so its
    /// header is sent. Implement one of the two; when neither is implemented the header is empty.
    var asyncHeader: HttpHeader { get async throws }

    /// Transport settings (timeouts, redirects, body limit). ``SessionConfiguration/default`` by
    /// default.
    var sessionConfiguration: SessionConfiguration { get }

    /// Creates the retrier consulted after a failed attempt of each request. By default requests
    /// are never retried (``NilRetrier``).
    var retrierFactory: RetrierFactory { get }

    /// Called when requests are scheduled, succeed or fail; may answer requests itself (e.g. from
    /// a cache). ``NilServiceHook`` (does nothing) by default.
    var hook: ServiceHook { get }

    /// Translates a library error into the service's ``RequestError``. Called once per failed
    /// request, after retries and hooks, on the error the subscribers and `async` callers get.
    /// When ``RequestError`` is ``Squid/Error`` the default returns the error unchanged.
    func mapError(_ error: Squid.Error) -> RequestError

    /// Called once with the error of every request that fails for good (after the retrier gave
    /// up), before ``mapError(_:)`` and after the hook's `onFailure`; not
    /// called for cancelled requests. Meant for logging or global notifications. Does nothing by
    /// default.
    func process(_ error: Squid.Error)
}

extension HttpService {

    /// Requests use `https` unless the service says otherwise.
    public var usesSecureProtocol: Bool {
        true
    }

    /// No common header fields.
    public var header: HttpHeader {
        [:]
    }

    /// The header of the `Future`-returning ``FutureHeaderProvider/asyncHeader``, awaited; empty
    /// when the service implements neither form. A failure of the future fails the attempt with
    /// ``Squid/Error/headerFailed(_:)``; a future that finishes without a value counts as empty.
    public var asyncHeader: HttpHeader {
        get async throws {
            try await HeaderBridge.asyncHeader(of: self)
        }
    }

    /// Does nothing.
    public func process(_ error: Squid.Error) {}

    /// ``SessionConfiguration/default``.
    public var sessionConfiguration: SessionConfiguration {
        .default
    }

    /// Never retry: ``NilRetrier``'s factory.
    public var retrierFactory: RetrierFactory {
        NilRetrier.factory()
    }

    /// The hook that does nothing.
    public var hook: ServiceHook {
        NilServiceHook()
    }
}

extension HttpService where RequestError == Squid.Error {

    /// Returns `error` unchanged.
    public func mapError(_ error: Squid.Error) -> Squid.Error {
        error
    }
}
