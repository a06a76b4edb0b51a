import OrderedJSON

/// How decoded text is written back as a JSON string literal on screen.
public enum JSONStringLiteral {
    /// A JSON string literal for `text`, escaping quotes, backslashes, controls and bidi marks
    /// (as `\u00XX`), so the result is safe to draw. Text longer than `limit` characters is cut
    /// with `…` before the closing quote; `isComplete: false` adds the `…` for text that was
    /// already cut before it got here.
    public static func quoted(_ text: String, limit: Int = 4096, isComplete: Bool = true) -> String {
        var result = "\""
        var count = 0
        for character in text {
            if count >= limit {
                return result + "…\""
            }
            count += 1
            switch character {
            case "\"", "\\", "\n", "\r\n", "\r", "\t":
                for scalar in character.unicodeScalars { JSONStringEncoder.appendEscaped(scalar, to: &result) }
            default:
                guard TextSanitizer.isUnsafe(character) else {
                    result.append(character)
                    continue
                }
                for scalar in character.unicodeScalars {
                    if TextSanitizer.isUnsafe(Character(scalar)) {
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                    } else {
                        result.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return result + (isComplete ? "\"" : "…\"")
    }
}
