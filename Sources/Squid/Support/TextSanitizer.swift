import Foundation

/// Makes untrusted text safe to print: control characters, escape sequences and bidi controls are
/// replaced by visible `\u{…}` escapes.
enum TextSanitizer {

    /// Returns `text` with every control, format (bidi) or non-character scalar escaped.
    static func clean(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A cleaned, shortened view of a body: UTF-8 text (invalid bytes replaced), at most `limit`
    /// characters, with "…" when cut. Empty for an empty body.
    static func excerpt(of data: Data, limit: Int) -> String {
        guard !data.isEmpty else {
            return ""
        }
        let text = String(decoding: data.prefix(limit * 4), as: UTF8.self)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count > limit || data.count > limit * 4 {
            return clean(String(trimmed.prefix(limit))) + "…"
        }
        return clean(trimmed)
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
            return true
        default:
            return false
        }
    }
}
