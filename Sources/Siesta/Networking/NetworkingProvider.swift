import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Called once when a network transfer finishes: with the HTTP response and body, or with an
/// error. May be called on any thread.
public typealias RequestNetworkingCompletionCallback =
    @Sendable (HTTPURLResponse?, Data?, (any Error)?) -> Void

/// The transport under Siesta: turns a `URLRequest` into a network transfer.
///
/// Siesta ships two: ``AsyncHTTPClientProvider`` (the default) and ``URLSessionProvider``.
/// Implement this protocol to use another HTTP stack or to stub the network in tests.
///
/// A provider must call `completion` exactly once per started request, unless the request is
/// cancelled, in which case calling it is optional. It may call it on any thread.
public protocol NetworkingProvider: NetworkingProviderConvertible, Sendable {
    /// Starts sending `request` and returns a handle to observe or cancel the transfer.
    func startRequest(
        _ request: URLRequest,
        completion: @escaping RequestNetworkingCompletionCallback
    ) -> any RequestNetworking
}

extension NetworkingProvider {
    /// A provider is its own provider.
    public var siestaNetworkingProvider: any NetworkingProvider { self }
}

/// Anything that can supply a ``NetworkingProvider``: a provider itself, a `URLSession`, or a
/// `URLSessionConfiguration`. This is the type of `Service(networking:)`.
public protocol NetworkingProviderConvertible {
    /// The provider to send requests with.
    var siestaNetworkingProvider: any NetworkingProvider { get }
}

/// A network transfer in progress.
public protocol RequestNetworking: Sendable {
    /// Stops the transfer. The completion callback may or may not be called afterwards.
    func cancel()

    /// Byte counts so far, used for progress reporting. Read from the main actor while the
    /// transfer runs elsewhere, so implementations must be thread-safe.
    var transferMetrics: RequestTransferMetrics { get }
}

/// Byte counts of a network transfer.
public struct RequestTransferMetrics: Sendable, Equatable {
    /// Body bytes sent so far.
    public var requestBytesSent: Int64
    /// Body bytes to send in all, if known.
    public var requestBytesTotal: Int64?
    /// Body bytes received so far.
    public var responseBytesReceived: Int64
    /// Body bytes expected in all (from `Content-Length`), if known.
    public var responseBytesTotal: Int64?

    /// Creates metrics; all counts default to zero / unknown.
    public init(
        requestBytesSent: Int64 = 0,
        requestBytesTotal: Int64? = nil,
        responseBytesReceived: Int64 = 0,
        responseBytesTotal: Int64? = nil
    ) {
        self.requestBytesSent = requestBytesSent
        self.requestBytesTotal = requestBytesTotal
        self.responseBytesReceived = responseBytesReceived
        self.responseBytesTotal = responseBytesTotal
    }
}
