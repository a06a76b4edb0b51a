import Foundation
import OrderedJSON

/// How violation messages show values: their text as sent, clipped, and their JSON type.
enum SchemaInstanceText {
    /// Longer text is cut to this many characters and ends in `…`.
    static let clipLength = 60

    /// The value's text as sent, clipped, with runs of whitespace between tokens of a
    /// container shown as one space.
    static func quote(_ document: JSONDocument, _ entry: Int) -> String {
        let range = document.valueRange(entry)
        let end = min(range.upperBound, range.lowerBound + clipLength * 4)
        var text = document.withBytes { bytes in
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range.lowerBound..<end]), as: UTF8.self)
        }
        let kind = document.kind(entry)
        if !kind.isScalar {
            text = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" }).map {
                $0.trimmingCharacters(in: .whitespaces)
            }.joined(separator: " ")
        }
        return clip(text, cut: end < range.upperBound)
    }

    /// `text` cut to ``clipLength`` characters, with `…` when anything was left out.
    static func clip(_ text: String, cut: Bool = false) -> String {
        if text.count <= clipLength && !cut { return text }
        return String(text.prefix(clipLength)) + "…"
    }

    /// A key quoted as sent (`"name"`), clipped.
    static func quoteKey(_ document: JSONDocument, _ entry: Int) -> String {
        clip(document.rawKey(entry) ?? "\"\"")
    }

    /// The value's JSON type and, for scalars, its text: `string "7"`, `number 1.5`, `object`.
    static func describe(_ document: JSONDocument, _ entry: Int) -> String {
        switch document.kind(entry) {
        case .string: return "string " + quote(document, entry)
        case .number: return "number " + quote(document, entry)
        case .true: return "boolean true"
        case .false: return "boolean false"
        case .null: return "null"
        case .emptyObject, .objectStart, .objectEnd: return "object"
        case .emptyArray, .arrayStart, .arrayEnd: return "array"
        }
    }

    /// `1 item`, `3 items`.
    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? noun : plural ?? noun + "s")
    }
}
