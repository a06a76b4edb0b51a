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
    private var builder: JSONIndexBuilder?
    private var failure: JSONSyntaxError?
    private var isFinished = false

    /// An indexer for a body of about `expectedCount` bytes (its block is allocated for that
    /// many at first, up to 256 MiB, and grows if more arrive, so that a huge size announced by
    /// a server but never sent reserves no more than that); nil when the size is unknown.
    public init(expectedCount: Int? = nil) {
        let expected = expectedCount ?? JSONStreamIndexer.minimumCapacity
        capacity = max(1, min(expected, JSONStreamIndexer.largestFirstCapacity))
        guard let block = malloc(capacity) else { fatalError("out of memory for a JSON body") }
        buffer = block.assumingMemoryBound(to: UInt8.self)
    }

    deinit {
        free(buffer)
    }

    /// The number of entries indexed so far (values, and closing brackets of non-empty
    /// containers), all of them before the first value that is still incomplete.
    public var entryCount: Int { builder?.entryCount ?? 0 }

    /// Appends the next chunk of the body and indexes as far as the bytes received allow.
    ///
    /// - Throws: ``JSONSyntaxError`` once the bytes received so far are not the start of a JSON
    ///   text (the same error ``JSONDocument/init(data:)`` throws for the whole body).
    public func append(_ chunk: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
        precondition(!isFinished, "JSONStreamIndexer.append after finish")
        if let failure { throw failure }
        guard !chunk.isEmpty, let source = chunk.baseAddress else { return }
        guard byteCount + chunk.count < Int(UInt32.max) else {
            throw fail(
                JSONSyntaxError(line: 1, column: 1, offset: 0, reason: "documents of 4 GiB or more are not supported"))
        }
        reserve(byteCount + chunk.count)
        guard let buffer else { return }
        UnsafeMutableRawPointer(buffer + byteCount).copyMemory(from: source, byteCount: chunk.count)
        byteCount += chunk.count
        try index(isFinal: false)
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

    /// Ends the body: indexes what is left and returns the document.
    ///
    /// - Throws: ``JSONSyntaxError`` when the text is not JSON (an empty body reads "expected a
    ///   value but found end of input").
    public func finish() throws(JSONSyntaxError) -> JSONDocument {
        precondition(!isFinished, "JSONStreamIndexer.finish called twice")
        if let failure { throw failure }
        try index(isFinal: true)
        guard var buffer, let builder else { preconditionFailure("an indexed body has a block and a builder") }
        isFinished = true
        self.buffer = nil
        self.builder = nil
        if capacity - byteCount > JSONStreamIndexer.minimumCapacity, let shrunk = realloc(buffer, max(1, byteCount)) {
            buffer = shrunk.assumingMemoryBound(to: UInt8.self)
        }
        let data = Data(bytesNoCopy: buffer, count: byteCount, deallocator: .free)
        return JSONDocument(data: data, contentStart: builder.start, builder: builder)
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

    /// Runs the builder over the bytes received.
    private func index(isFinal: Bool) throws(JSONSyntaxError) {
        guard let buffer else { return }
        if builder == nil {
            // The byte order mark decides where the text starts: wait for three bytes.
            guard byteCount >= 3 || isFinal else { return }
            let bom = byteCount >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
            builder = JSONIndexBuilder(
                bytes: buffer, count: byteCount, start: bom, isFinal: isFinal, expectedEntries: capacity / 4 + 16)
        }
        builder!.bytes = UnsafePointer(buffer)
        builder!.count = byteCount
        builder!.isFinal = isFinal
        do throws(JSONSyntaxError) {
            _ = try builder!.run()
        } catch {
            throw fail(error)
        }
    }

    /// Keeps `error` as the indexer's answer from now on and frees the bytes.
    private func fail(_ error: JSONSyntaxError) -> JSONSyntaxError {
        failure = error
        builder = nil
        free(buffer)
        buffer = nil
        return error
    }
}
