/// A service built from values instead of a type of its own: a base URL, a common header, a
/// retrier factory and a failure callback. ``AnyRequest`` uses it for requests made from a URL.
///
/// The URL keeps an explicit `http://` or `https://` scheme; a scheme-less URL is reached over
/// `https`.
///
/// ```swift
/// let api = AnyHttpService(at: "http://127.0.0.1:8080", header: ["X-Trace": "on"])
/// ```
public struct AnyHttpService: HttpService {

    /// The base URL.
    public let apiUrl: UrlConvertible

    /// Header fields sent with every request.
    public let header: HttpHeader

    /// Transport settings.
    public let sessionConfiguration: SessionConfiguration

    /// The retrier factory consulted after failed attempts.
    public let retrierFactory: RetrierFactory

    private let processError: @Sendable (Squid.Error) -> Void

    /// Creates a service.
    ///
    /// - Parameters:
    ///   - url: The base URL of the API.
    ///   - header: Header fields of every request (none by default).
    ///   - sessionConfiguration: Transport settings (``SessionConfiguration/default``).
    ///   - retrierFactory: The retry policy (never retry by default).
    ///   - processError: Called with the error of every request that fails for good.
    public init(
        at url: UrlConvertible,
        header: HttpHeader = [:],
        sessionConfiguration: SessionConfiguration = .default,
        retrierFactory: RetrierFactory = NilRetrier.factory(),
        processError: @escaping @Sendable (Squid.Error) -> Void = { _ in }
    ) {
        self.apiUrl = url
        self.header = header
        self.sessionConfiguration = sessionConfiguration
        self.retrierFactory = retrierFactory
        self.processError = processError
    }

    /// Calls the `processError` closure given at creation.
    public func process(_ error: Squid.Error) {
        processError(error)
    }
}
