import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How a resource behaves: staleness, headers, request mutations and decorations, and its
/// response pipeline.
///
/// You never create one directly: `Service.configure(...)` hands you one to change, and each
/// resource computes its own (lazily, once per request method, cached until
/// `Service.invalidateConfiguration()`) by applying every matching configurer in the order they
/// were added, so later configuration wins.
///
/// ```swift
/// service.configure("/users/*") {
///     $0.expirationTime = 60
///     $0.headers["Accept"] = "application/json"
/// }
/// ```
public struct Configuration {
    /// Seconds after which `latestData` is stale and `loadIfNeeded()` loads again. 30 by default.
    public var expirationTime: TimeInterval = 30

    /// Seconds after an error before `loadIfNeeded()` tries again. 1 by default.
    public var retryTime: TimeInterval = 1

    /// The shortest time between two `onProgress` reports of a request. 0.05 s by default.
    public var progressReportingInterval: TimeInterval = 0.05

    /// Headers added to every request, before request mutations run.
    public var headers: [String: String] = [:]

    /// Mutations applied to every `URLRequest`, in order, after the ad hoc mutation of
    /// `request(_:requestMutation:)`.
    public private(set) var requestMutators: [Resource.RequestMutation] = []

    /// Decorators applied to every new request, in order.
    public private(set) var requestDecorators: [RequestDecorator] = []

    /// The response pipeline.
    public var pipeline = Pipeline()

    /// Rewrites or replaces a request when it is created, e.g. to refresh an expired token and
    /// then `repeated()` the original: return `request` itself to leave it alone.
    public typealias RequestDecorator = @MainActor (Resource, any Request) -> any Request

    /// Creates the default configuration.
    public init() {}

    /// Adds a mutation applied to the `URLRequest` of every request this configuration covers.
    ///
    /// ```swift
    /// $0.mutateRequests { $0.timeoutInterval = 5 }
    /// ```
    public mutating func mutateRequests(with mutation: @escaping Resource.RequestMutation) {
        requestMutators.append(mutation)
    }

    /// Adds a decorator that can wrap or replace every request this configuration covers,
    /// before it starts.
    public mutating func decorateRequests(with decorator: @escaping RequestDecorator) {
        requestDecorators.append(decorator)
    }
}
