import Foundation
import OrderedJSON

/// Gathers the compiled keywords of one schema object while ``SchemaCompiler`` reads it, checks
/// the form of keyword values, and makes the ``SchemaNode``.
struct SchemaNodeBuilder {
    /// The keywords of the validation vocabulary, left out when a meta-schema's `$vocabulary`
    /// does not include it.
    static let validationKeywords: Set<String> = [
        "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
        "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
        "maxProperties", "minProperties", "required", "dependentRequired",
    ]

    /// `<document URI>#<pointer>` of the schema.
    let location: String
    let document: JSONDocument
    let entry: Int
    let dialect: JSONSchemaDialect
    /// The schema's members, by key, in the order written.
    let members: [(key: String, entry: Int)]

    var keywords: [SchemaKeyword] = []
    var nullable = false
    var array = SchemaArrayChecks()
    var unevaluatedProperties: Int?
    var unevaluatedItems: Int?

    var propertySchemas: [Int: Int] = [:]
    var patternProperties: [(pattern: Int, schema: Int)] = []
    var additionalProperties: Int?
    var propertyNames: Int?
    var required: [Int] = []
    var dependentRequired: [(name: Int, required: [Int], keyword: String)] = []
    var dependentSchemas: [(name: Int, schema: Int, keyword: String)] = []
    var minProperties: Int?
    var maxProperties: Int?
    private var names: [String] = []
    private var nameNumbers: [String: Int] = [:]

    /// Bounds as read: draft 4's boolean `exclusiveMinimum` modifies `minimum`, so both are
    /// gathered before the keywords are made.
    private var bounds: [String: Int] = [:]

    init(location: String, document: JSONDocument, entry: Int, dialect: JSONSchemaDialect) {
        self.location = location
        self.document = document
        self.entry = entry
        self.dialect = dialect
        members = document.children(of: entry).map { (document.key($0) ?? "", $0) }
    }

    /// The value of the first member named `key`.
    func member(_ key: String) -> Int? {
        members.first { $0.key == key }?.entry
    }

    /// The number of a property name mentioned by some keyword.
    mutating func nameNumber(_ name: String) -> Int {
        if let number = nameNumbers[name] { return number }
        names.append(name)
        nameNumbers[name] = names.count - 1
        return names.count - 1
    }

    /// The numbers of several property names.
    mutating func nameNumbers(_ names: [String]) -> [Int] {
        names.map { nameNumber($0) }
    }

    // MARK: reading keyword values

    func invalid(_ keyword: String, _ reason: String) -> JSONSchemaError {
        .invalidKeyword(keyword: keyword, location: location, reason: reason)
    }

    /// A string value.
    func string(_ value: Int, _ keyword: String) throws(JSONSchemaError) -> String {
        guard let text = document.string(value) else { throw invalid(keyword, "must be a string") }
        return text
    }

    /// An array of strings.
    func strings(_ value: Int, _ keyword: String) throws(JSONSchemaError) -> [String] {
        guard document.kind(value).isArray else { throw invalid(keyword, "must be an array of strings") }
        var result: [String] = []
        for item in document.children(of: value) {
            guard let text = document.string(item) else { throw invalid(keyword, "must be an array of strings") }
            result.append(text)
        }
        return result
    }

    /// A number.
    func number(_ value: Int, _ keyword: String) throws(JSONSchemaError) -> SchemaNumber {
        guard document.kind(value) == .number, let number = SchemaNumber(document.rawText(value)) else {
            throw invalid(keyword, "must be a number")
        }
        return number
    }

    /// A non-negative whole number (`2.0` counts), capped at `Int.max`.
    func count(_ value: Int, _ keyword: String) throws(JSONSchemaError) -> Int {
        let number = try number(value, keyword)
        guard number.isInteger, !number.isNegative else { throw invalid(keyword, "must be a non-negative integer") }
        return number.intValue ?? Int.max
    }

    /// A `type` value: one name, or (where the dialect allows) an array of names.
    func types(_ value: Int) throws(JSONSchemaError) -> SchemaTypeSet {
        let allowsFile = dialect == .swagger20
        if let name = document.string(value) {
            guard let type = SchemaTypeSet(name: name, allowsFile: allowsFile) else {
                throw invalid("type", "names an unknown type \"\(name)\"")
            }
            return type
        }
        guard document.kind(value).isArray else { throw invalid("type", "must be a type name or an array of them") }
        guard dialect.allowsTypeArrays else { throw invalid("type", "must be a single type name in this dialect") }
        var set: SchemaTypeSet = []
        for item in document.children(of: value) {
            guard let name = document.string(item), let type = SchemaTypeSet(name: name, allowsFile: allowsFile) else {
                throw invalid("type", "must hold only the names of types")
            }
            set.formUnion(type)
        }
        return set
    }

    /// Reads `minimum`, `maximum`, `exclusiveMinimum` or `exclusiveMaximum`.
    mutating func readBound(_ keyword: String, _ value: Int) throws(JSONSchemaError) {
        let kind = document.kind(value)
        guard kind == .number || ((kind == .true || kind == .false) && keyword.hasPrefix("exclusive")) else {
            throw invalid(keyword, "must be a number")
        }
        bounds[keyword] = value
    }

    /// Turns the bounds read into keywords.
    mutating func finishBounds() throws(JSONSchemaError) {
        for (plain, exclusive, isMinimum) in [
            ("minimum", "exclusiveMinimum", true), ("maximum", "exclusiveMaximum", false),
        ] {
            var exclusiveFlag = false
            if let value = bounds[exclusive] {
                if document.kind(value) == .number {
                    try appendBound(exclusive, value, isMinimum: isMinimum, isExclusive: true)
                } else if dialect.hasBooleanExclusiveBounds {
                    exclusiveFlag = document.kind(value) == .true
                } else {
                    throw invalid(exclusive, "must be a number")
                }
            }
            if let value = bounds[plain] {
                try appendBound(
                    exclusiveFlag ? exclusive : plain, value, isMinimum: isMinimum, isExclusive: exclusiveFlag)
            }
        }
    }

    private mutating func appendBound(_ keyword: String, _ value: Int, isMinimum: Bool, isExclusive: Bool)
        throws(JSONSchemaError)
    {
        let limit = try number(value, keyword)
        keywords.append(
            .bound(
                SchemaBound(
                    keyword: keyword, limit: limit, text: document.rawText(value), isMinimum: isMinimum,
                    isExclusive: isExclusive)))
    }

    // MARK: the node

    /// The finished node.
    func node(resource: Int) -> SchemaNode {
        var object: SchemaObjectChecks?
        if !names.isEmpty || !patternProperties.isEmpty || additionalProperties != nil || propertyNames != nil
            || minProperties != nil || maxProperties != nil
        {
            object = SchemaObjectChecks(
                names: SchemaKeyTable(names), propertySchemas: names.indices.map { propertySchemas[$0] },
                patternProperties: patternProperties, additionalProperties: additionalProperties,
                propertyNames: propertyNames, required: required, dependentRequired: dependentRequired,
                dependentSchemas: dependentSchemas, minProperties: minProperties, maxProperties: maxProperties)
        }
        var array = self.array
        if array.contains == nil {
            array.minContains = 0
            array.maxContains = nil
        }
        return SchemaNode(
            location: location, resource: resource, nullable: nullable, keywords: keywords, object: object,
            array: array.visitsItems ? array : nil, unevaluatedProperties: unevaluatedProperties,
            unevaluatedItems: unevaluatedItems)
    }
}
