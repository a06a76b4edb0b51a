/// A stream of text messages both ways to a URL, without declaring a request type or a
/// service: `AnyStreamRequest(url: "ws://127.0.0.1:8080/ws/echo").schedule()`.
public struct AnyStreamRequest: StreamRequest {

    /// Text is sent.
    public typealias Message = String

    /// Text is received.
    public typealias Result = String

    /// The path components after the service URL.
    public let routes: HttpRoute
    /// The query parameters.
    public let query: HttpQuery
    /// The declared priority; it does not change how the stream is sent.
    public let priority: RequestPriority

    private let scheduler: @Sendable (AnyStreamRequest) -> Stream<AnyStreamRequest>

    /// A stream to `url` (`ws`, `wss`, `http` or `https`; a URL without a scheme is reached
    /// over `wss`).
    ///
    /// - Parameters:
    ///   - url: Where to connect.
    ///   - query: Query parameters added to the URL's own.
    ///   - priority: The declared priority (inert).
    public init(url: UrlConvertible, query: HttpQuery = [:], priority: RequestPriority = .default) {
        self.init(routes: [], query: query, priority: priority, service: AnyHttpService(at: url))
    }

    /// A stream to `routes` under `service`'s URL.
    ///
    /// - Parameters:
    ///   - routes: The path after the service URL.
    ///   - query: Query parameters.
    ///   - priority: The declared priority (inert).
    ///   - service: The API to connect to with ``schedule()``.
    public init<Service: HttpService>(
        routes: HttpRoute, query: HttpQuery = [:], priority: RequestPriority = .default, service: Service
    ) {
        self.routes = routes
        self.query = query
        self.priority = priority
        self.scheduler = { request in Stream(request: request, service: service) }
    }

    /// Schedules the stream against the service it was created with.
    public func schedule() -> Stream<AnyStreamRequest> {
        scheduler(self)
    }
}
