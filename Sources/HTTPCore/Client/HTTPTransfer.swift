import AsyncHTTPClient

/// A started exchange: cancel it or read its progress. Safe from any thread.
package struct HTTPTransfer: Sendable {
    let task: HTTPClient.Task<Void>?
    let delegate: HTTPExchangeDelegate

    /// Stops the transfer and closes its connection; the completion then reports
    /// ``HTTPFailure/Kind/cancelled`` (unless the exchange had already ended).
    package func cancel() {
        task?.cancel()
    }

    /// Byte counts so far.
    package var progress: HTTPTransferProgress {
        delegate.progress
    }
}
