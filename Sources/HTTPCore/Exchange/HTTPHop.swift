import AsyncHTTPClient

/// One request of an exchange in flight, on whichever engine sends it: what cancelling the
/// exchange reaches. Cancelling closes its connection and ends it with a failure (unless it has
/// ended).
protocol HTTPHop: Sendable {
    /// Stops the request.
    func cancel()
}

extension HTTPClient.Task: HTTPHop {}
