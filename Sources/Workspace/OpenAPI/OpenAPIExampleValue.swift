import OrderedJSON

/// An example value being written: objects and arrays built by the example writer, scalars as
/// JSON literals, and values copied from the description as they are written there.
indirect enum OpenAPIExampleValue {
    case object([(key: String, value: OpenAPIExampleValue)])
    case array([OpenAPIExampleValue])
    /// A JSON literal: `"text"`, `0`, `false`, `null`.
    case literal(String)
    /// A value of a description's document, copied as written.
    case copied(JSONDocument, Int)

    /// The value as JSON text, one member or element a line, indented two spaces a level.
    var prettyText: String {
        var output = ""
        write(to: &output, depth: 0)
        return output
    }

    private func write(to output: inout String, depth: Int) {
        switch self {
        case .literal(let text):
            output += text
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, member) in members.enumerated() {
                Self.indent(&output, depth + 1)
                JSONStringEncoder.appendQuoted(member.key, to: &output)
                output += ": "
                member.value.write(to: &output, depth: depth + 1)
                output += index + 1 < members.count ? ",\n" : "\n"
            }
            Self.indent(&output, depth)
            output += "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                Self.indent(&output, depth + 1)
                element.write(to: &output, depth: depth + 1)
                output += index + 1 < elements.count ? ",\n" : "\n"
            }
            Self.indent(&output, depth)
            output += "]"
        case .copied(let document, let entry):
            Self.writeCopy(document, entry, to: &output, depth: depth)
        }
    }

    /// A document's value re-indented: keys and scalars exactly as written.
    private static func writeCopy(_ document: JSONDocument, _ first: Int, to output: inout String, depth: Int) {
        let last = document.lastEntry(of: first)
        var level = depth
        for entry in first...last {
            let kind = document.kind(entry)
            if kind.isClosing { level -= 1 }
            if entry != first {
                indent(&output, level)
                if let key = document.rawKey(entry) { output += key + ": " }
            }
            switch kind {
            case .objectStart: output += "{"
            case .arrayStart: output += "["
            case .objectEnd: output += "}"
            case .arrayEnd: output += "]"
            case .emptyObject: output += "{}"
            case .emptyArray: output += "[]"
            case .string, .number, .true, .false, .null: output += document.rawText(entry)
            }
            if kind.isOpening {
                level += 1
            } else if entry != first, entry != last, !document.isLastInContainer(entry) {
                output += ","
            }
            if entry != last { output += "\n" }
        }
    }

    private static func indent(_ output: inout String, _ depth: Int) {
        output += String(repeating: "  ", count: depth)
    }

    /// The value bare, for a path segment, query item or header: a string's text without
    /// quotes, a number or boolean as written, array elements joined with commas, an object
    /// as compact JSON, null as nothing.
    var bareText: String {
        switch self {
        case .literal(let text):
            guard let document = try? JSONDocument(text) else { return text }
            return Self.bare(document, document.root)
        case .copied(let document, let entry):
            return Self.bare(document, entry)
        case .array(let elements):
            return elements.map(\.bareText).joined(separator: ",")
        case .object:
            return compactText
        }
    }

    private static func bare(_ document: JSONDocument, _ entry: Int) -> String {
        switch document.kind(entry) {
        case .string: return document.string(entry) ?? ""
        case .null: return ""
        case .arrayStart: return document.children(of: entry).map { bare(document, $0) }.joined(separator: ",")
        case .emptyArray: return ""
        case .objectStart, .emptyObject: return compact(document, entry)
        default: return document.rawText(entry)
        }
    }

    private var compactText: String {
        switch self {
        case .literal(let text): return text
        case .copied(let document, let entry): return Self.compact(document, entry)
        case .array(let elements): return "[" + elements.map(\.compactText).joined(separator: ",") + "]"
        case .object(let members):
            return "{"
                + members.map { JSONStringEncoder.quoted($0.key) + ":" + $0.value.compactText }.joined(separator: ",")
                + "}"
        }
    }

    private static func compact(_ document: JSONDocument, _ entry: Int) -> String {
        var output = ""
        let last = document.lastEntry(of: entry)
        for index in entry...last {
            let kind = document.kind(index)
            if index != entry, let key = document.rawKey(index) { output += key + ":" }
            switch kind {
            case .objectStart: output += "{"
            case .arrayStart: output += "["
            case .objectEnd: output += "}"
            case .arrayEnd: output += "]"
            default: output += document.rawText(index)
            }
            if !kind.isOpening, index != entry, index != last, !document.isLastInContainer(index) { output += "," }
        }
        return output
    }
}
