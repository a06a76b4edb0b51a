import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider that can deliver a ``ReceivedResponse`` without building a Foundation
/// `HTTPURLResponse` and reading its headers back, which costs a good part of a small request,
/// and that sends a plain ``OutgoingRequest`` without building a `URLRequest`.
protocol DirectNetworkingProvider: NetworkingProvider {
    /// Starts the request; `completion` runs once, on any thread, with the response or the
    /// transport's error.
    func startDirectRequest(
        _ request: OutgoingRequest,
        completion: @escaping @Sendable (Result<ReceivedResponse, any Error>) -> Void
    ) -> any RequestNetworking
}
