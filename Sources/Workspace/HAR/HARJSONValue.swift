import OrderedJSON

/// A JSON value whose object members keep the order they were given in, so that ``HARLog``
/// writes the same bytes for the same exchanges, fields in the order the HAR format lists them.
enum HARJSONValue {
    /// An object; members are written in this order.
    case object([(String, HARJSONValue)])
    /// An array.
    case array([HARJSONValue])
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int)
    /// A number; one that is not finite is written as 0.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)

    /// The value as indented JSON text (two spaces a level), ending with a line feed.
    func text() -> String {
        var output = ""
        write(into: &output, indent: 0)
        output += "\n"
        return output
    }

    private func write(into output: inout String, indent: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (offset, member) in members.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                JSONStringEncoder.appendQuoted(member.0, to: &output)
                output += ": "
                member.1.write(into: &output, indent: indent + 2)
                output += offset == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "[\n"
            for (offset, element) in elements.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                element.write(into: &output, indent: indent + 2)
                output += offset == elements.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .string(let text):
            JSONStringEncoder.appendQuoted(text, to: &output)
        case .integer(let number):
            output += String(number)
        case .number(let number):
            output += Self.numberText(number)
        case .bool(let flag):
            output += flag ? "true" : "false"
        }
    }

    /// A finite number in the shortest form that reads back the same; whole numbers without a
    /// fraction.
    private static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return "\(number)"
    }
}
