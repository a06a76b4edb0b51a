extension JSONDocument {
    /// The document re-indented with one value per line, every key and scalar exactly as sent
    /// (escapes and number text included), so the result is valid JSON that means the same.
    ///
    /// ```json
    /// {
    ///   "price": 1.10,
    ///   "tags": [],
    ///   "url": "http:\/\/example.com"
    /// }
    /// ```
    ///
    /// Returns nil once the text would exceed `limit` bytes.
    public func prettyPrinted(indent: String = "  ", limit: Int = .max) -> String? {
        var output: [UInt8] = []
        let indentBytes = Array(indent.utf8)
        var depth = 0
        for entry in 0..<entryCount {
            let kind = kind(entry)
            if kind.isClosing { depth -= 1 }
            for _ in 0..<depth { output.append(contentsOf: indentBytes) }
            withBytes { bytes in
                if let key = keyRange(entry) {
                    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[key]))
                    output.append(contentsOf: ": ".utf8)
                }
                switch kind {
                case .objectStart: output.append(Byte.openBrace)
                case .arrayStart: output.append(Byte.openBracket)
                case .objectEnd: output.append(Byte.closeBrace)
                case .arrayEnd: output.append(Byte.closeBracket)
                case .emptyObject: output.append(contentsOf: "{}".utf8)
                case .emptyArray: output.append(contentsOf: "[]".utf8)
                case .string, .number, .true, .false, .null:
                    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[valueRange(entry)]))
                }
            }
            if kind.isOpening {
                depth += 1
            } else if entry != 0, !isLastInContainer(entry) {
                output.append(Byte.comma)
            }
            if entry + 1 < entryCount { output.append(Byte.newline) }
            if output.count > limit { return nil }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
