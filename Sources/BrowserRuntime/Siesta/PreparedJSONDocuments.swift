import Foundation
import NIOConcurrencyHelpers
import OrderedJSON

/// JSON documents indexed while their bodies arrived (``JSONBodyIndexing``), waiting for
/// ``JSONDocumentTransformer`` to take them for the same bytes instead of indexing them again.
///
/// A document is found by its body's storage: the address and length of its bytes. The shelf
/// holds the body (and later its document), so no other body can be at that address while it is
/// kept. A body whose last bytes are still being indexed when the pipeline asks is waited for
/// (``Ticket``); the wait ends as soon as the indexer is done. The shelf keeps at most
/// ``capacity`` entries, each for at most ``lifetime``: a body that never reaches the pipeline
/// (its request was cancelled meanwhile) is not held for long.
enum PreparedJSONDocuments {
    /// The document of one body, ready or still being made.
    final class Ticket: Sendable {
        private let state = NIOLockedValueBox<(isDone: Bool, document: JSONDocument?)>((false, nil))
        private let done = DispatchSemaphore(value: 0)

        /// Makes the document known (nil: the body turned out not to be JSON, or indexing
        /// stopped); only the first call counts.
        func fulfill(with document: JSONDocument?) {
            let first = state.withLockedValue { state -> Bool in
                guard !state.isDone else { return false }
                state = (true, document)
                return true
            }
            if first { done.signal() }
        }

        /// The document, waiting up to `timeout` for it to be made; nil when there is none.
        func document(waitingUpTo timeout: Duration) -> JSONDocument? {
            if let ready = state.withLockedValue({ $0.isDone ? $0 : nil }) { return ready.document }
            let nanoseconds =
                timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
            guard done.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success else { return nil }
            done.signal()
            return state.withLockedValue { $0.document }
        }
    }

    private struct Entry {
        var ticket: Ticket
        /// The body, held until the document (which holds it too) is taken.
        var body: Data
        var address: UInt
        var count: Int
        var kept: ContinuousClock.Instant
    }

    /// The most documents kept at once.
    static let capacity = 2
    /// How long a document waits to be taken, and the longest the pipeline waits for one.
    static let lifetime = Duration.seconds(30)

    private static let shelf = NIOLockedValueBox<[Entry]>([])
    private static let takenCount = NIOLockedValueBox(0)

    /// Keeps `document` until the pipeline takes it (or it is crowded out, or too old).
    static func keep(_ document: JSONDocument) {
        let ticket = expect(document.data)
        ticket.fulfill(with: document)
    }

    /// Makes room for the document of `body`, which is still being indexed: the pipeline asking
    /// for these bytes waits for ``Ticket/fulfill(with:)``.
    static func expect(_ body: Data) -> Ticket {
        let ticket = Ticket()
        let (address, count) = storage(of: body)
        let now = ContinuousClock.now
        let dropped = shelf.withLockedValue { entries -> [Entry] in
            var dropped = entries.filter { now - $0.kept > lifetime }
            entries.removeAll { now - $0.kept > lifetime }
            entries.append(Entry(ticket: ticket, body: body, address: address, count: count, kept: now))
            if entries.count > capacity {
                dropped += entries.prefix(entries.count - capacity)
                entries.removeFirst(entries.count - capacity)
            }
            return dropped
        }
        // Released outside the lock: an entry may hold a large body.
        withExtendedLifetime(dropped) {}
        return ticket
    }

    /// The document kept for exactly these bytes, taken off the shelf (waiting for it while its
    /// last bytes are indexed); nil when there is none.
    static func take(for data: Data) -> JSONDocument? {
        let (address, count) = storage(of: data)
        let entry = shelf.withLockedValue { entries -> Entry? in
            guard let index = entries.firstIndex(where: { $0.address == address && $0.count == count }) else {
                return nil
            }
            return entries.remove(at: index)
        }
        guard let document = entry?.ticket.document(waitingUpTo: lifetime) else { return nil }
        takenCount.withLockedValue { $0 += 1 }
        return document
    }

    /// How many documents were taken since the process started (for tests).
    static var taken: Int { takenCount.withLockedValue { $0 } }

    private static func storage(of data: Data) -> (UInt, Int) {
        data.withUnsafeBytes { (UInt(bitPattern: $0.baseAddress), $0.count) }
    }
}
