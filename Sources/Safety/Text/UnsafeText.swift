import Foundation

/// The one policy for untrusted text shown in a terminal or a log: which characters are unsafe
/// and how each is shown instead.
///
/// Unsafe are the characters that can move the cursor, change colours, retitle the window,
/// reorder text, ring the bell or hide text: C0 controls, DEL, C1 controls (U+0080–U+009F), the
/// line and paragraph separators (U+2028, U+2029) and the invisible format characters
/// (Unicode category Cf: bidi controls, zero-width space, word joiner, byte order mark, soft
/// hyphen, …). The format characters that emoji and scripts are built from stay safe: the
/// zero-width joiner and non-joiner (U+200D, U+200C) and the tag characters of flag sequences
/// (U+E0020–U+E007F); variation selectors are not format characters and stay too.
///
/// Shown instead: a C0 control as its Unicode control picture (`ESC` → `␛`, `NUL` → `␀`), DEL as
/// `␡`, a tab as spaces to the next multiple of 4 columns, any other unsafe scalar as
/// `\u{XXXX}`. Invalid UTF-8 never reaches here as bytes: decoding turns it into U+FFFD (`�`).
public enum UnsafeText {
    /// True if the scalar must not reach a terminal as it is.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
            return true
        case 0xA0..<0xAD, 0x200C, 0x200D, 0xE0020...0xE007F:
            return false
        case ..<0xA0:
            return false
        default:
            return scalar.properties.generalCategory == .format
        }
    }

    /// True if any scalar of the character is unsafe.
    public static func isUnsafe(_ character: Character) -> Bool {
        character.unicodeScalars.contains(where: isUnsafe)
    }

    /// The shown form of an unsafe character at `column` (tabs depend on it), or nil if the
    /// character is safe as it is.
    public static func escape(_ character: Character, column: Int) -> String? {
        guard isUnsafe(character) else { return nil }
        var text = ""
        for scalar in character.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x09:
                text += String(repeating: " ", count: 4 - (column + text.count) % 4)
            case 0x00..<0x20:
                text.unicodeScalars.append(Unicode.Scalar(0x2400 + value)!)
            case 0x7F:
                text += "␡"
            default:
                if isUnsafe(scalar) {
                    text += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text
    }

    /// The whole text with every unsafe character replaced by its shown form.
    public static func clean<S: StringProtocol>(_ text: S) -> String {
        guard text.contains(where: isUnsafe) else { return String(text) }
        var result = ""
        var column = 0
        for character in text {
            let shown = escape(character, column: column).map { $0 } ?? String(character)
            result += shown
            column += shown.count
        }
        return result
    }

    /// A cleaned, shortened view of a body for messages: UTF-8 text (invalid bytes replaced),
    /// trimmed, at most `limit` characters with "…" when cut. Empty for an empty body.
    public static func excerpt(of data: Data, limit: Int) -> String {
        guard !data.isEmpty else {
            return ""
        }
        let text = String(decoding: data.prefix(limit * 4), as: UTF8.self)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count > limit || data.count > limit * 4 {
            return clean(trimmed.prefix(limit)) + "…"
        }
        return clean(trimmed)
    }
}
