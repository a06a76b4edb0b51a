import OrderedJSON

/// A value compared by assertions: the answer's side, or an expected value read from a line.
indirect enum RunValue: Sendable, Equatable {
    /// Nothing there: no such header, nothing at the path.
    case nothing
    /// A string.
    case string(String)
    /// A number, with its text as written.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([RunValue])
    /// An object's members in order.
    case object([(String, RunValue)])
    /// Several values a query selected.
    case list([RunValue])

    static func == (lhs: RunValue, rhs: RunValue) -> Bool { lhs.equals(rhs) }

    /// The value of `entry` in `document`; containers deeper than `depth` levels are cut.
    init(_ document: JSONDocument, _ entry: Int, depth: Int = 64) {
        switch document.kind(entry) {
        case .string: self = .string(document.string(entry) ?? "")
        case .number: self = .number(document.rawText(entry))
        case .true: self = .bool(true)
        case .false: self = .bool(false)
        case .null: self = .null
        case .emptyArray: self = .array([])
        case .emptyObject: self = .object([])
        case .arrayStart:
            self =
                depth <= 0
                ? .array([]) : .array(document.children(of: entry).map { RunValue(document, $0, depth: depth - 1) })
        case .objectStart:
            self =
                depth <= 0
                ? .object([])
                : .object(
                    document.children(of: entry).map {
                        (document.key($0) ?? "", RunValue(document, $0, depth: depth - 1))
                    })
        case .arrayEnd, .objectEnd: self = .nothing
        }
    }

    /// The JSON type name: string, number, integer, boolean, null, array, object; `nothing`.
    var typeName: String {
        switch self {
        case .nothing: return "nothing"
        case .string: return "string"
        case .number(let text):
            return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? "number" : "integer"
        case .bool: return "boolean"
        case .null: return "null"
        case .array, .list: return "array"
        case .object: return "object"
        }
    }

    /// True for a string.
    var isString: Bool {
        if case .string = self { return true }
        return false
    }

    /// The number this value stands for: a number, or a string that holds one.
    var numeric: Double? {
        switch self {
        case .number(let text): return Double(text)
        case .string(let text): return Double(text.trimmingCharacters(in: [" ", "\t"]))
        default: return nil
        }
    }

    /// Text for `startsWith`, `contains` and `matches`: a string, or a number's text.
    var text: String? {
        switch self {
        case .string(let text): return text
        case .number(let text): return text
        case .bool(let value): return value ? "true" : "false"
        default: return nil
        }
    }

    /// Equality as assertions mean it: numbers by value (a string holding a number equals it),
    /// arrays in order, objects by members whatever their order, a list as an array.
    func equals(_ other: RunValue) -> Bool {
        switch (self, other) {
        case (.nothing, .nothing), (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number, .number), (.number, .string), (.string, .number):
            if case .number(let a) = self, case .number(let b) = other, a == b { return true }
            guard let a = numeric, let b = other.numeric else { return false }
            return a == b
        case (.array(let a), .array(let b)), (.list(let a), .list(let b)), (.array(let a), .list(let b)),
            (.list(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.equals($1) }
        case (.list(let a), _) where a.count == 1: return a[0].equals(other)
        case (_, .list(let b)) where b.count == 1: return equals(b[0])
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in b.contains { $0.0 == member.0 && $0.1.equals(member.1) } }
        default: return false
        }
    }

    /// The value as JSON text, for messages (strings quoted, so control characters are escaped).
    var json: String {
        switch self {
        case .nothing: return "nothing"
        case .string(let text): return JSONStringEncoder.quoted(text)
        case .number(let text): return text
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let items), .list(let items): return "[" + items.map(\.json).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { JSONStringEncoder.quoted($0.0) + ": " + $0.1.json }.joined(separator: ", ") + "}"
        }
    }
}
