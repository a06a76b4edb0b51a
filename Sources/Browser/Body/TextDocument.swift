/// Plain text split into lines lazily: line starts are found only as far as anyone has asked.
///
/// A 10 MB single line costs one scan for its end the first time line 1 is asked for; drawing
/// line 0 only reads as many characters as fit on screen (via `TextSanitizer`).
public final class TextDocument {
    /// The whole text.
    public let text: String
    private var lineStarts: [String.Index]
    private var scannedTo: String.Index
    private var finished = false

    /// Wraps text (decode bytes with `String(decoding:as:)` first so invalid UTF-8 becomes U+FFFD).
    public init(_ text: String) {
        self.text = text
        lineStarts = [text.startIndex]
        scannedTo = text.startIndex
    }

    private func scan(untilLine wanted: Int) {
        let utf8 = text.utf8
        var index = scannedTo
        while !finished, lineStarts.count <= wanted {
            guard let newline = utf8[index...].firstIndex(of: UInt8(ascii: "\n")) else {
                finished = true
                index = text.endIndex
                break
            }
            index = utf8.index(after: newline)
            lineStarts.append(index)
        }
        scannedTo = index
    }

    /// True if line `index` exists.
    public func hasLine(_ index: Int) -> Bool {
        guard index >= 0 else { return false }
        scan(untilLine: index)
        return index < lineStarts.count
    }

    /// The number of lines (scans the whole text once).
    public var lineCount: Int {
        scan(untilLine: .max)
        return lineStarts.count
    }

    /// Line `index` without its newline (a substring: no copy), or nil past the end.
    public func line(_ index: Int) -> Substring? {
        guard hasLine(index) else { return nil }
        let start = lineStarts[index]
        var end: String.Index
        if index + 1 < lineStarts.count || hasLine(index + 1) {
            end = text.utf8.index(before: lineStarts[index + 1])
        } else {
            end = text.endIndex
        }
        if end > start, text.utf8[text.utf8.index(before: end)] == UInt8(ascii: "\r") {
            end = text.utf8.index(before: end)
        }
        return text[start..<end]
    }
}
