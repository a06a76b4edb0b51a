import Hummingbird
import NIOCore

/// A streamed response body paced by the ``LiveClock``: one batch of chunks at once, then one at
/// every following step boundary, each chunk written (and so flushed) on its own.
///
/// The body is sent chunked, without a `Content-Length`. It ends after `limit` batches, or never
/// when there is no limit. Once the client has gone away a write fails (the first one after
/// the close may still succeed, and provokes the reset that fails the next), which ends the
/// body, so no writer outlives its connection by more than two steps. While it runs, the store
/// counts it among the open streams.
struct LiveStream: Sendable {
    /// The clock that paces the batches.
    let clock: LiveClock
    /// Where open streams are counted.
    let store: DemoStore

    /// A body that writes `preamble` (when given), then `batch(index, step)` for index 0 at
    /// once and for each following index at the next step boundary.
    ///
    /// - Parameters:
    ///   - preamble: Text written before the first batch.
    ///   - limit: The number of batches after which the body ends; `nil` for no end.
    ///   - closesConnection: Whether the connection is closed once the body has ended, instead
    ///     of being kept for the next request.
    ///   - batch: The chunks of batch `index` (from 0), given the step it reports.
    func body(
        preamble: String? = nil,
        limit: Int?,
        closesConnection: Bool = false,
        batch: @escaping @Sendable (_ index: Int, _ step: Int) throws -> [String]
    ) -> ResponseBody {
        let clock = self.clock
        let store = self.store
        return ResponseBody { writer in
            store.streamOpened()
            defer { store.streamClosed() }
            if let preamble {
                try await writer.write(ByteBuffer(string: preamble))
            }
            var step = clock.currentStep()
            var index = 0
            while limit.map({ index < $0 }) ?? true {
                if index > 0 {
                    // A writer that fell behind reports the current step rather than catching up.
                    step = max(step + 1, clock.currentStep())
                    try await clock.sleep(untilStep: step)
                }
                for chunk in try batch(index, step) {
                    try await writer.write(ByteBuffer(string: chunk))
                }
                index += 1
            }
            try await writer.finish(nil)
            if closesConnection {
                // Throwing once the response is complete makes the server close the connection.
                throw ConnectionDropped()
            }
        }
    }
}

/// Thrown after a complete response to make the server close its connection.
private struct ConnectionDropped: Error {}
