import Foundation

/// Splits bytes that arrive in pieces into lines (ending in LF, an optional CR before it
/// dropped), keeping an unfinished line for the next piece. A line longer than
/// ``maximumLineSize`` is cut there.
struct LineSplitter {
    /// The longest line kept whole.
    static let maximumLineSize = 8 * 1024 * 1024
    private var pending: [UInt8] = []

    /// The complete lines in `bytes` (with what was pending before them).
    mutating func feed(_ bytes: some Collection<UInt8>) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lines.append(take())
            } else {
                pending.append(byte)
                if pending.count >= Self.maximumLineSize { lines.append(take()) }
            }
        }
        return lines
    }

    /// The last line, if the stream ended without a newline.
    mutating func finish() -> [String] {
        pending.isEmpty ? [] : [take()]
    }

    private mutating func take() -> String {
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        defer { pending.removeAll(keepingCapacity: true) }
        return String(decoding: pending, as: UTF8.self)
    }
}
