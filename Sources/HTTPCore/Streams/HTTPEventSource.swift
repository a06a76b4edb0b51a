import Foundation
import NIOConcurrencyHelpers

/// Server-Sent Events read from a stream the way the WHATWG standard's `EventSource` reads them,
/// across reconnections: when the connection ends or drops, it waits the server's `retry:` delay
/// (``defaultRetry`` until one arrives, never under ``minimumRetry``, doubled after each failed
/// reconnection up to ``maximumBackoff``) and sends the request again with `Accept:
/// text/event-stream` and, once an event had an id, `Last-Event-ID`. A reconnection answered
/// with 204 ends the source; one answered with another status or type fails it.
///
/// Parsing happens off the main actor; what happens arrives in ``updates`` in order. A source
/// made with `reconnects: false` (the request was not a GET, say) reads its stream once. ``stop()``
/// ends it at any point; ``updates`` then finishes.
package final class HTTPEventSource: Sendable {
    /// Something that happened to the source.
    package enum Update: Sendable, Equatable {
        /// Events arrived, with the parser's state after them: the last event ID in force, the
        /// server's reconnection delay if it named one, and how many events were dropped as too
        /// large so far.
        case events([ServerSentEvent], lastEventID: String, retry: Int?, dropped: Int)
        /// The connection ended; a reconnection is due at this time (seconds since 1970).
        case reconnecting(at: Double, reason: String)
        /// The request is being sent again.
        case connecting
        /// A reconnection was answered with an event stream; events follow. The number counts
        /// reconnections so far.
        case reconnected(Int)
        /// The source ended for good: the server ended a stream that does not reconnect, or
        /// answered a reconnection with 204.
        case ended(String)
        /// The source failed for good.
        case failed(String)
    }

    /// The reconnection delay before the server names one, in milliseconds.
    package static let defaultRetry = 3000
    /// The shortest reconnection delay, whatever the server says, in milliseconds.
    package static let minimumRetry = 250
    /// The longest delay after failed reconnections, in milliseconds.
    package static let maximumBackoff = 30_000

    /// What happens, in order; finishes when the source ends, fails or is stopped.
    package let updates: AsyncStream<Update>

    private struct State {
        var stream: HTTPStream?
        var transfer: HTTPTransfer?
        var task: Task<Void, Never>?
        var isStopped = false
    }

    private let state: NIOLockedValueBox<State>
    private let continuation: AsyncStream<Update>.Continuation

    /// Starts reading `stream` (already answered with an event stream), reconnecting when
    /// `reconnects` is true, from `lastEventID` (the ID in force before this stream, if any).
    package init(stream: HTTPStream, reconnects: Bool, lastEventID: String = "") {
        (updates, continuation) = AsyncStream.makeStream(of: Update.self, bufferingPolicy: .unbounded)
        state = NIOLockedValueBox(State())
        let reader = Reader(state: state, continuation: continuation)
        let task = Task.detached { await reader.run(first: stream, reconnects: reconnects, lastEventID: lastEventID) }
        state.withLockedValue {
            $0.stream = stream
            $0.task = task
        }
    }

    deinit {
        stop()
    }

    /// Stops reading and any reconnection; ``updates`` finishes.
    package func stop() {
        let (stream, transfer, task) = state.withLockedValue { state in
            state.isStopped = true
            return (state.stream, state.transfer, state.task)
        }
        stream?.cancel()
        transfer?.cancel()
        task?.cancel()
        continuation.finish()
    }

    /// The loop that reads and reconnects; it holds no reference to the source, so a source
    /// nobody keeps stops.
    private struct Reader: Sendable {
        let state: NIOLockedValueBox<State>
        let continuation: AsyncStream<Update>.Continuation

        private var isStopped: Bool { state.withLockedValue { $0.isStopped } }

        func run(first: HTTPStream, reconnects: Bool, lastEventID: String) async {
            var stream = first
            var lastEventID = lastEventID
            var retry = HTTPEventSource.defaultRetry
            var failedReconnections = 0
            var reconnections = 0
            while !isStopped {
                let (failure, lastID, serverRetry) = await read(stream, lastEventID: lastEventID)
                lastEventID = lastID
                if let serverRetry { retry = serverRetry }
                guard !isStopped else { return }
                var reason = failure.map { "connection lost: " + $0.summary } ?? "the server ended it"
                guard reconnects else {
                    continuation.yield(failure == nil ? .ended(reason) : .failed(reason))
                    continuation.finish()
                    return
                }
                failedReconnections = 0
                while true {
                    var delay = max(retry, HTTPEventSource.minimumRetry)
                    for _ in 0..<min(failedReconnections, 8) { delay = min(delay * 2, HTTPEventSource.maximumBackoff) }
                    continuation.yield(
                        .reconnecting(at: Date().timeIntervalSince1970 + Double(delay) / 1000, reason: reason))
                    do {
                        try await Task.sleep(for: .milliseconds(delay))
                    } catch {
                        return
                    }
                    guard !isStopped else { return }
                    continuation.yield(.connecting)
                    switch await reopen(stream, lastEventID: lastEventID) {
                    case .none:
                        continuation.yield(.failed("the transport is closing: no reconnection"))
                        continuation.finish()
                        return
                    case .failure(let failure)?:
                        guard !isStopped else { return }
                        failedReconnections += 1
                        reason = "reconnection failed: " + failure.summary
                        continue
                    case .success(let next)?:
                        let status = next.response.statusCode
                        if status == 204 {
                            next.cancel()
                            continuation.yield(.ended("the server answered 204 No Content: no more events"))
                            continuation.finish()
                            return
                        }
                        guard status == 200, next.kind == .eventStream else {
                            next.cancel()
                            let type =
                                next.response.headerFields.first { $0.name.lowercased() == "content-type" }?.value
                                ?? "no type"
                            continuation.yield(
                                .failed("the reconnection got HTTP \(status) (\(type)), not an event stream"))
                            continuation.finish()
                            return
                        }
                        let stopped = state.withLockedValue { state in
                            state.stream = next
                            return state.isStopped
                        }
                        if stopped {
                            next.cancel()
                            return
                        }
                        reconnections += 1
                        continuation.yield(.reconnected(reconnections))
                        stream = next
                    }
                    break
                }
            }
        }

        /// Reads one stream to its end; returns how it ended, the last event ID and the server's retry.
        func read(_ stream: HTTPStream, lastEventID: String) async -> (HTTPFailure?, String, Int?) {
            var parser = ServerSentEventParser(lastEventID: lastEventID)
            for await chunk in stream.chunks {
                switch chunk {
                case .bytes(let data):
                    let events = parser.feed(data)
                    continuation.yield(
                        .events(
                            events, lastEventID: parser.lastEventID, retry: parser.retry,
                            dropped: parser.droppedEventCount))
                case .end(let failure):
                    return (failure, parser.lastEventID, parser.retry)
                }
            }
            return (nil, parser.lastEventID, parser.retry)
        }

        /// Sends the stream's request again; nil when the transport is gone.
        func reopen(_ stream: HTTPStream, lastEventID: String) async -> Result<HTTPStream, HTTPFailure>? {
            var fields = [HTTPHeaderField(name: "Accept", value: "text/event-stream")]
            if !lastEventID.isEmpty { fields.append(HTTPHeaderField(name: "Last-Event-ID", value: lastEventID)) }
            let box = NIOLockedValueBox<CheckedContinuation<Result<HTTPStream, HTTPFailure>?, Never>?>(nil)
            return await withCheckedContinuation {
                (waiting: CheckedContinuation<Result<HTTPStream, HTTPFailure>?, Never>) in
                box.withLockedValue { $0 = waiting }
                let transfer = stream.reopen(adding: fields) { result in
                    box.withLockedValue { waiting in
                        waiting?.resume(returning: result)
                        waiting = nil
                    }
                }
                guard let transfer else {
                    box.withLockedValue { waiting in
                        waiting?.resume(returning: nil)
                        waiting = nil
                    }
                    return
                }
                let stopped = state.withLockedValue { state in
                    state.transfer = transfer
                    return state.isStopped
                }
                if stopped { transfer.cancel() }
            }
        }
    }
}
