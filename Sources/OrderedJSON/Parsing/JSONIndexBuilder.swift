import Foundation

/// Builds a document's tape in one pass over its bytes, with an explicit stack instead of
/// recursion, so that nesting depth is bounded by memory, not by the thread's stack.
///
/// It checks the whole grammar of RFC 8259 (strings, escapes, numbers, literals, structure) and
/// stops at the first error with its position. It does not decode strings or numbers and does
/// not check UTF-8: that is done lazily, for what is shown.
///
/// The pass can stop where the bytes end and go on when more arrive (``run()`` with
/// ``isFinal`` false, then again over a longer buffer): it keeps where it is in the grammar
/// between tokens, and a token cut by the end of the bytes is read again from its start, except
/// that a string's scan goes on where it stopped and a number waits for the byte that ends it.
/// Fed the same bytes in any number of steps, it builds the same tape and reports the same
/// errors as in one step.
struct JSONIndexBuilder {
    /// Every this many entries, the depth of the entry is recorded, so that any entry's depth is
    /// found by walking at most this many entries.
    static let checkpointInterval = 1024
    /// Containers with at least this many children have their count recorded.
    static let largeChildCount = 64

    /// Where the pass is in the grammar between two tokens.
    private enum Phase {
        /// Before a value (after a colon, a comma in an array, an opening bracket, or at the start).
        case value
        /// After a value: a comma, a closing bracket or (at the top) the end.
        case afterValue
        /// After `{` or a comma in an object: a key.
        case key
        /// After a key: its colon.
        case colon
        /// After an opening bracket: its closing one (an empty container) or the first child.
        case afterOpen
    }

    /// Why the pass stopped early.
    private enum Interruption: Error {
        case invalid(JSONSyntaxError)
        case needsMore
    }

    private struct Frame {
        var open: Int
        var children: Int
        var isObject: Bool
    }

    /// The bytes read so far (they may move between calls to ``run()``, never shrink).
    var bytes: UnsafePointer<UInt8>
    /// How many of them have arrived.
    var count: Int
    /// True once no more bytes will arrive: the end of the bytes is then the end of the text.
    var isFinal: Bool
    /// Where the JSON text starts (after a byte order mark).
    let start: Int
    private(set) var depthCheckpoints: [Int32] = []
    private(set) var largeChildCounts: [Int: Int] = [:]
    /// The entries; its block is written through `tapeEntries` and its count set when a call to
    /// ``run()`` returns.
    let tape: JSONTape
    private var tapeEntries: JSONTape.Entries
    private var tapeCount = 0
    private var tapeCapacity: Int
    /// The frames of the containers around the innermost open one.
    private var stack: [Frame] = []
    /// The innermost open container (`open` is -1 at the top level).
    private var top = Frame(open: -1, children: 0, isObject: false)

    private var phase = Phase.value
    private var position: Int
    private var keyOffset = 0
    private var keyFlags: UInt64 = 0
    private var openIsObject = false
    private var openOffset = 0
    private var openFlags: UInt64 = 0
    /// A string cut by the end of the bytes: its opening quote, where its scan stopped, and
    /// whether it had escapes before that.
    private var cutString = -1
    private var cutStringScan = 0
    private var cutStringEscaped = false
    /// A number cut by the end of the bytes waits for a byte that cannot be part of it; this is
    /// where to look for one.
    private var cutNumberScan = -1

    /// A builder over `count` bytes from `start`, with room for about `expectedEntries` entries.
    init(bytes: UnsafePointer<UInt8>, count: Int, start: Int, isFinal: Bool = true, expectedEntries: Int? = nil) {
        self.bytes = bytes
        self.count = count
        self.start = start
        self.isFinal = isFinal
        position = start
        tape = JSONTape(expected: expectedEntries ?? count / 4 + 16)
        tapeEntries = tape.entries
        tapeCapacity = tape.capacity
        stack.reserveCapacity(64)
    }

    /// Builds the whole tape of a complete text, or throws its first error.
    mutating func build() throws(JSONSyntaxError) {
        isFinal = true
        _ = try run()
    }

    /// The number of entries so far.
    var entryCount: Int { tapeCount }

    // MARK: the pass

    /// Reads on from where the last call stopped. Returns true when the text is complete, false
    /// when it needs more bytes (only when ``isFinal`` is false).
    mutating func run() throws(JSONSyntaxError) -> Bool {
        var i = position
        var phase = self.phase
        var keyFlags = self.keyFlags
        var keyOffset = self.keyOffset
        do throws(Interruption) {
            loop: while true {
                switch phase {
                case .key:
                    skipWhitespace(&i)
                    guard i < count, bytes[i] == Byte.quote else {
                        if i >= count { throw endOfInput(i, "expected a string key but found end of input") }
                        throw .invalid(error(at: i, "expected a string key but found \(try describe(i))"))
                    }
                    let (close, escaped) = try scanString(i)
                    keyOffset = i
                    keyFlags = JSONTape.hasKeyBit | (escaped ? JSONTape.keyEscapedBit : 0)
                    i = close
                    phase = .colon
                    fallthrough
                case .colon:
                    skipWhitespace(&i)
                    guard i < count, bytes[i] == Byte.colon else {
                        if i >= count { throw endOfInput(i, "expected \":\" but found end of input") }
                        throw .invalid(error(at: i, "expected \":\" but found \(try describe(i))"))
                    }
                    i += 1
                    phase = .value
                    fallthrough
                case .value:
                    skipWhitespace(&i)
                    if i >= count { throw endOfInput(i, "expected a value but found end of input") }
                    let flags = keyFlags
                    let offset = flags != 0 ? keyOffset : i
                    let byte = bytes[i]
                    switch byte {
                    case Byte.quote:
                        let (close, escaped) = try scanString(i)
                        append(offset: offset, kind: .string, flags: flags | (escaped ? JSONTape.valueEscapedBit : 0))
                        i = close
                    case Byte.openBrace, Byte.openBracket:
                        openIsObject = byte == Byte.openBrace
                        openOffset = offset
                        openFlags = flags
                        top.children += 1
                        keyFlags = 0
                        i += 1
                        phase = .afterOpen
                        continue loop
                    case Byte.minus, Byte.zero...Byte.nine:
                        let close = try scanNumber(i)
                        append(offset: offset, kind: .number, flags: flags)
                        i = close
                    case Byte.t:
                        try literal("true", i)
                        append(offset: offset, kind: .true, flags: flags)
                        i += 4
                    case Byte.f:
                        try literal("false", i)
                        append(offset: offset, kind: .false, flags: flags)
                        i += 5
                    case Byte.n:
                        try literal("null", i)
                        append(offset: offset, kind: .null, flags: flags)
                        i += 4
                    default:
                        throw .invalid(error(at: i, "expected a value but found \(try describe(i))"))
                    }
                    top.children += 1
                    keyFlags = 0
                    phase = .afterValue
                    fallthrough
                case .afterValue:
                    // A value is complete: close containers, or move on to the next element.
                    while true {
                        skipWhitespace(&i)
                        guard top.open >= 0 else {
                            if i < count {
                                throw .invalid(error(at: i, "unexpected \(try describe(i)) after the value"))
                            }
                            if !isFinal { throw .needsMore }
                            break loop
                        }
                        if i >= count {
                            let expected = top.isObject ? "\",\" or \"}\"" : "\",\" or \"]\""
                            throw endOfInput(i, "expected \(expected) but found end of input")
                        }
                        let byte = bytes[i]
                        if byte == Byte.comma {
                            i += 1
                            phase = top.isObject ? .key : .value
                            continue loop
                        }
                        guard byte == (top.isObject ? Byte.closeBrace : Byte.closeBracket) else {
                            let expected = top.isObject ? "\",\" or \"}\"" : "\",\" or \"]\""
                            throw .invalid(error(at: i, "expected \(expected) but found \(try describe(i))"))
                        }
                        close(at: i)
                        i += 1
                    }
                case .afterOpen:
                    skipWhitespace(&i)
                    let isObject = openIsObject
                    if i < count, bytes[i] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                        append(offset: openOffset, kind: isObject ? .emptyObject : .emptyArray, flags: openFlags)
                        i += 1
                        phase = .afterValue
                        continue loop
                    }
                    if i >= count, !isFinal { throw .needsMore }
                    append(offset: openOffset, kind: isObject ? .objectStart : .arrayStart, flags: openFlags)
                    if top.open >= 0 { stack.append(top) }
                    top = Frame(open: tapeCount - 1, children: 0, isObject: isObject)
                    phase = isObject ? .key : .value
                }
            }
        } catch {
            tape.count = tapeCount
            self.phase = phase
            position = i
            self.keyFlags = keyFlags
            self.keyOffset = keyOffset
            switch error {
            case .invalid(let error): throw error
            case .needsMore: return false
            }
        }
        tape.count = tapeCount
        self.phase = phase
        position = i
        return true
    }

    /// Records the closing bracket at `i` of the innermost container.
    private mutating func close(at i: Int) {
        let closed = top
        top = stack.isEmpty ? Frame(open: -1, children: 0, isObject: false) : stack.removeLast()
        let close = tapeCount
        append(offset: i, kind: closed.isObject ? .objectEnd : .arrayEnd, flags: 0)
        let distance = close - closed.open
        if distance >= JSONTape.linkOverflow {
            tape.farLinks[closed.open] = distance
            tape.farLinks[close] = distance
        }
        let link = min(distance, JSONTape.linkOverflow)
        tapeEntries.setLink(link, at: closed.open)
        tapeEntries.setLink(link, at: close)
        if closed.children >= JSONIndexBuilder.largeChildCount { largeChildCounts[closed.open] = closed.children }
    }

    @inline(__always)
    private mutating func append(offset: Int, kind: JSONEntryKind, flags: UInt64) {
        if tapeCount & (JSONIndexBuilder.checkpointInterval - 1) == 0 {
            depthCheckpoints.append(Int32(truncatingIfNeeded: stack.count + (top.open >= 0 ? 1 : 0)))
        }
        if tapeCount == tapeCapacity { grow() }
        tapeEntries.write(JSONTape.word(offset: offset, kind: kind, flags: flags), at: tapeCount)
        tapeCount += 1
    }

    private mutating func grow() {
        tape.count = tapeCount
        tape.grow()
        tapeEntries = tape.entries
        tapeCapacity = tape.capacity
    }

    // MARK: tokens

    /// At the end of the bytes: what to throw, waiting for more until there are no more, then
    /// failing with `reason`.
    private func endOfInput(_ i: Int, _ reason: String) -> Interruption {
        isFinal ? .invalid(error(at: i, reason)) : .needsMore
    }

    @inline(__always)
    private func skipWhitespace(_ i: inout Int) {
        while i < count {
            let byte = bytes[i]
            if byte > Byte.space { return }
            guard byte == Byte.space || byte == Byte.newline || byte == Byte.carriageReturn || byte == Byte.tab
            else { return }
            i += 1
            // Indentation: eight spaces at a time.
            while i + 8 <= count, UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                i += 8
            }
        }
    }

    /// Scans the string whose opening quote is at `opening`; returns the offset after its
    /// closing quote and whether it contains escapes.
    @inline(__always)
    private mutating func scanString(_ opening: Int) throws(Interruption) -> (Int, Bool) {
        // Most strings are short and plain: find the closing quote inline (a string cut by the
        // end of the bytes goes on where its scan stopped instead).
        var j = opening + 1
        while cutString < 0, j + 8 <= count {
            let word = UnsafeRawPointer(bytes + j).loadUnaligned(as: UInt64.self)
            let quotes = word ^ 0x2222_2222_2222_2222
            let slashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let found =
                (((quotes &- 0x0101_0101_0101_0101) & ~quotes) | ((slashes &- 0x0101_0101_0101_0101) & ~slashes)
                    | ((word &- 0x2020_2020_2020_2020) & ~word)) & 0x8080_8080_8080_8080
            if found != 0 {
                j += found.trailingZeroBitCount >> 3
                if bytes[j] == Byte.quote { return (j + 1, false) }
                break
            }
            j += 8
        }
        return try scanStringFully(opening)
    }

    /// ``scanString(_:)`` for strings with escapes or cut by the end of the bytes.
    @inline(never)
    private mutating func scanStringFully(_ opening: Int) throws(Interruption) -> (Int, Bool) {
        var j = opening + 1
        var escaped = false
        if cutString == opening {
            j = cutStringScan
            escaped = cutStringEscaped
            cutString = -1
        }
        while true {
            // Eight bytes at a time while none is a quote, a backslash or a control character.
            while j + 8 <= count {
                let word = UnsafeRawPointer(bytes + j).loadUnaligned(as: UInt64.self)
                let quotes = word ^ 0x2222_2222_2222_2222
                let slashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let found =
                    (((quotes &- 0x0101_0101_0101_0101) & ~quotes) | ((slashes &- 0x0101_0101_0101_0101) & ~slashes)
                        | ((word &- 0x2020_2020_2020_2020) & ~word)) & 0x8080_8080_8080_8080
                if found != 0 {
                    // The lowest flagged byte is exact (borrows only reach the bytes above it).
                    j += found.trailingZeroBitCount >> 3
                    break
                }
                j += 8
            }
            guard j < count else { throw cut(opening, j, escaped, "unterminated string", at: opening) }
            let byte = bytes[j]
            if byte == Byte.quote { return (j + 1, escaped) }
            if byte == Byte.backslash {
                escaped = true
                guard j + 1 < count else { throw cut(opening, j, escaped, "unterminated string", at: opening) }
                switch bytes[j + 1] {
                case Byte.quote, Byte.backslash, Byte.slash, Byte.b, Byte.f, Byte.n, Byte.r, Byte.t:
                    j += 2
                case Byte.u:
                    for k in 2..<6 {
                        if j + k >= count {
                            throw cut(opening, j, escaped, "expected 4 hex digits after \\u", at: j)
                        }
                        if !Byte.isHexDigit(bytes[j + k]) {
                            throw .invalid(error(at: j, "expected 4 hex digits after \\u"))
                        }
                    }
                    j += 6
                default:
                    if !isFinal, j + 5 > count, bytes[j + 1] >= 0x80 {
                        throw cut(opening, j, escaped, "", at: j)
                    }
                    throw .invalid(error(at: j, "invalid escape \\\(describeCharacter(j + 1))"))
                }
                continue
            }
            if byte < 0x20 {
                throw .invalid(error(at: j, "control character in string (write it as an escape such as \\n)"))
            }
            j += 1
        }
    }

    /// The string at `opening` reaches the end of the bytes at `scan`: remembers where to go on
    /// when more arrive, or (once there are no more) fails with `reason` at `offset`.
    private mutating func cut(
        _ opening: Int, _ scan: Int, _ escaped: Bool, _ reason: String, at offset: Int
    ) -> Interruption {
        guard isFinal else {
            cutString = opening
            cutStringScan = scan
            cutStringEscaped = escaped
            return .needsMore
        }
        return .invalid(error(at: offset, reason))
    }

    /// Scans the number starting at `i`; returns the offset after it.
    @inline(__always)
    private mutating func scanNumber(_ i: Int) throws(Interruption) -> Int {
        if cutNumberScan >= 0 {
            // Nothing to decide until a byte arrives that ends the number.
            var j = cutNumberScan
            while j < count, JSONIndexBuilder.isNumberByte(bytes[j]) { j += 1 }
            if j == count, !isFinal {
                cutNumberScan = j
                throw .needsMore
            }
            cutNumberScan = -1
        }
        var j = i
        if bytes[j] == Byte.minus { j += 1 }
        guard j < count, Byte.isDigit(bytes[j]) else {
            try numberEnd(j)
            throw .invalid(error(at: j, "expected a digit but found \(try describe(j))"))
        }
        if bytes[j] == Byte.zero {
            j += 1
        } else {
            j += 1
            while j < count, Byte.isDigit(bytes[j]) { j += 1 }
        }
        if j < count, bytes[j] == Byte.dot {
            j += 1
            guard j < count, Byte.isDigit(bytes[j]) else {
                try numberEnd(j)
                throw .invalid(error(at: j, "expected a digit after \".\""))
            }
            while j < count, Byte.isDigit(bytes[j]) { j += 1 }
        }
        if j < count, bytes[j] == Byte.e || bytes[j] == Byte.capitalE {
            j += 1
            if j < count, bytes[j] == Byte.plus || bytes[j] == Byte.minus { j += 1 }
            guard j < count, Byte.isDigit(bytes[j]) else {
                try numberEnd(j)
                throw .invalid(error(at: j, "expected a digit in the exponent"))
            }
            while j < count, Byte.isDigit(bytes[j]) { j += 1 }
        }
        try numberEnd(j)
        return j
    }

    /// A number that reaches the end of the bytes at `j` before they are final waits for more.
    @inline(__always)
    private mutating func numberEnd(_ j: Int) throws(Interruption) {
        if j >= count, !isFinal {
            cutNumberScan = j
            throw .needsMore
        }
    }

    @inline(__always)
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        Byte.isDigit(byte) || byte == Byte.minus || byte == Byte.plus || byte == Byte.dot || byte == Byte.e
            || byte == Byte.capitalE
    }

    @inline(__always)
    private func literal(_ word: StaticString, _ i: Int) throws(Interruption) {
        let text = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount {
            if i + k >= count {
                if !isFinal { throw .needsMore }
            } else if bytes[i + k] == text[k] {
                continue
            }
            throw .invalid(error(at: i, "expected \(word) but found \(try describe(i))"))
        }
    }

    // MARK: errors

    private func error(at offset: Int, _ reason: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        var k = start
        while k < min(offset, count) {
            let byte = bytes[k]
            if byte == Byte.newline {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            k += 1
        }
        return JSONSyntaxError(line: line, column: column, offset: offset, reason: reason)
    }

    /// The character at `i` quoted, a code point for invisible ones, or "end of input". Waits
    /// for more bytes when the character may be cut by the end of the bytes.
    private func describe(_ i: Int) throws(Interruption) -> String {
        guard i < count else { return "end of input" }
        if !isFinal, i + 4 > count, bytes[i] >= 0x80 { throw .needsMore }
        return "\"" + describeCharacter(i) + "\""
    }

    private func describeCharacter(_ i: Int) -> String {
        guard i < count else { return "" }
        let byte = bytes[i]
        if byte >= 0x21 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        var length = 1
        while length < 4, i + length < count, bytes[i + length] & 0xC0 == 0x80 { length += 1 }
        let text = String(decoding: UnsafeBufferPointer(start: bytes + i, count: length), as: UTF8.self)
        if byte >= 0x80, let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1, scalar != "\u{FFFD}",
            scalar.properties.generalCategory != .format, scalar.properties.generalCategory != .control
        {
            return text
        }
        if byte >= 0x80 { return "byte 0x" + String(byte, radix: 16, uppercase: true) }
        let hex = String(byte, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
