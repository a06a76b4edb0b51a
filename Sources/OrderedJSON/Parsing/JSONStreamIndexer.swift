import Foundation

/// Builds a ``JSONDocument`` while its bytes arrive: each chunk is indexed as it is appended, so
/// that when the last one has arrived only its own bytes are left to read.
///
/// Feed it the chunks in order with ``append(_:)`` (any split works: a string, an escape, a
/// number or a literal may be cut anywhere) and call ``finish()`` after the last one. The
/// document it returns is the one ``JSONDocument/init(data:)`` builds from the same bytes, and
/// an invalid text throws the same ``JSONSyntaxError`` (reason, line, column and offset), as
/// soon as the bytes received show the error: a chunk that makes the text invalid throws from
/// ``append(_:)``, a text that ends too early throws from ``finish()``.
///
/// The indexer copies the chunks into one contiguous block that it grows as needed; the finished
/// document keeps that block as its ``JSONDocument/data`` without copying it again. When the
/// size is known (an HTTP `Content-Length`), pass it as `expectedCount` so that the block is
/// allocated once:
///
/// ```swift
/// let indexer = JSONStreamIndexer(expectedCount: response.expectedContentLength)
/// for try await chunk in response.body {
///     try indexer.append(chunk)     // throws at the first invalid byte
/// }
/// let document = try indexer.finish()
/// ```
///
/// An indexer is used from one thread or task at a time; the document it builds is `Sendable`.
/// After ``finish()`` returns a document it takes no more chunks. After an error, ``append(_:)``
/// and ``finish()`` throw that same error again.
public final class JSONStreamIndexer {
    /// The block allocated when no size is expected.
    static let minimumCapacity = 1 << 16
    /// The largest block allocated before the bytes arrive.
    static let largestFirstCapacity = 1 << 28

    private var buffer: UnsafeMutablePointer<UInt8>?
    private var capacity: Int
    /// The number of bytes appended so far.
    public private(set) var byteCount = 0
    /// Indexes the block as it fills.
    private let indexer: JSONInPlaceIndexer
    /// Set when the body grew past what a document can hold.
    private var tooLarge: JSONSyntaxError?
    private var isFinished = false

    /// An indexer for a body of about `expectedCount` bytes (its block is allocated for that
    /// many at first, up to 256 MiB, and grows if more arrive, so that a huge size announced by
    /// a server but never sent reserves no more than that); nil when the size is unknown.
    public init(expectedCount: Int? = nil) {
        let expected = expectedCount ?? JSONStreamIndexer.minimumCapacity
        capacity = max(1, min(expected, JSONStreamIndexer.largestFirstCapacity))
        guard let block = malloc(capacity) else { fatalError("out of memory for a JSON body") }
        buffer = block.assumingMemoryBound(to: UInt8.self)
        indexer = JSONInPlaceIndexer(expectedCount: capacity)
    }

    deinit {
        free(buffer)
    }

    /// The number of entries indexed so far (values, and closing brackets of non-empty
    /// containers), all of them before the first value that is still incomplete.
    public var entryCount: Int { indexer.entryCount }

    /// Appends the next chunk of the body and indexes as far as the bytes received allow.
    ///
    /// - Throws: ``JSONSyntaxError`` once the bytes received so far are not the start of a JSON
    ///   text (the same error ``JSONDocument/init(data:)`` throws for the whole body).
    public func append(_ chunk: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
        precondition(!isFinished, "JSONStreamIndexer.append after finish")
        if let failure = tooLarge ?? indexer.error { throw failure }
        guard !chunk.isEmpty, let source = chunk.baseAddress else { return }
        guard byteCount + chunk.count < Int(UInt32.max) else {
            tooLarge = JSONSyntaxError(
                line: 1, column: 1, offset: 0, reason: "documents of 4 GiB or more are not supported")
            release()
            throw tooLarge!
        }
        reserve(byteCount + chunk.count)
        guard let buffer else { return }
        UnsafeMutableRawPointer(buffer + byteCount).copyMemory(from: source, byteCount: chunk.count)
        byteCount += chunk.count
        do throws(JSONSyntaxError) {
            try indexer.advance(over: UnsafeRawBufferPointer(start: buffer, count: byteCount))
        } catch {
            release()
            throw error
        }
    }

    /// Appends the next chunk of the body (any contiguous or not collection of bytes, such as
    /// `Data`, `[UInt8]` or a NIO `ByteBuffer`'s view).
    ///
    /// - Throws: ``JSONSyntaxError`` as the `UnsafeRawBufferPointer` form does.
    public func append(_ chunk: some DataProtocol) throws(JSONSyntaxError) {
        for region in chunk.regions {
            let result = region.withUnsafeBytes { bytes -> JSONSyntaxError? in
                do throws(JSONSyntaxError) {
                    try append(bytes)
                    return nil
                } catch {
                    return error
                }
            }
            if let result { throw result }
        }
    }

    /// Ends the body: indexes what is left and returns the document, which keeps the block as
    /// its bytes.
    ///
    /// - Throws: ``JSONSyntaxError`` when the text is not JSON (an empty body reads "expected a
    ///   value but found end of input").
    public func finish() throws(JSONSyntaxError) -> JSONDocument {
        precondition(!isFinished, "JSONStreamIndexer.finish called twice")
        if let failure = tooLarge ?? indexer.error { throw failure }
        guard var block = buffer else { preconditionFailure("an indexer that has not failed has its block") }
        buffer = nil
        if capacity - byteCount > JSONStreamIndexer.minimumCapacity, let shrunk = realloc(block, max(1, byteCount)) {
            block = shrunk.assumingMemoryBound(to: UInt8.self)
        }
        // The data owns the block from here, whatever the outcome.
        let document = try indexer.finish(with: Data(bytesNoCopy: block, count: byteCount, deallocator: .free))
        isFinished = true
        return document
    }

    // MARK: internals

    /// Grows the block to hold at least `needed` bytes.
    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        var grown = capacity
        while grown < needed { grown *= 2 }
        guard let moved = realloc(buffer, grown) else { fatalError("out of memory for a JSON body") }
        buffer = moved.assumingMemoryBound(to: UInt8.self)
        capacity = grown
    }

    /// Lets the bytes go once the body failed: the error stays the answer.
    private func release() {
        free(buffer)
        buffer = nil
    }
}
