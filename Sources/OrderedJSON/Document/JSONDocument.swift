import Foundation

/// A JSON text with a structural index over its original bytes: key order, duplicate keys and
/// the exact text of every number and string are kept, and nothing is decoded until asked for.
///
/// Building a document is one pass over the bytes that records, for every value, where it
/// starts and what kind it is (about four bytes an entry; see ``JSONEntryKind``). The bytes are kept
/// as they came, so a 100 MB body costs about 100 MB plus its index, and strings and numbers
/// are decoded only for the values someone reads:
///
/// ```swift
/// let document = try JSONDocument(data: body)
/// let root = document.root
/// for child in document.children(of: root) {
///     print(document.key(child) ?? "-", document.rawText(child))   // keys in the server's order
/// }
/// let id = document.child(of: root, key: "id").flatMap(document.numberText)   // "1.10" stays "1.10"
/// ```
///
/// To index a body while it arrives from the network rather than after, feed its chunks to a
/// ``JSONStreamIndexer``: it builds the same document.
///
/// Entries are numbered in text order from 0 (``root``). Pretty-printed one value per line, entry
/// `n` is line `n`: a non-empty container has an entry for its opening and one for its closing
/// bracket, everything else one entry.
///
/// Promises: any input either builds or throws a ``JSONSyntaxError`` with line and column (deep
/// nesting is handled without recursion); a UTF-8 byte order mark is skipped; strings decode
/// `\uD83D\uDE00` pairs, and show lone surrogates and invalid UTF-8 as U+FFFD while the bytes
/// stay as they were. Not promised: documents of 4 GiB or more (refused), and UTF-16 or UTF-32
/// input (JSON on the wire is UTF-8).
///
/// A document never changes after it is built, so it can be shared between threads and tasks.
/// As a Siesta transformer that keeps the document instead of `[String: Any]` (with Siesta's
/// standard JSON parser left out, so the transformer receives the bytes):
///
/// ```swift
/// let service = Service(baseURL: "https://api.example.com", standardTransformers: [.text])
/// service.configureTransformer("**") { try JSONDocument(data: $0.content) }
/// ```
public final class JSONDocument: Sendable {
    /// The bytes the document was built from, unchanged. Byte offsets and ranges in this API
    /// count from the first byte (use ``withBytes(_:)``, whatever `data.startIndex` is).
    public let data: Data
    /// Where the JSON text starts in ``data``: 3 after a UTF-8 byte order mark, else 0.
    public let contentStart: Int
    let tape: JSONTape
    let depthCheckpoints: [Int32]
    let largeChildCounts: [Int: Int]

    /// Builds the index of a JSON text.
    ///
    /// - Throws: ``JSONSyntaxError`` at the first place the text is not JSON (an empty text
    ///   reads "expected a value but found end of input").
    public init(data: Data) throws(JSONSyntaxError) {
        guard data.count < Int(UInt32.max) else {
            throw JSONSyntaxError(
                line: 1, column: 1, offset: 0, reason: "documents of 4 GiB or more are not supported")
        }
        self.data = data
        let built = data.withUnsafeBytes { raw -> Result<(Int, JSONIndexBuilder), JSONSyntaxError> in
            let empty: [UInt8] = [0]
            return empty.withUnsafeBufferPointer { fallback in
                let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? fallback.baseAddress!
                let count = raw.baseAddress == nil ? 0 : raw.count
                let bom = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
                var builder = JSONIndexBuilder(bytes: base, count: count, start: bom)
                do throws(JSONSyntaxError) {
                    try builder.build()
                } catch {
                    return .failure(error)
                }
                return .success((bom, builder))
            }
        }
        switch built {
        case .failure(let error):
            throw error
        case .success(let (bom, builder)):
            contentStart = bom
            tape = builder.tape
            tape.shrinkToFit()
            depthCheckpoints = builder.depthCheckpoints
            largeChildCounts = builder.largeChildCounts
        }
    }

    /// A document over bytes that a builder has indexed to the end.
    init(data: Data, contentStart: Int, builder: JSONIndexBuilder) {
        self.data = data
        self.contentStart = contentStart
        tape = builder.tape
        tape.shrinkToFit()
        depthCheckpoints = builder.depthCheckpoints
        largeChildCounts = builder.largeChildCounts
    }

    /// Builds the index of a JSON text given as a string.
    public convenience init(_ text: String) throws(JSONSyntaxError) {
        try self.init(data: Data(text.utf8))
    }

    /// Builds the index of JSON text given as bytes.
    public convenience init(bytes: some Sequence<UInt8>) throws(JSONSyntaxError) {
        try self.init(data: Data(bytes))
    }

    // MARK: structure

    /// The number of entries (at least 1).
    public var entryCount: Int { tape.count }

    /// The bytes the index takes beside the text: its entries, depth checkpoints and the
    /// recorded child counts and long links (about four and a quarter bytes an entry).
    public var indexByteCount: Int {
        tape.byteCount + depthCheckpoints.count * 4 + (largeChildCounts.count + tape.farLinks.count) * 16
    }

    /// The top-level value: entry 0.
    public var root: Int { 0 }

    /// What entry `entry` is.
    public func kind(_ entry: Int) -> JSONEntryKind {
        JSONEntryKind(rawValue: JSONTape.kindValue(tape[entry])) ?? .null
    }

    /// True if the entry is an object member (it has a key).
    public func hasKey(_ entry: Int) -> Bool { tape[entry] & JSONTape.hasKeyBit != 0 }

    /// For an opening bracket, its closing bracket; for a closing one, its opening one; any other
    /// entry is its own match.
    public func matchingEntry(_ entry: Int) -> Int {
        let word = tape[entry]
        let kind = kind(entry)
        guard kind.isOpening || kind.isClosing else { return entry }
        var distance = JSONTape.link(word)
        if distance == JSONTape.linkOverflow { distance = tape.farLinks[entry] ?? 0 }
        return kind.isOpening ? entry + distance : entry - distance
    }

    /// The last entry of the value at `entry`: its closing bracket, or itself.
    public func lastEntry(of entry: Int) -> Int { kind(entry).isOpening ? matchingEntry(entry) : entry }

    /// The value after this one in the same container, or nil for the last one (and the root).
    public func nextSibling(of entry: Int) -> Int? {
        let next = lastEntry(of: entry) + 1
        return next < entryCount && !kind(next).isClosing ? next : nil
    }

    /// True if no value follows this one in its container (so no comma follows it).
    public func isLastInContainer(_ entry: Int) -> Bool { nextSibling(of: entry) == nil }

    /// The first child of a non-empty container, else nil.
    public func firstChild(of entry: Int) -> Int? { kind(entry).isOpening ? entry + 1 : nil }

    /// The children of a container, in order (empty for anything else).
    public func children(of entry: Int) -> JSONChildren { JSONChildren(document: self, first: firstChild(of: entry)) }

    /// How many children a container has (0 for anything else). Large containers answer at once;
    /// small ones are counted.
    public func childCount(of entry: Int) -> Int {
        guard kind(entry).isOpening else { return 0 }
        if let count = largeChildCounts[entry] { return count }
        var count = 0
        var child = firstChild(of: entry)
        while let current = child {
            count += 1
            child = nextSibling(of: current)
        }
        return count
    }

    /// The child of an object with this key (the first one, when a key is repeated).
    public func child(of entry: Int, key: String) -> Int? {
        children(of: entry).first { self.key($0) == key }
    }

    /// The child of an array at a position.
    public func child(of entry: Int, index: Int) -> Int? {
        guard index >= 0 else { return nil }
        return children(of: entry).dropFirst(index).first { _ in true }
    }

    /// The container holding the entry (for a closing bracket, the container holding its
    /// container), or nil for the root. Walks back over earlier siblings.
    public func parent(of entry: Int) -> Int? {
        var index = kind(entry).isClosing ? matchingEntry(entry) - 1 : entry - 1
        while index >= 0 {
            let kind = kind(index)
            if kind.isOpening { return index }
            index = kind.isClosing ? matchingEntry(index) - 1 : index - 1
        }
        return nil
    }

    /// Nesting depth: 0 for the root and its closing bracket, 1 for its children, and so on.
    public func depth(_ entry: Int) -> Int {
        let interval = JSONIndexBuilder.checkpointInterval
        let checkpoint = entry / interval
        var depth = Int(depthCheckpoints[checkpoint])
        var index = checkpoint * interval
        while index < entry {
            if kind(index).isOpening { depth += 1 }
            index += 1
            if kind(index).isClosing { depth -= 1 }
        }
        return depth
    }

    /// The entry whose text contains byte `offset` (or the last one starting before it).
    public func entry(atByteOffset offset: Int) -> Int {
        var low = 0
        var high = entryCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if JSONTape.offset(tape[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    // MARK: text

    /// The byte range of the entry's key, quotes included, or nil when it has none.
    public func keyRange(_ entry: Int) -> Range<Int>? {
        guard hasKey(entry) else { return nil }
        let start = JSONTape.offset(tape[entry])
        let end = withBytes { JSONStringDecoder.end($0, openingQuoteAt: start) }
        return start..<end
    }

    /// The byte range of the value's text: a scalar's literal, a container from its opening to
    /// its closing bracket, a closing bracket alone.
    public func valueRange(_ entry: Int) -> Range<Int> {
        withBytes { bytes in
            let start = valueStart(entry, bytes)
            switch kind(entry) {
            case .string: return start..<JSONStringDecoder.end(bytes, openingQuoteAt: start)
            case .number:
                var end = start
                while end < bytes.count, Self.isNumberByte(bytes[end]) { end += 1 }
                return start..<end
            case .true, .null: return start..<(start + 4)
            case .false: return start..<(start + 5)
            case .emptyObject, .emptyArray:
                let closer = kind(entry) == .emptyObject ? Byte.closeBrace : Byte.closeBracket
                var end = start + 1
                while end < bytes.count, bytes[end] != closer { end += 1 }
                return start..<min(bytes.count, end + 1)
            case .objectStart, .arrayStart:
                return start..<(JSONTape.offset(tape[matchingEntry(entry)]) + 1)
            case .objectEnd, .arrayEnd:
                return start..<(start + 1)
            }
        }
    }

    /// The value's text exactly as sent (invalid UTF-8 shown as U+FFFD).
    public func rawText(_ entry: Int) -> String { text(of: valueRange(entry)) }

    /// The key's text exactly as sent, quotes and escapes included; nil when it has none.
    public func rawKey(_ entry: Int) -> String? { keyRange(entry).map(text(of:)) }

    /// The decoded key, or nil when the entry has none.
    public func key(_ entry: Int) -> String? { keyPrefix(entry, maximumScalars: .max)?.text }

    /// The first `maximumScalars` scalars of the decoded key, and whether that is all of it.
    public func keyPrefix(_ entry: Int, maximumScalars: Int) -> (text: String, isComplete: Bool)? {
        guard hasKey(entry) else { return nil }
        let start = JSONTape.offset(tape[entry])
        let decoded = withBytes { JSONStringDecoder.decode($0, openingQuoteAt: start, maximumScalars: maximumScalars) }
        return (decoded.text, decoded.isComplete)
    }

    /// The decoded text of a string value, or nil for other kinds.
    public func string(_ entry: Int) -> String? { stringPrefix(entry, maximumScalars: .max)?.text }

    /// The first `maximumScalars` scalars of a string value, and whether that is all of it: the
    /// way to show a 50 MB string without decoding it all.
    public func stringPrefix(_ entry: Int, maximumScalars: Int) -> (text: String, isComplete: Bool)? {
        guard kind(entry) == .string else { return nil }
        let decoded = withBytes { bytes in
            JSONStringDecoder.decode(bytes, openingQuoteAt: valueStart(entry, bytes), maximumScalars: maximumScalars)
        }
        return (decoded.text, decoded.isComplete)
    }

    /// A number's text exactly as sent (`1.10`, `1e2`, `-0`), or nil for other kinds.
    public func numberText(_ entry: Int) -> String? { kind(entry) == .number ? rawText(entry) : nil }

    /// A number as a `Double` (rounded as `Double` must), or nil for other kinds.
    public func double(_ entry: Int) -> Double? { numberText(entry).flatMap(Double.init) }

    /// A number as an `Int` when its text is an integer that fits, else nil.
    public func int(_ entry: Int) -> Int? { numberText(entry).flatMap { Int($0) } }

    /// `true` or `false`, or nil for other kinds.
    public func bool(_ entry: Int) -> Bool? {
        switch kind(entry) {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// Whether a string value or its key contains escapes (`\n`, `\u00e9`, `\/`…); such text
    /// differs between its raw and decoded forms.
    public func hasEscapes(_ entry: Int, inKey: Bool = false) -> Bool {
        tape[entry] & (inKey ? JSONTape.keyEscapedBit : JSONTape.valueEscapedBit) != 0
    }

    // MARK: bytes

    /// Calls `body` with the document's bytes.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try data.withUnsafeBytes(body)
    }

    /// The byte offset where the entry's value starts (after its key and colon, for a member).
    func valueStart(_ entry: Int, _ bytes: UnsafeRawBufferPointer) -> Int {
        let word = tape[entry]
        var index = JSONTape.offset(word)
        guard word & JSONTape.hasKeyBit != 0 else { return index }
        index = JSONStringDecoder.end(bytes, openingQuoteAt: index)
        while index < bytes.count, bytes[index] != Byte.colon { index += 1 }
        index += 1
        while index < bytes.count,
            bytes[index] == Byte.space || bytes[index] == Byte.newline || bytes[index] == Byte.tab
                || bytes[index] == Byte.carriageReturn
        {
            index += 1
        }
        return index
    }

    private func text(of range: Range<Int>) -> String {
        withBytes { String(decoding: UnsafeRawBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        Byte.isDigit(byte) || byte == Byte.minus || byte == Byte.plus || byte == Byte.dot || byte == Byte.e
            || byte == Byte.capitalE
    }
}
