import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import OrderedJSON

/// Indexes a JSON response body while it arrives, in place over the bytes the transport
/// collects, on a thread of its own beside the connection's, and leaves the finished document on
/// ``PreparedJSONDocuments`` for the pipeline: when the last byte of a large body comes, only the
/// last part is left to index, and the connection's thread never waits for the index.
///
/// The indexing thread takes the newest bytes received each time it is free (however many parts
/// arrived meanwhile), so it works in large steps while the transfer is faster than indexing and
/// keeps pace when it is not. A body that turns out not to be JSON is left alone (the pipeline
/// then reports where it is broken); its bytes are never touched. A transfer that fails or is
/// cancelled stops the thread at its next step and lets go of the bytes.
final class JSONBodyIndexing: HTTPBodyReader, @unchecked Sendable {
    /// Bodies announced smaller than this, or with no length, are indexed by the pipeline once
    /// they are whole (16 MiB: about 15 ms of indexing in a release build, which a second
    /// thread does not pay for); a body of announced length stays where it is while it grows.
    static let minimumAnnouncedSize = 16 * 1024 * 1024

    /// What the indexing thread has to do, guarded by ``condition``.
    private struct State {
        /// Nil once the body turned out not to be JSON.
        var indexer: JSONInPlaceIndexer?
        /// The newest bytes not indexed yet.
        var received: HTTPReceivedBody?
        /// The whole body and where its document goes, once it ended.
        var ended: (body: Data, ticket: PreparedJSONDocuments.Ticket)?
        var isAbandoned = false
        var hasThread = false
    }

    private let condition = NSCondition()
    private var state: State
    private static let threads = NIOLockedValueBox(0)

    /// How many indexing threads are running now (for tests).
    static var runningThreads: Int { threads.withLockedValue { $0 } }

    /// A reader for `response`'s body when it is JSON announced at `minimum` bytes or more
    /// (``minimumAnnouncedSize`` unless told); nil otherwise.
    static func reader(
        for response: HTTPExchangeResponse, minimum: Int = minimumAnnouncedSize
    ) -> JSONBodyIndexing? {
        guard let type = response.headers.first(name: "content-type")?.lowercased(), type.contains("json") else {
            return nil
        }
        guard let announced = response.headers.first(name: "content-length").flatMap({ Int($0) }),
            announced >= minimum
        else { return nil }
        return JSONBodyIndexing(expectedCount: announced)
    }

    private init(expectedCount: Int?) {
        state = State(indexer: JSONInPlaceIndexer(expectedCount: expectedCount))
    }

    func bodyGrew(_ received: HTTPReceivedBody) {
        condition.lock()
        defer { condition.unlock() }
        guard state.indexer != nil, !state.isAbandoned else { return }
        state.received = received
        startThreadIfNeeded()
        condition.signal()
    }

    func bodyEnded(_ body: Data) {
        condition.lock()
        defer { condition.unlock() }
        guard state.indexer != nil, !state.isAbandoned else { return }
        state.ended = (body, PreparedJSONDocuments.expect(body))
        startThreadIfNeeded()
        condition.signal()
    }

    func bodyAbandoned() {
        condition.lock()
        state.isAbandoned = true
        state.received = nil
        condition.signal()
        condition.unlock()
    }

    /// Starts the indexing thread once; under the lock.
    private func startThreadIfNeeded() {
        guard !state.hasThread else { return }
        state.hasThread = true
        Self.threads.withLockedValue { $0 += 1 }
        let thread = Thread { [self] in
            index()
            Self.threads.withLockedValue { $0 -= 1 }
        }
        thread.name = "hammock JSON index"
        thread.start()
    }

    /// One step of the indexing thread.
    private enum Step {
        case advance(JSONInPlaceIndexer, HTTPReceivedBody)
        case finish(JSONInPlaceIndexer, Data, PreparedJSONDocuments.Ticket)
        case stop
    }

    /// The indexing thread: indexes the newest bytes until the body ends (the document goes to
    /// its ticket), turns out not to be JSON, or is abandoned.
    private func index() {
        while true {
            condition.lock()
            while !state.isAbandoned, state.indexer != nil, state.received == nil, state.ended == nil {
                condition.wait()
            }
            let step: Step
            if state.isAbandoned || state.indexer == nil {
                // Bytes still held are let go with the thread.
                state.received = nil
                step = .stop
            } else if let received = state.received {
                state.received = nil
                step = .advance(state.indexer!, received)
            } else if let (body, ticket) = state.ended {
                state.ended = nil
                step = .finish(state.indexer!, body, ticket)
            } else {
                step = .stop
            }
            condition.unlock()
            switch step {
            case .advance(let indexer, let received):
                let isJSON = received.withUnsafeBytes { bytes in
                    do throws(JSONSyntaxError) {
                        try indexer.advance(over: bytes)
                        return true
                    } catch {
                        return false
                    }
                }
                if !isJSON { give(up: indexer) }
            case .finish(let indexer, let body, let ticket):
                ticket.fulfill(with: try? indexer.finish(with: body))
                give(up: indexer)
                return
            case .stop:
                return
            }
        }
    }

    /// Stops indexing (the body is not JSON, or its document is made); a body that ends
    /// afterwards is left to the pipeline.
    private func give(up indexer: JSONInPlaceIndexer) {
        condition.lock()
        state.indexer = nil
        state.received = nil
        let ended = state.ended
        state.ended = nil
        condition.unlock()
        ended?.ticket.fulfill(with: nil)
    }
}
