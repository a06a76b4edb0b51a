import Foundation

/// The JSON types a `type` keyword allows, as bits.
struct SchemaTypeSet: OptionSet, Sendable {
    let rawValue: UInt8

    static let null = SchemaTypeSet(rawValue: 1)
    static let boolean = SchemaTypeSet(rawValue: 2)
    static let object = SchemaTypeSet(rawValue: 4)
    static let array = SchemaTypeSet(rawValue: 8)
    static let number = SchemaTypeSet(rawValue: 16)
    static let integer = SchemaTypeSet(rawValue: 32)
    static let string = SchemaTypeSet(rawValue: 64)
    /// Swagger 2.0's `file`: any value.
    static let any = SchemaTypeSet(rawValue: 128)

    /// The set for one type name, or nil for a name JSON Schema does not have.
    init?(name: String, allowsFile: Bool) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "object": self = .object
        case "array": self = .array
        case "number": self = .number
        case "integer": self = .integer
        case "string": self = .string
        case "file" where allowsFile: self = .any
        default: return nil
        }
    }

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The names in the set, joined with "or": `string or null`.
    var names: String {
        let all: [(SchemaTypeSet, String)] = [
            (.object, "object"), (.array, "array"), (.string, "string"), (.number, "number"),
            (.integer, "integer"), (.boolean, "boolean"), (.null, "null"), (.any, "file"),
        ]
        let names = all.filter { contains($0.0) }.map(\.1)
        if names.count <= 2 { return names.joined(separator: " or ") }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
