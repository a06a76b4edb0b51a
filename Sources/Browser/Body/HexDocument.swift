import Foundation

/// Binary data shown as a hex dump, 16 bytes a line, formatted only for visible lines.
public final class HexDocument {
    /// The bytes.
    public let data: Data

    /// Wraps data.
    public init(_ data: Data) { self.data = data }

    /// Lines of the dump (at least one, even for empty data).
    public var lineCount: Int { max(1, (data.count + 15) / 16) }

    /// Line `index`: offset, hex bytes and printable ASCII (others as `.`); nil past the end.
    public func line(_ index: Int) -> String? {
        guard index >= 0, index < lineCount else { return nil }
        if data.isEmpty { return "(empty)" }
        let start = data.startIndex + index * 16
        let bytes = data[start..<min(start + 16, data.endIndex)]
        var text = String(index * 16, radix: 16)
        text = String(repeating: "0", count: max(0, 8 - text.count)) + text + "  "
        for (offset, byte) in bytes.enumerated() {
            let hex = String(byte, radix: 16)
            text += (hex.count == 1 ? "0" : "") + hex + (offset == 7 ? "  " : " ")
        }
        text += String(repeating: " ", count: (16 - bytes.count) * 3 + (bytes.count <= 7 ? 1 : 0))
        text += " "
        for byte in bytes {
            text.append((0x20..<0x7F).contains(byte) ? Character(Unicode.Scalar(byte)) : ".")
        }
        return text
    }
}
