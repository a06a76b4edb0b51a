import Foundation

/// Builds a ``JSONDocument`` over bytes that someone else collects, while they arrive: the
/// index grows with each ``advance(over:)`` and ``finish(with:)`` makes the document over the
/// finished body without copying it.
///
/// Unlike ``JSONStreamIndexer``, it keeps no bytes of its own. Each call gets all the bytes
/// received so far, from the body's first byte; the block holding them may have moved since
/// the last call (a buffer that grew), but bytes already given must not change. An invalid text
/// throws the same ``JSONSyntaxError`` as ``JSONDocument/init(data:)`` on the whole body, as soon
/// as the bytes received show it, and throws it again from every later call; the bytes are the
/// caller's and stay intact.
///
/// An indexer is used from one thread at a time (calls may come from different threads, one
/// after another).
public final class JSONInPlaceIndexer: @unchecked Sendable {
    private var builder: JSONIndexBuilder?
    private var failure: JSONSyntaxError?
    private var isFinished = false
    private let expectedEntries: Int?

    /// An indexer for a body of about `expectedCount` bytes (nil: unknown), so that the index
    /// is allocated once; at most 256 MiB worth is allocated before the bytes arrive.
    public init(expectedCount: Int? = nil) {
        expectedEntries = expectedCount.map { min($0, 256 << 20) / 4 + 16 }
    }

    /// The number of entries indexed so far.
    public var entryCount: Int { builder?.entryCount ?? 0 }

    /// The error the body showed, once it showed one.
    public var error: JSONSyntaxError? { failure }

    /// Indexes as far as `received` (every byte so far, from the first) allows.
    ///
    /// - Throws: ``JSONSyntaxError`` once the bytes received are not the start of a JSON text.
    public func advance(over received: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
        precondition(!isFinished, "JSONInPlaceIndexer.advance after finish")
        try index(received, isFinal: false)
    }

    /// Indexes the rest of `body`, which holds exactly the bytes given so far and any that came
    /// after them, and returns the document over it.
    ///
    /// - Throws: ``JSONSyntaxError`` when the body is not JSON.
    public func finish(with body: Data) throws(JSONSyntaxError) -> JSONDocument {
        precondition(!isFinished, "JSONInPlaceIndexer.finish called twice")
        let outcome = body.withUnsafeBytes { bytes -> JSONSyntaxError? in
            do throws(JSONSyntaxError) {
                try index(bytes, isFinal: true)
                return nil
            } catch {
                return error
            }
        }
        if let outcome { throw outcome }
        guard let builder else { preconditionFailure("a finished body has a builder") }
        isFinished = true
        self.builder = nil
        return JSONDocument(data: body, contentStart: builder.start, builder: builder)
    }

    private func index(_ received: UnsafeRawBufferPointer, isFinal: Bool) throws(JSONSyntaxError) {
        if let failure { throw failure }
        guard received.count < Int(UInt32.max) else {
            throw fail(
                JSONSyntaxError(line: 1, column: 1, offset: 0, reason: "documents of 4 GiB or more are not supported"))
        }
        let empty: [UInt8] = [0]
        let outcome = empty.withUnsafeBufferPointer { fallback -> JSONSyntaxError? in
            let base = received.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? fallback.baseAddress!
            let count = received.baseAddress == nil ? 0 : received.count
            if builder == nil {
                // The byte order mark decides where the text starts: wait for three bytes.
                guard count >= 3 || isFinal else { return nil }
                let bom = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
                builder = JSONIndexBuilder(
                    bytes: base, count: count, start: bom, isFinal: isFinal,
                    expectedEntries: expectedEntries ?? count / 4 + 16)
            }
            builder!.bytes = base
            builder!.count = count
            builder!.isFinal = isFinal
            do throws(JSONSyntaxError) {
                _ = try builder!.run()
                return nil
            } catch {
                return error
            }
        }
        if let outcome { throw fail(outcome) }
    }

    private func fail(_ error: JSONSyntaxError) -> JSONSyntaxError {
        failure = error
        builder = nil
        return error
    }
}
