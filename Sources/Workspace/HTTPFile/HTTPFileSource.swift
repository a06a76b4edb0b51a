/// The bytes of a `.http` file cut into lines, for the parser and the writer.
///
/// A line ends at `\n`, `\r\n` or a lone `\r`. Offsets are into ``bytes`` (UTF-8), so every
/// piece of the file can be taken back out exactly; a UTF-8 byte order mark at the start is
/// kept in the bytes and left out of the first line's content.
struct HTTPFileSource {
    /// One line: where its content starts and ends, and where the next line starts.
    struct Line {
        /// The 1-based line number.
        var number: Int
        /// The first byte of the content.
        var start: Int
        /// One past the last byte of the content (the line break is not part of it).
        var contentEnd: Int
        /// One past the line break (equal to ``contentEnd`` on a last line without one).
        var end: Int
    }

    /// The file's bytes.
    let bytes: [UInt8]
    /// Its lines; an empty file has none, and a file ending in a line break has no empty line
    /// after it.
    let lines: [Line]
    /// The file's first line break, used for lines the writer adds; `\n` when it has none.
    let lineBreak: String

    init(_ text: String) {
        bytes = Array(text.utf8)
        var lines: [Line] = []
        var firstBreak: String?
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                var end = index + 1
                if byte == UInt8(ascii: "\r"), end < bytes.count, bytes[end] == UInt8(ascii: "\n") { end += 1 }
                if firstBreak == nil { firstBreak = String(decoding: bytes[index..<end], as: UTF8.self) }
                lines.append(Line(number: lines.count + 1, start: start, contentEnd: index, end: end))
                start = end
                index = end
            } else {
                index += 1
            }
        }
        if start < bytes.count {
            lines.append(Line(number: lines.count + 1, start: start, contentEnd: bytes.count, end: bytes.count))
        }
        self.lines = lines
        lineBreak = firstBreak ?? "\n"
    }

    /// The bytes in `range` as text.
    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The content of line `index` (0-based), without its line break.
    func content(_ index: Int) -> String {
        text(lines[index].start..<lines[index].contentEnd)
    }

    /// The 1-based column, in Unicode scalars, of byte `offset` on line `index`.
    func column(ofByte offset: Int, onLine index: Int) -> Int {
        var column = 1
        for byte in bytes[lines[index].start..<offset] where byte & 0xC0 != 0x80 { column += 1 }
        return column
    }
}
