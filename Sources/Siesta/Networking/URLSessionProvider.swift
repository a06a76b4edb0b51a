import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport over Foundation's `URLSession`.
///
/// Used when you pass a `URLSession` or `URLSessionConfiguration` to `Service(networking:)`.
/// On Linux, `URLSession` runs over libcurl and has known limits (no HTTP cache, whole-second
/// timeouts); ``AsyncHTTPClientProvider`` is the default for that reason.
public struct URLSessionProvider: NetworkingProvider {
    /// The session requests are sent with.
    public let session: URLSession

    /// Creates a provider that sends requests with `session`.
    public init(session: URLSession) {
        self.session = session
    }

    /// Starts a data task for the request.
    public func startRequest(
        _ request: URLRequest,
        completion: @escaping RequestNetworkingCompletionCallback
    ) -> any RequestNetworking {
        let task = session.dataTask(with: request) { data, response, error in
            completion(response as? HTTPURLResponse, data, error)
        }
        task.resume()
        return URLSessionTransfer(task: task)
    }
}

/// The handle of one `URLSession` data task.
private struct URLSessionTransfer: RequestNetworking, @unchecked Sendable {
    let task: URLSessionTask

    func cancel() {
        task.cancel()
    }

    var transferMetrics: RequestTransferMetrics {
        RequestTransferMetrics(
            requestBytesSent: task.countOfBytesSent,
            requestBytesTotal: task.countOfBytesExpectedToSend > 0 ? task.countOfBytesExpectedToSend : nil,
            responseBytesReceived: task.countOfBytesReceived,
            responseBytesTotal: task.countOfBytesExpectedToReceive > 0 ? task.countOfBytesExpectedToReceive : nil)
    }
}

extension URLSession: NetworkingProviderConvertible {
    /// A ``URLSessionProvider`` over this session.
    public var siestaNetworkingProvider: any NetworkingProvider { URLSessionProvider(session: self) }
}

extension URLSessionConfiguration: NetworkingProviderConvertible {
    /// A ``URLSessionProvider`` over a new session with this configuration.
    public var siestaNetworkingProvider: any NetworkingProvider {
        URLSessionProvider(session: URLSession(configuration: self))
    }
}
