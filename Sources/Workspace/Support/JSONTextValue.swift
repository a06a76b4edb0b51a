import OrderedJSON

/// A JSON value whose object members are written in the order given, so that a file made of
/// it (the HAR log, the JSON run report) has the same bytes for the same data, its keys in a
/// documented order.
enum JSONTextValue {
    /// An object; members are written in this order.
    case object([(String, JSONTextValue)])
    /// An array.
    case array([JSONTextValue])
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int)
    /// A number; one that is not finite is written as 0.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// A string, or `null` for nil.
    static func nullable(_ text: String?) -> JSONTextValue {
        text.map { .string($0) } ?? .null
    }

    /// An integer, or `null` for nil.
    static func nullable(_ number: Int?) -> JSONTextValue {
        number.map { .integer($0) } ?? .null
    }

    /// The value as JSON text indented two spaces a level, ending with a line feed; with
    /// `compactArrays`, a short array of scalars on one line.
    ///
    /// Strings are escaped as RFC 8259 requires (``JSONStringEncoder``), and beyond that the C1
    /// controls, the line and paragraph separators (U+2028, U+2029) and the non-characters
    /// U+FFFE and U+FFFF are written as `\uXXXX`, so the text carries no raw control character.
    func text(compactArrays: Bool = false) -> String {
        var output = ""
        write(into: &output, indent: 0, compactArrays: compactArrays)
        return output + "\n"
    }

    private func write(into output: inout String, indent: Int, compactArrays: Bool) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (offset, member) in members.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                Self.appendString(member.0, to: &output)
                output += ": "
                member.1.write(into: &output, indent: indent + 2, compactArrays: compactArrays)
                output += offset == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            if compactArrays, let line = Self.oneLine(elements) {
                output += line
                return
            }
            output += "[\n"
            for (offset, element) in elements.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                element.write(into: &output, indent: indent + 2, compactArrays: compactArrays)
                output += offset == elements.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .string(let text):
            Self.appendString(text, to: &output)
        case .integer(let number):
            output += String(number)
        case .number(let number):
            output += Self.numberText(number)
        case .bool(let flag):
            output += flag ? "true" : "false"
        case .null:
            output += "null"
        }
    }

    /// An array of scalars on one line (`["Content-Type", "text/plain"]`) when it fits in 100
    /// characters; nil for longer ones and ones holding objects or arrays.
    private static func oneLine(_ elements: [JSONTextValue]) -> String? {
        var parts: [String] = []
        var length = 2
        for element in elements {
            switch element {
            case .object, .array: return nil
            default:
                var text = ""
                element.write(into: &text, indent: 0, compactArrays: true)
                length += text.count + 2
                guard length <= 100 else { return nil }
                parts.append(text)
            }
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }

    private static func appendString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x80...0x9F, 0x2028, 0x2029, 0xFFFE, 0xFFFF:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                JSONStringEncoder.appendEscaped(scalar, to: &output)
            }
        }
        output += "\""
    }

    /// A finite number in the shortest form that reads back the same; whole numbers without a
    /// fraction.
    private static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return "\(number)"
    }
}
