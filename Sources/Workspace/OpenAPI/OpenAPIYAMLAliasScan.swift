/// Looks through YAML text, before it is parsed, for an alias of a collection used in a
/// mapping key.
///
/// The YAML parser compares the keys of each mapping to find duplicates, and comparing a key
/// that is an alias walks everything the alias stands for, aliases within included: a key made
/// of nested aliases ("billion laughs" in a key) would take longer than anyone waits, before
/// the expansion limit of ``OpenAPIYAMLConverter`` is ever reached. The scan works on the raw
/// text without parsing it, so it errs towards finding one: it only looks once the text
/// anchors something that may be a collection (`&name` at the end of a line or before `[` or
/// `{`), and then finds `*name:` for such a name, an explicit key (`? `), or a flow collection
/// used as a key (`[a, *b]: c`; not the braces of a plain key such as `/pets/{petId}:`). The
/// lines of block scalars are skipped, as text.
enum OpenAPIYAMLAliasScan {
    /// The 1-based line of the first alias of a collection that may be used in a key, nil when
    /// there is none.
    static func riskyKeyLine(in text: String) -> Int? {
        guard text.utf8.contains(UInt8(ascii: "*")), text.utf8.contains(UInt8(ascii: "&")) else { return nil }
        let bytes = withoutBlockScalars(Array(text.utf8))
        let collectionAnchors = collectionAnchorNames(bytes)
        guard !collectionAnchors.isEmpty else { return nil }
        var aliasesACollection = false
        var riskyIndicator: Int?
        var openings: [Bool] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                openings.append(isTokenStart(bytes, index))
            }
            if byte == UInt8(ascii: "*"), isTokenStart(bytes, index) {
                let name = nameEnd(bytes, from: index + 1)
                if name > index + 1, collectionAnchors.contains(Array(bytes[(index + 1)..<name])) {
                    aliasesACollection = true
                    if isFollowedByKeyColon(bytes, from: name) { return line(bytes, index) }
                }
                index = max(name, index + 1)
                continue
            }
            if riskyIndicator == nil {
                if byte == UInt8(ascii: "?"), isIndicatorStart(bytes, index), isBlank(bytes, index + 1) {
                    riskyIndicator = index
                } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}"), openings.popLast() == true,
                    isFollowedByKeyColon(bytes, from: index + 1)
                {
                    riskyIndicator = index
                }
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                _ = openings.popLast()
            }
            index += 1
        }
        if aliasesACollection, let riskyIndicator { return line(bytes, riskyIndicator) }
        return nil
    }

    /// The text with the lines of block scalars (`description: |` and the more indented lines
    /// after it) emptied, line breaks kept: markdown there (`*Note:*`, `[link]: url`) is text.
    private static func withoutBlockScalars(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var blockIndent: Int?
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let line = bytes[start..<end]
            let indent = line.prefix { $0 == UInt8(ascii: " ") }.count
            let isBlank = line.allSatisfy {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
            }
            if let block = blockIndent, isBlank || indent > block {
                // Inside a block scalar: left out.
            } else {
                blockIndent = isBlockScalarHeader(line) ? indent : nil
                output += line
            }
            if end < bytes.count { output.append(UInt8(ascii: "\n")) }
            start = end + 1
        }
        return output
    }

    /// True when a line ends with a block scalar indicator (`|`, `>-`, `|2+`), a comment aside.
    private static func isBlockScalarHeader(_ line: ArraySlice<UInt8>) -> Bool {
        var content = line
        if let hash = line.indices.first(where: {
            line[$0] == UInt8(ascii: "#") && ($0 == line.startIndex || line[$0 - 1] == UInt8(ascii: " "))
        }) {
            content = line[..<hash]
        }
        while let last = content.last,
            last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r")
        {
            content = content.dropLast()
        }
        var indicators = 0
        while let last = content.last, indicators < 2,
            last == UInt8(ascii: "+") || last == UInt8(ascii: "-")
                || (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(last)
        {
            content = content.dropLast()
            indicators += 1
        }
        guard let last = content.last, last == UInt8(ascii: "|") || last == UInt8(ascii: ">") else { return false }
        content = content.dropLast()
        guard let before = content.last else { return true }
        return before == UInt8(ascii: " ") || before == UInt8(ascii: "\t")
    }

    /// Names anchored where a collection may follow: at the end of the line (or before a
    /// comment), or before `[` or `{`, with a tag in between allowed.
    private static func collectionAnchorNames(_ bytes: [UInt8]) -> Set<[UInt8]> {
        var names: Set<[UInt8]> = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "&"), isTokenStart(bytes, index) else {
                index += 1
                continue
            }
            let end = nameEnd(bytes, from: index + 1)
            guard end > index + 1 else {
                index += 1
                continue
            }
            var next = skipSpaces(bytes, from: end)
            if next < bytes.count, bytes[next] == UInt8(ascii: "!") {
                while next < bytes.count, !isBlank(bytes, next) { next += 1 }
                next = skipSpaces(bytes, from: next)
            }
            if next >= bytes.count || [UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#")].contains(bytes[next])
                || bytes[next] == UInt8(ascii: "[") || bytes[next] == UInt8(ascii: "{")
            {
                names.insert(Array(bytes[(index + 1)..<end]))
            }
            index = end
        }
        return names
    }

    /// True when the byte at `index` can start a token: at the start of the text, or after
    /// white space or a flow indicator.
    private static func isTokenStart(_ bytes: [UInt8], _ index: Int) -> Bool {
        guard index > 0 else { return true }
        switch bytes[index - 1] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "["),
            UInt8(ascii: "{"), UInt8(ascii: ","):
            return true
        default:
            return false
        }
    }

    /// True when an indicator at `index` (`? `) is where YAML reads one: first on its line
    /// (after indentation and any `- `), or after `{`, `[` or `,` — not in the middle of
    /// text, as in “Pourquoi ? Parce que”.
    private static func isIndicatorStart(_ bytes: [UInt8], _ index: Int) -> Bool {
        var before = index - 1
        while true {
            while before >= 0, bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") { before -= 1 }
            guard before >= 0 else { return true }
            switch bytes[before] {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","):
                return true
            case UInt8(ascii: "-"):
                before -= 1
            default:
                return false
            }
        }
    }

    /// The end of an anchor name (letters, digits, `_` and `-`, as the parser reads them).
    private static func nameEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            let isName =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
            guard isName else { break }
            index += 1
        }
        return index
    }

    private static func isFollowedByKeyColon(_ bytes: [UInt8], from start: Int) -> Bool {
        let colon = skipSpaces(bytes, from: start)
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { return false }
        guard colon + 1 < bytes.count else { return true }
        return isBlank(bytes, colon + 1)
            || [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(bytes[colon + 1])
    }

    private static func skipSpaces(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        return index
    }

    private static func isBlank(_ bytes: [UInt8], _ index: Int) -> Bool {
        guard index < bytes.count else { return true }
        return [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index])
    }

    private static func line(_ bytes: [UInt8], _ index: Int) -> Int {
        bytes[..<index].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }
}
