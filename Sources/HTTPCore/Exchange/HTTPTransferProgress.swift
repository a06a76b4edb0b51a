/// Byte counts of a transfer so far, for progress reporting.
package struct HTTPTransferProgress: Sendable, Equatable {
    /// Body bytes sent so far.
    package var requestBytesSent: Int64 = 0
    /// Body bytes to send in all.
    package var requestBytesTotal: Int64?
    /// Body bytes received so far (after decompression).
    package var responseBytesReceived: Int64 = 0
    /// Body bytes expected in all (from `Content-Length`), if known.
    package var responseBytesTotal: Int64?

    /// Creates empty progress.
    package init() {}
}
