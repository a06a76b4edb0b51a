extension JSONDocument {
    /// The entries in `range` whose decoded key or scalar value contains the matcher's query, in
    /// order, at most `limit` of them. Closing brackets never match; a container matches by its
    /// key. Keys and strings without escapes are searched in place, without decoding.
    ///
    /// Meant to be called on ranges of a few hundred thousand entries at a time from a background
    /// task, checking for cancellation between calls.
    public func entries(matching matcher: JSONTextMatcher, in range: Range<Int>, limit: Int = .max) -> [Int] {
        var found: [Int] = []
        let entries = range.clamped(to: 0..<entryCount)
        withBytes { bytes in
            for entry in entries {
                if found.count >= limit { return }
                if entryMatches(entry, matcher, bytes) { found.append(entry) }
            }
        }
        return found
    }

    private func entryMatches(_ entry: Int, _ matcher: JSONTextMatcher, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let word = tape[entry]
        let kind = kind(entry)
        if kind.isClosing { return false }
        var start = JSONTape.offset(word)
        if word & JSONTape.hasKeyBit != 0 {
            if stringMatches(at: start, escaped: word & JSONTape.keyEscapedBit != 0, matcher, bytes) { return true }
            start = valueStart(entry, bytes)
        }
        switch kind {
        case .string:
            return stringMatches(at: start, escaped: word & JSONTape.valueEscapedBit != 0, matcher, bytes)
        case .number, .true, .false, .null:
            let range = valueRange(entry)
            return matcher.matches(UnsafeRawBufferPointer(rebasing: bytes[range]))
        default:
            return false
        }
    }

    private func stringMatches(
        at start: Int, escaped: Bool, _ matcher: JSONTextMatcher, _ bytes: UnsafeRawBufferPointer
    ) -> Bool {
        if escaped {
            let text = JSONStringDecoder.decode(bytes, openingQuoteAt: start).text
            return matcher.matches(Array(text.utf8))
        }
        let end = JSONStringDecoder.end(bytes, openingQuoteAt: start)
        return matcher.matches(UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<max(start + 1, end - 1)]))
    }
}
