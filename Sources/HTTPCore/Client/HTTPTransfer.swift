/// A started exchange: cancel it or read its progress. Safe from any thread.
package struct HTTPTransfer: Sendable {
    let delegate: HTTPExchangeDelegate

    /// Stops the transfer (the redirect hop in progress, and any later one) and closes its
    /// connection; the completion then reports ``HTTPFailure/Kind/cancelled`` (unless the
    /// exchange had already ended).
    package func cancel() {
        delegate.cancel()
    }

    /// Byte counts so far.
    package var progress: HTTPTransferProgress {
        delegate.progress
    }
}
