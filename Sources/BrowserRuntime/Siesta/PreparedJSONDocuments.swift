import Foundation
import NIOConcurrencyHelpers
import OrderedJSON

/// JSON documents indexed while their bodies arrived (``JSONBodyIndexing``), waiting for
/// ``JSONDocumentTransformer`` to take them for the same bytes instead of indexing them again.
///
/// A document is found by its body's storage: the address and length of its bytes. The shelf
/// holds the document, and with it those bytes, so no other body can be at that address while
/// it is kept. It keeps at most ``capacity`` documents, each for at most ``lifetime``: a body that
/// never reaches the pipeline (its request was cancelled meanwhile) is not held for long.
enum PreparedJSONDocuments {
    private struct Entry {
        var document: JSONDocument
        var address: UInt
        var count: Int
        var kept: ContinuousClock.Instant
    }

    /// The most documents kept at once.
    static let capacity = 2
    /// How long a document waits to be taken.
    static let lifetime = Duration.seconds(30)

    private static let shelf = NIOLockedValueBox<[Entry]>([])
    private static let takenCount = NIOLockedValueBox(0)

    /// Keeps `document` until the pipeline takes it (or it is crowded out, or too old).
    static func keep(_ document: JSONDocument) {
        let (address, count) = storage(of: document.data)
        let now = ContinuousClock.now
        let dropped = shelf.withLockedValue { entries -> [Entry] in
            var dropped = entries.filter { now - $0.kept > lifetime }
            entries.removeAll { now - $0.kept > lifetime }
            entries.append(Entry(document: document, address: address, count: count, kept: now))
            if entries.count > capacity {
                dropped += entries.prefix(entries.count - capacity)
                entries.removeFirst(entries.count - capacity)
            }
            return dropped
        }
        // Released outside the lock: a document may hold a large body.
        withExtendedLifetime(dropped) {}
    }

    /// The document kept for exactly these bytes, taken off the shelf; nil when there is none.
    static func take(for data: Data) -> JSONDocument? {
        let (address, count) = storage(of: data)
        let document = shelf.withLockedValue { entries -> JSONDocument? in
            guard let index = entries.firstIndex(where: { $0.address == address && $0.count == count }) else {
                return nil
            }
            return entries.remove(at: index).document
        }
        if document != nil { takenCount.withLockedValue { $0 += 1 } }
        return document
    }

    /// How many documents were taken since the process started (for tests).
    static var taken: Int { takenCount.withLockedValue { $0 } }

    private static func storage(of data: Data) -> (UInt, Int) {
        data.withUnsafeBytes { (UInt(bitPattern: $0.baseAddress), $0.count) }
    }
}
