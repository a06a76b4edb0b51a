import Foundation

/// One blank-line-terminated block of a `text/event-stream` body, with its fields as sent.
struct EventBlock {
    /// The `field: value` lines of the block in order; a comment line has the field name "".
    let fields: [(name: String, value: String)]

    /// The blocks of `text` that are complete (followed by a blank line).
    static func blocks(of text: String) -> [EventBlock] {
        var parts = text.components(separatedBy: "\n\n")
        parts.removeLast()
        return parts.map { part in
            EventBlock(
                fields: part.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    guard let colon = line.firstIndex(of: ":") else { return (String(line), "") }
                    var value = line[line.index(after: colon)...]
                    if value.first == " " {
                        value.removeFirst()
                    }
                    return (String(line[..<colon]), String(value))
                })
        }
    }

    /// The value of the first `name` field, or `nil`.
    func value(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The values of every `data` field, in order.
    var dataLines: [String] {
        fields.filter { $0.name == "data" }.map(\.value)
    }

    /// The event id, when the block has an integer `id` field.
    var id: Int? {
        value("id").flatMap { Int($0) }
    }

    /// The data lines joined with line feeds, parsed as a JSON object.
    func dataObject() throws -> [String: Any] {
        let data = Data(dataLines.joined(separator: "\n").utf8)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw UnexpectedBody(text: dataLines.joined(separator: "\n"))
        }
        return object
    }
}
