import Foundation

/// The kind of a parsed JSON value (as produced by `JSONSerialization` or built in Swift).
public enum JSONValueKind: Equatable, Sendable {
    /// `[String: Any]`.
    case object
    /// `[Any]`.
    case array
    /// `String`.
    case string
    /// A number (`NSNumber`, `Int`, `Double`, …).
    case number
    /// `true` or `false`.
    case boolean
    /// `NSNull` (or an absent value).
    case null
    /// Anything else (shown with its description).
    case other

    /// Classifies a value. Booleans from `JSONSerialization` are `NSNumber`s whose `objCType`
    /// is `c`; they are told apart from numbers here.
    public static func of(_ value: Any) -> JSONValueKind {
        switch value {
        case is [String: Any]:
            return .object
        case is [Any]:
            return .array
        case is String:
            return .string
        case is NSNull:
            return .null
        case let number as NSNumber:
            return String(cString: number.objCType) == "c" ? .boolean : .number
        default:
            return .other
        }
    }

    /// The JSON text of a scalar value: strings quoted with JSON escapes (control and bidi
    /// characters as `\u00XX`, so the result is already safe to draw), numbers, booleans, `null`.
    /// Long strings are cut after `limit` characters with `…`.
    public static func scalarText(_ value: Any, limit: Int = 4096) -> String {
        switch of(value) {
        case .string:
            return quoted(value as? String ?? "", limit: limit)
        case .number:
            return "\(value)"
        case .boolean:
            return ((value as? NSNumber)?.boolValue ?? false) ? "true" : "false"
        case .null:
            return "null"
        case .object, .array, .other:
            return TextSanitizer.sanitize(String(describing: value), maxColumns: limit)
        }
    }

    /// A JSON string literal for `text`, escaping quotes, backslashes, controls and bidi marks.
    public static func quoted(_ text: String, limit: Int = 4096) -> String {
        var result = "\""
        var count = 0
        for character in text {
            if count >= limit {
                result += "…"
                break
            }
            count += 1
            switch character {
            case "\"":
                result += "\\\""
            case "\\":
                result += "\\\\"
            case "\n":
                result += "\\n"
            case "\r\n":
                result += "\\r\\n"
            case "\r":
                result += "\\r"
            case "\t":
                result += "\\t"
            default:
                if TextSanitizer.isUnsafe(character) {
                    for scalar in character.unicodeScalars {
                        if TextSanitizer.isUnsafe(Character(scalar)) {
                            let hex = String(scalar.value, radix: 16, uppercase: true)
                            result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                        } else {
                            result.unicodeScalars.append(scalar)
                        }
                    }
                } else {
                    result.append(character)
                }
            }
        }
        return result + "\""
    }
}
