/// Builds a document's tape in one pass over its bytes, with an explicit stack instead of
/// recursion, so that nesting depth is bounded by memory, not by the thread's stack.
///
/// It checks the whole grammar of RFC 8259 (strings, escapes, numbers, literals, structure) and
/// stops at the first error with its position. It does not decode strings or numbers and does
/// not check UTF-8: that is done lazily, for what is shown.
struct JSONIndexBuilder {
    /// Every this many entries, the depth of the entry is recorded, so that any entry's depth is
    /// found by walking at most this many entries.
    static let checkpointInterval = 1024
    /// Containers with at least this many children have their count recorded.
    static let largeChildCount = 64

    private struct Frame {
        var open: Int
        var children: Int
        var isObject: Bool
    }

    let bytes: UnsafePointer<UInt8>
    let count: Int
    let start: Int
    let tape: JSONTape
    private(set) var depthCheckpoints: [Int32] = []
    private(set) var largeChildCounts: [Int: Int] = [:]
    private var stack: [Frame] = []

    init(bytes: UnsafePointer<UInt8>, count: Int, start: Int) {
        self.bytes = bytes
        self.count = count
        self.start = start
        tape = JSONTape(expected: count / 4 + 16)
        stack.reserveCapacity(64)
    }

    // MARK: the one pass

    mutating func build() throws(JSONSyntaxError) {
        var i = start
        var keyFlags: UInt64 = 0
        var keyOffset = 0
        outer: while true {
            skipWhitespace(&i)
            guard i < count else { throw error(at: i, "expected a value but found end of input") }
            let flags = keyFlags
            let offset = flags != 0 ? keyOffset : i
            keyFlags = 0
            if !stack.isEmpty { stack[stack.count - 1].children += 1 }
            switch bytes[i] {
            case Byte.quote:
                let escaped = try scanString(&i)
                append(offset: offset, kind: .string, flags: flags | (escaped ? JSONTape.valueEscapedBit : 0))
            case Byte.openBrace, Byte.openBracket:
                let isObject = bytes[i] == Byte.openBrace
                var j = i + 1
                skipWhitespace(&j)
                if j < count, bytes[j] == (isObject ? Byte.closeBrace : Byte.closeBracket) {
                    append(offset: offset, kind: isObject ? .emptyObject : .emptyArray, flags: flags)
                    i = j + 1
                } else {
                    append(offset: offset, kind: isObject ? .objectStart : .arrayStart, flags: flags)
                    stack.append(Frame(open: tape.count - 1, children: 0, isObject: isObject))
                    i = j
                    if isObject { try readKey(&i, offset: &keyOffset, flags: &keyFlags) }
                    continue outer
                }
            case Byte.minus, Byte.zero...Byte.nine:
                try scanNumber(&i)
                append(offset: offset, kind: .number, flags: flags)
            case Byte.t:
                try literal("true", &i)
                append(offset: offset, kind: .true, flags: flags)
            case Byte.f:
                try literal("false", &i)
                append(offset: offset, kind: .false, flags: flags)
            case Byte.n:
                try literal("null", &i)
                append(offset: offset, kind: .null, flags: flags)
            default:
                throw error(at: i, "expected a value but found \(describe(i))")
            }
            // A value is complete: close containers, or move on to the next element.
            while true {
                skipWhitespace(&i)
                guard let top = stack.last else {
                    if i < count { throw error(at: i, "unexpected \(describe(i)) after the value") }
                    return
                }
                let closer = top.isObject ? Byte.closeBrace : Byte.closeBracket
                let expected = top.isObject ? "\",\" or \"}\"" : "\",\" or \"]\""
                guard i < count else { throw error(at: i, "expected \(expected) but found end of input") }
                let byte = bytes[i]
                if byte == Byte.comma {
                    i += 1
                    if top.isObject {
                        skipWhitespace(&i)
                        try readKey(&i, offset: &keyOffset, flags: &keyFlags)
                    }
                    continue outer
                }
                guard byte == closer else { throw error(at: i, "expected \(expected) but found \(describe(i))") }
                stack.removeLast()
                let close = tape.count
                append(offset: i, kind: top.isObject ? .objectEnd : .arrayEnd, flags: 0)
                tape.setLink(top.open, distance: close - top.open)
                tape.setLink(close, distance: close - top.open)
                if top.children >= JSONIndexBuilder.largeChildCount { largeChildCounts[top.open] = top.children }
                i += 1
            }
        }
    }

    @inline(__always)
    private mutating func append(offset: Int, kind: JSONEntryKind, flags: UInt64) {
        if tape.count & (JSONIndexBuilder.checkpointInterval - 1) == 0 {
            depthCheckpoints.append(Int32(truncatingIfNeeded: stack.count))
        }
        tape.append(JSONTape.word(offset: offset, kind: kind, flags: flags))
    }

    // MARK: tokens

    @inline(__always)
    private func skipWhitespace(_ i: inout Int) {
        while i < count {
            let byte = bytes[i]
            guard byte == Byte.space || byte == Byte.newline || byte == Byte.carriageReturn || byte == Byte.tab
            else { return }
            i += 1
        }
    }

    private func readKey(_ i: inout Int, offset: inout Int, flags: inout UInt64) throws(JSONSyntaxError) {
        guard i < count, bytes[i] == Byte.quote else {
            throw error(at: i, "expected a string key but found \(describe(i))")
        }
        offset = i
        let escaped = try scanString(&i)
        flags = JSONTape.hasKeyBit | (escaped ? JSONTape.keyEscapedBit : 0)
        skipWhitespace(&i)
        guard i < count, bytes[i] == Byte.colon else { throw error(at: i, "expected \":\" but found \(describe(i))") }
        i += 1
    }

    /// Moves `i` past a string that starts at `i`; returns whether it contains escapes.
    @inline(__always)
    private func scanString(_ i: inout Int) throws(JSONSyntaxError) -> Bool {
        let opening = i
        var j = i + 1
        var escaped = false
        while true {
            // Eight bytes at a time while none is a quote, a backslash or a control character.
            while j + 8 <= count {
                let word = UnsafeRawPointer(bytes + j).loadUnaligned(as: UInt64.self)
                let quotes = word ^ 0x2222_2222_2222_2222
                let slashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
                let found =
                    ((quotes &- 0x0101_0101_0101_0101) & ~quotes) | ((slashes &- 0x0101_0101_0101_0101) & ~slashes)
                    | ((word &- 0x2020_2020_2020_2020) & ~word)
                if found & 0x8080_8080_8080_8080 != 0 { break }
                j += 8
            }
            guard j < count else { throw error(at: opening, "unterminated string") }
            let byte = bytes[j]
            if byte == Byte.quote {
                i = j + 1
                return escaped
            }
            if byte == Byte.backslash {
                escaped = true
                guard j + 1 < count else { throw error(at: opening, "unterminated string") }
                switch bytes[j + 1] {
                case Byte.quote, Byte.backslash, Byte.slash, Byte.b, Byte.f, Byte.n, Byte.r, Byte.t:
                    j += 2
                case Byte.u:
                    for k in 2..<6 where j + k >= count || !Byte.isHexDigit(bytes[j + k]) {
                        throw error(at: j, "expected 4 hex digits after \\u")
                    }
                    j += 6
                default:
                    throw error(at: j, "invalid escape \\\(describeCharacter(j + 1))")
                }
                continue
            }
            if byte < 0x20 {
                throw error(at: j, "control character in string (write it as an escape such as \\n)")
            }
            j += 1
        }
    }

    private func scanNumber(_ i: inout Int) throws(JSONSyntaxError) {
        var j = i
        if bytes[j] == Byte.minus { j += 1 }
        guard j < count, Byte.isDigit(bytes[j]) else { throw error(at: j, "expected a digit but found \(describe(j))") }
        if bytes[j] == Byte.zero {
            j += 1
        } else {
            while j < count, Byte.isDigit(bytes[j]) { j += 1 }
        }
        if j < count, bytes[j] == Byte.dot {
            j += 1
            guard j < count, Byte.isDigit(bytes[j]) else { throw error(at: j, "expected a digit after \".\"") }
            while j < count, Byte.isDigit(bytes[j]) { j += 1 }
        }
        if j < count, bytes[j] == Byte.e || bytes[j] == Byte.capitalE {
            j += 1
            if j < count, bytes[j] == Byte.plus || bytes[j] == Byte.minus { j += 1 }
            guard j < count, Byte.isDigit(bytes[j]) else { throw error(at: j, "expected a digit in the exponent") }
            while j < count, Byte.isDigit(bytes[j]) { j += 1 }
        }
        i = j
    }

    private func literal(_ word: StaticString, _ i: inout Int) throws(JSONSyntaxError) {
        let text = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount where i + k >= count || bytes[i + k] != text[k] {
            throw error(at: i, "expected \(word) but found \(describe(i))")
        }
        i += word.utf8CodeUnitCount
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

    /// The character at `i` quoted, a code point for invisible ones, or "end of input".
    private func describe(_ i: Int) -> String {
        guard i < count else { return "end of input" }
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
