import Foundation
import OrderedJSON

/// Makes up a value that a schema accepts, for a request body or parameter to start from (see
/// ``SchemaExample``).
///
/// A value the schema gives is used first (`example`, the first of `examples`, `const`,
/// `default`, the first of `enum`); else one is built from the `type`: objects with their
/// required properties first, arrays with one item, strings shaped by `format` and `minLength`,
/// numbers from `minimum`. `$ref`s are followed across documents; one that leads back into a
/// schema being written, or past the depth limit, is cut short with `{}`, `[]` or `null`.
final class OpenAPIExampleWriter {
    private let store: OpenAPIDocumentStore
    private var expanding: [String] = []
    private var budget = 5000

    /// Deepest nesting written before values are cut short.
    static let depthLimit = 24
    /// Most properties written for one object.
    static let propertyLimit = 200

    /// A writer reading the documents of `store`.
    init(store: OpenAPIDocumentStore) {
        self.store = store
    }

    /// A value the schema at `schema` accepts, written for a request (`readOnly` properties
    /// left out).
    func example(_ schema: OpenAPILocation) -> OpenAPIExampleValue {
        expanding = [schema.uri + "#" + schema.pointer]
        budget = 5000
        return value(schema, depth: 0)
    }

    private func value(_ schema: OpenAPILocation, depth: Int) -> OpenAPIExampleValue {
        budget -= 1
        guard depth < Self.depthLimit, budget > 0 else { return cut(schema) }
        switch schema.kind {
        case .objectStart: break
        case .emptyObject, .true: return .object([])
        default: return .literal("null")
        }
        if let reference = store.string(schema, "$ref") {
            guard let target = store.target(of: reference, from: schema.uri) else { return .object([]) }
            let key = target.uri + "#" + target.pointer
            guard !expanding.contains(key) else { return cut(target) }
            expanding.append(key)
            defer { expanding.removeLast() }
            return value(target, depth: depth + 1)
        }
        if let given = givenValue(schema) { return given }
        if let parts = store.child(schema, "allOf"), !store.elements(parts).isEmpty {
            return merged(schema, depth: depth)
        }
        for key in ["oneOf", "anyOf"] {
            if let first = store.child(schema, key).flatMap({ store.elements($0).first }) {
                return value(first, depth: depth + 1)
            }
        }
        switch type(of: schema) {
        case "object": return object(properties: properties(of: schema), depth: depth)
        case "array": return array(schema, depth: depth)
        case "string": return .literal(JSONStringEncoder.quoted(string(schema)))
        case "integer": return .literal(number(schema, integer: true))
        case "number": return .literal(number(schema, integer: false))
        case "boolean": return .literal("false")
        case "null": return .literal("null")
        default: return .object([])
        }
    }

    /// The example, first `examples` element, `const`, `default` or first `enum` value the
    /// schema states.
    private func givenValue(_ schema: OpenAPILocation) -> OpenAPIExampleValue? {
        for key in ["example", "x-example", "const", "default"] {
            if let entry = store.childEntry(schema.document, schema.entry, key) {
                return .copied(schema.document, entry)
            }
        }
        for key in ["examples", "enum"] {
            if let list = store.childEntry(schema.document, schema.entry, key),
                schema.document.kind(list) == .arrayStart, let first = schema.document.firstChild(of: list)
            {
                return .copied(schema.document, first)
            }
        }
        return nil
    }

    /// The schema's type: `type` (the first that is not `null` of a 3.1 list), else what its
    /// keywords suggest.
    private func type(of schema: OpenAPILocation) -> String? {
        if let type = store.child(schema, "type") {
            if let name = type.string { return name }
            let names = store.elements(type).compactMap(\.string)
            return names.first { $0 != "null" } ?? names.first
        }
        if store.child(schema, "properties") != nil || store.child(schema, "additionalProperties") != nil {
            return "object"
        }
        if store.child(schema, "items") != nil || store.child(schema, "prefixItems") != nil { return "array" }
        if store.child(schema, "format") != nil || store.child(schema, "minLength") != nil { return "string" }
        return nil
    }

    /// What to write in place of a schema that is not written out: `{}` for an object, `[]`
    /// for an array, else `null`.
    private func cut(_ schema: OpenAPILocation) -> OpenAPIExampleValue {
        switch schema.kind == .objectStart ? type(of: schema) : nil {
        case "object": return .object([])
        case "array": return .array([])
        default: return store.child(schema, "$ref") != nil ? .object([]) : .literal("null")
        }
    }

    // MARK: objects

    /// An object's properties in order (each with its schema), and the names it requires.
    private struct Properties {
        var list: [(name: String, schema: OpenAPILocation)] = []
        var names: Set<String> = []
        var required: Set<String> = []
        var isObject = false

        mutating func add(_ other: Properties) {
            for property in other.list where list.count < OpenAPIExampleWriter.propertyLimit {
                if names.insert(property.name).inserted { list.append(property) }
            }
            required.formUnion(other.required)
            isObject = isObject || other.isObject
        }
    }

    private func properties(of schema: OpenAPILocation) -> Properties {
        var result = Properties()
        result.isObject = type(of: schema) == "object"
        if let properties = store.child(schema, "properties") {
            for (name, location) in store.members(properties, limit: Self.propertyLimit)
            where result.names.insert(name).inserted {
                result.list.append((name, location))
            }
            result.isObject = true
        }
        result.required = Set(store.strings(schema, "required", limit: Self.propertyLimit * 4))
        return result
    }

    /// The properties of an `allOf` and of the schema beside it, merged; when none of them is
    /// an object, the first part's value.
    private func merged(_ schema: OpenAPILocation, depth: Int) -> OpenAPIExampleValue {
        var combined = properties(of: schema)
        var seen: Set<String> = []
        var firstPart: OpenAPILocation?
        func collect(_ location: OpenAPILocation, level: Int) {
            guard level < 8, let parts = store.child(location, "allOf") else { return }
            for part in store.elements(parts).prefix(64) {
                guard let resolved = store.resolveQuietly(part),
                    seen.insert(resolved.uri + "#" + resolved.pointer).inserted
                else { continue }
                if firstPart == nil { firstPart = resolved }
                combined.add(properties(of: resolved))
                collect(resolved, level: level + 1)
            }
        }
        collect(schema, level: 0)
        if combined.isObject || firstPart == nil { return object(properties: combined, depth: depth) }
        return value(firstPart!, depth: depth + 1)
    }

    private func object(properties: Properties, depth: Int) -> OpenAPIExampleValue {
        var required: [(key: String, value: OpenAPIExampleValue)] = []
        var others: [(key: String, value: OpenAPIExampleValue)] = []
        for (name, schema) in properties.list {
            if let resolved = store.resolveQuietly(schema), store.bool(resolved, "readOnly") == true { continue }
            let isRequired = properties.required.contains(name)
            let member = (key: name, value: value(schema, depth: depth + 1))
            if isRequired { required.append(member) } else { others.append(member) }
        }
        return .object(required + others)
    }

    // MARK: arrays, strings, numbers

    private func array(_ schema: OpenAPILocation, depth: Int) -> OpenAPIExampleValue {
        if let first = store.child(schema, "prefixItems").flatMap({ store.elements($0).first }) {
            return .array([value(first, depth: depth + 1)])
        }
        guard let items = store.child(schema, "items") else { return .array([]) }
        if items.kind == .arrayStart, let first = store.elements(items).first {
            return .array([value(first, depth: depth + 1)])
        }
        return .array([value(items, depth: depth + 1)])
    }

    private func string(_ schema: OpenAPILocation) -> String {
        switch store.string(schema, "format") {
        case "date-time": return "2026-01-01T00:00:00Z"
        case "date": return "2026-01-01"
        case "time": return "00:00:00Z"
        case "duration": return "P1D"
        case "email", "idn-email": return "user@example.com"
        case "uuid": return "3fa85f64-5717-4562-b3fc-2c963f66afa6"
        case "uri", "url", "iri": return "https://example.com"
        case "uri-reference", "iri-reference": return "/example"
        case "hostname", "idn-hostname": return "example.com"
        case "ipv4": return "192.0.2.1"
        case "ipv6": return "2001:db8::1"
        case "byte": return "c3RyaW5n"
        case "password": return "password"
        default: break
        }
        let minimum = store.child(schema, "minLength").flatMap { $0.document.int($0.entry) } ?? 0
        let maximum = store.child(schema, "maxLength").flatMap { $0.document.int($0.entry) }
        var text = "string"
        if minimum > text.count {
            text = String(
                String(repeating: text, count: min(minimum, 1000) / text.count + 1).prefix(min(minimum, 1000)))
        }
        if let maximum, maximum >= 0, maximum < text.count { text = String(text.prefix(maximum)) }
        return text
    }

    private func number(_ schema: OpenAPILocation, integer: Bool) -> String {
        func bound(_ key: String) -> Double? {
            store.child(schema, key).flatMap { $0.document.double($0.entry) }
        }
        var value: Double = 0
        if let minimum = bound("minimum") {
            value = minimum
            if store.bool(schema, "exclusiveMinimum") == true { value += 1 }
        } else if let exclusive = bound("exclusiveMinimum") {
            value = exclusive + 1
        } else if let maximum = bound("maximum") ?? bound("exclusiveMaximum").map({ $0 - 1 }), maximum < 0 {
            value = maximum
        }
        if integer || value == value.rounded(), abs(value) < 1e15 {
            return String(Int(integer ? value.rounded(.up) : value))
        }
        return value.isFinite ? String(value) : "0"
    }
}
