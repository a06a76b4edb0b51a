import Foundation
import OrderedJSON

/// Turns WebSocket payloads into ``WebSocketMessage``s: JSON objects and arrays pretty-printed
/// with the sender's key order and number text, other text as it is (one line per line), and
/// binary as its size and a hex preview. Pure; the controller runs it off the main actor.
package enum WebSocketMessageText {
    /// The most bytes of a binary message shown in hex.
    static let hexPreviewBytes = 64
    /// The most characters of a message pretty-printed or shown.
    static let maximumShownCharacters = 1 << 20

    /// The message for a text payload: JSON pretty-printed when it is an object or an array.
    package static func message(text: String, direction: WebSocketMessage.Direction, time: Double) -> WebSocketMessage {
        let byteCount = text.utf8.count
        if let (document, pretty) = json(text) {
            return WebSocketMessage(
                time: time, direction: direction, kind: .json, byteCount: byteCount, lines: lines(of: pretty),
                document: document)
        }
        return WebSocketMessage(
            time: time, direction: direction, kind: .text, byteCount: byteCount, lines: lines(of: text))
    }

    /// The message for a binary payload: its size and a hex preview.
    package static func message(binary data: Data, direction: WebSocketMessage.Direction, time: Double)
        -> WebSocketMessage
    {
        WebSocketMessage(
            time: time, direction: direction, kind: .binary, byteCount: data.count, lines: hexPreview(data))
    }

    /// The document and its pretty-printed text when `text` is a JSON object or array that is
    /// not too large to show whole, else nil.
    static func json(_ text: String) -> (JSONDocument, String)? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let first = trimmed.first, first == "{" || first == "[",
            let document = try? JSONDocument(data: Data(trimmed.utf8)),
            let pretty = document.prettyPrinted(limit: maximumShownCharacters)
        else { return nil }
        return (document, pretty)
    }

    /// Why `text` is not JSON, or nil when it is (any JSON value counts).
    static func jsonProblem(_ text: String) -> String? {
        do {
            _ = try JSONDocument(data: Data(text.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    /// The lines of `text`; an empty text is one empty line. Long texts are cut.
    static func lines(of text: String) -> [String] {
        var shown = Substring(text)
        var cut = false
        if text.count > maximumShownCharacters {
            shown = text.prefix(maximumShownCharacters)
            cut = true
        }
        var result = shown.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if cut { result.append("… (cut: \(text.count - maximumShownCharacters) more characters)") }
        return result
    }

    /// The first ``hexPreviewBytes`` of `data` in hex, 16 a line, with their printable ASCII.
    static func hexPreview(_ data: Data) -> [String] {
        let bytes = [UInt8](data.prefix(hexPreviewBytes))
        if bytes.isEmpty { return ["(empty)"] }
        var result: [String] = []
        var offset = 0
        while offset < bytes.count {
            let row = bytes[offset..<min(offset + 16, bytes.count)]
            var hex = row.map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined(separator: " ")
            hex += String(repeating: " ", count: (16 - row.count) * 3)
            let ascii = String(row.map { (0x20..<0x7F).contains($0) ? Character(UnicodeScalar($0)) : "." })
            result.append("\(hex)  \(ascii)")
            offset += 16
        }
        if data.count > bytes.count { result.append("… \(data.count - bytes.count) more bytes") }
        return result
    }
}
