/// The parts of a request that shape its URL and header, shared by every kind of request.
///
/// You rarely conform to it directly: conform to ``Request`` or ``JsonRequest``. Requests are
/// values that are read on every attempt, from any thread, so they are `Sendable`; their
/// properties should be cheap and free of side effects.
public protocol NetworkRequest: Sendable {

    /// The path appended to the service's URL, e.g. `["users", 1]`. Empty by default.
    var routes: HttpRoute { get }

    /// The query parameters, appended after any query in the service's URL. Empty by default.
    var query: HttpQuery { get }

    /// Header fields of this request. They override the service's ``HttpService/header`` and
    /// ``HttpService/asyncHeader`` for the same names. Empty by default.
    var header: HttpHeader { get }

    /// How urgent the request is. ``RequestPriority/userInitiated`` by default. Accepted for
    /// compatibility and inert: requests are never queued or reordered by priority.
    var priority: RequestPriority { get }
}

extension NetworkRequest {

    /// No path beyond the service's URL.
    public var routes: HttpRoute {
        []
    }

    /// No query parameters.
    public var query: HttpQuery {
        [:]
    }

    /// No request-specific header fields.
    public var header: HttpHeader {
        [:]
    }

    /// ``RequestPriority/userInitiated``.
    public var priority: RequestPriority {
        .userInitiated
    }
}
