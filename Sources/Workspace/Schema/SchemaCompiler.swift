import Foundation
import OrderedJSON

/// Turns a schema into a ``SchemaProgram``: finds the schema resources (`$id`, `id`), anchors
/// and dynamic anchors of each document it meets, resolves references, and compiles every
/// reachable subschema once (a reference to a schema already compiled, or being compiled, reuses
/// its node, so recursive schemas compile to cycles).
struct SchemaCompiler {
    /// A value in one of the compiler's documents.
    struct Location: Hashable {
        var document: Int
        var entry: Int
    }

    /// What a pointer step lands on, to tell schemas from other values on the way.
    private enum Position {
        case schema
        case schemaArray
        case schemaMap
        case other
    }

    private let dialect: JSONSchemaDialect
    private var assertsFormats: Bool
    private let registry: SchemaRegistry
    private var documents: [JSONDocument] = []
    private var documentURIs: [String] = []
    private var documentsByURI: [String: Int] = [:]
    private var registryFullyLoaded = false
    /// Schema resources by absolute URI: where each is and the base URI inside it.
    private var resources: [String: (location: Location, base: String)] = [:]
    /// `$anchor`s and `$dynamicAnchor`s (and draft 4's `"id": "#name"`) by `uri#name`.
    private var anchors: [String: Location] = [:]
    /// `$dynamicAnchor`s by resource URI, then name.
    private var dynamicAnchors: [String: [String: Location]] = [:]
    private var dynamicAnchorNumbers: [String: Int] = [:]
    private var resourceNumbers: [String: Int] = [:]
    private var nodes: [SchemaNode?] = []
    private var compiled: [Location: Int] = [:]
    private var patterns: [SchemaPattern] = []
    private var patternNumbers: [String: Int] = [:]
    private var usesDynamicScope = false
    private var validationVocabulary = true

    init(dialect: JSONSchemaDialect, assertsFormats: Bool, registry: SchemaRegistry) {
        self.dialect = dialect
        self.assertsFormats = assertsFormats
        self.registry = registry
    }

    /// Compiles the schema at `pointer` in `document`, whose URI is `baseURI`.
    mutating func compile(document: JSONDocument, pointer: String, baseURI: String) throws(JSONSchemaError)
        -> SchemaProgram
    {
        let uri = URIReference(baseURI).withoutFragment.text
        let number = add(document, uri: uri)
        let pointerTokens =
            pointer.hasPrefix("#")
            ? JSONPointer.tokens(fragment: String(pointer.dropFirst())) : JSONPointer.tokens(pointer)
        guard let tokens = pointerTokens,
            let entry = JSONPointer.resolve(document, tokens: tokens, from: document.root)
        else { throw .pointerNotFound(pointer: pointer) }
        let (location, base) = try walk(
            from: Location(document: number, entry: document.root), base: resources[uri]!.base, tokens: tokens,
            reference: pointer)
        if entry != document.root { scan(location, base: base) }
        readVocabulary(document, entry)
        let root = try compile(location, base: base)
        try compileDynamicAnchors()
        return SchemaProgram(
            nodes: nodes.map { $0! }, root: root, documents: documents, patterns: patterns,
            dynamicAnchors: dynamicAnchorTable(), usesDynamicScope: usesDynamicScope,
            dialect: dialect)
    }

    // MARK: documents and resources

    /// Adds a document under `uri` and records its resources and anchors.
    private mutating func add(_ document: JSONDocument, uri: String) -> Int {
        let number = documents.count
        documents.append(document)
        documentURIs.append(uri)
        documentsByURI[uri] = number
        let root = Location(document: number, entry: document.root)
        let base = innerBase(of: root, outer: uri)
        if resources[uri] == nil { resources[uri] = (root, base) }
        scan(root, base: base)
        return number
    }

    /// The base URI inside the schema at `location`, given the one around it: changed by its
    /// `$id` (`id` in draft 4, where a `$ref` beside it takes precedence).
    private func innerBase(of location: Location, outer: String) -> String {
        guard let keyword = dialect.idKeyword else { return outer }
        let document = documents[location.document]
        guard document.kind(location.entry).isObject,
            let idEntry = document.child(of: location.entry, key: keyword), let id = document.string(idEntry)
        else { return outer }
        if dialect.refReplacesSiblings && document.child(of: location.entry, key: "$ref") != nil { return outer }
        let resolved = URIReference.resolve(id, against: outer)
        if id.hasPrefix("#") { return outer }
        return resolved.withoutFragment.text
    }

    /// Records the resources, anchors and dynamic anchors of the schema at `location` and of its
    /// subschemas. `base` is the base URI inside it.
    private mutating func scan(_ location: Location, base: String) {
        let document = documents[location.document]
        let entry = location.entry
        guard document.kind(entry).isObject else { return }
        if dialect.refReplacesSiblings && document.child(of: entry, key: "$ref") != nil { return }
        if let keyword = dialect.idKeyword, let idEntry = document.child(of: entry, key: keyword),
            let id = document.string(idEntry)
        {
            let resolved = URIReference.resolve(id, against: base)
            if !id.hasPrefix("#"), resources[base] == nil { resources[base] = (location, base) }
            if let fragment = resolved.fragment, !fragment.isEmpty, !fragment.hasPrefix("/"), dialect == .draft4 {
                anchors[resolved.withoutFragment.text + "#" + fragment] = location
            }
        }
        if dialect == .draft2020_12 {
            if let anchor = document.child(of: entry, key: "$anchor").flatMap(document.string) {
                anchors[base + "#" + anchor] = location
            }
            if let anchor = document.child(of: entry, key: "$dynamicAnchor").flatMap(document.string) {
                if anchors[base + "#" + anchor] == nil { anchors[base + "#" + anchor] = location }
                dynamicAnchors[base, default: [:]][anchor] = location
            }
        }
        for member in document.children(of: entry) {
            guard let key = document.key(member) else { continue }
            let kind = document.kind(member)
            if dialect.hasSchemaArrayValue(key) && kind.isArray {
                for item in document.children(of: member) { scanSubschema(location.document, item, base) }
            } else if dialect.hasSchemaValue(key) {
                scanSubschema(location.document, member, base)
            } else if dialect.hasSchemaMapValue(key) && kind.isObject {
                for item in document.children(of: member) { scanSubschema(location.document, item, base) }
            }
        }
    }

    private mutating func scanSubschema(_ document: Int, _ entry: Int, _ base: String) {
        let location = Location(document: document, entry: entry)
        scan(location, base: innerBase(of: location, outer: base))
    }

    /// The resource with absolute URI `uri`, loading it from the registry when needed.
    private mutating func resource(_ uri: String) -> (location: Location, base: String)? {
        if let found = resources[uri] { return found }
        if documentsByURI[uri] == nil, let document = registry.documents[uri] {
            _ = add(document, uri: uri)
            if let found = resources[uri] { return found }
        }
        if !registryFullyLoaded {
            registryFullyLoaded = true
            for other in registry.order where documentsByURI[other] == nil {
                _ = add(registry.documents[other]!, uri: other)
            }
        }
        return resources[uri]
    }

    /// Follows JSON Pointer `tokens` from `start`, applying the `$id`s of the schemas passed on
    /// the way; returns the target and the base URI inside it.
    private func walk(from start: Location, base: String, tokens: [String], reference: String) throws(JSONSchemaError)
        -> (Location, String)
    {
        let document = documents[start.document]
        var entry = start.entry
        var base = base
        var position = Position.schema
        for token in tokens {
            guard let next = JSONPointer.step(document, from: entry, token: token) else {
                throw .unresolvableReference(reference: reference, location: locationText(start))
            }
            switch position {
            case .schema:
                if !document.kind(entry).isObject {
                    position = .other
                } else if dialect.hasSchemaArrayValue(token) && document.kind(next).isArray {
                    position = .schemaArray
                } else if dialect.hasSchemaValue(token) {
                    position = .schema
                } else if dialect.hasSchemaMapValue(token) {
                    position = .schemaMap
                } else {
                    position = .other
                }
            case .schemaArray, .schemaMap:
                position = .schema
            case .other:
                break
            }
            entry = next
            if position == .schema {
                base = innerBase(of: Location(document: start.document, entry: entry), outer: base)
            }
        }
        let target = Location(document: start.document, entry: entry)
        if position != .schema { base = innerBase(of: target, outer: base) }
        return (target, base)
    }

    /// Where `reference` (a `$ref` value) leads from a schema whose base URI is `base`, and the
    /// base URI inside the target.
    private mutating func resolve(_ reference: String, base: String, at location: String) throws(JSONSchemaError)
        -> (Location, String)
    {
        let resolved = URIReference.resolve(reference, against: base)
        let uri = resolved.withoutFragment.text
        let fragment = resolved.fragment
        guard let (root, rootBase) = resource(uri) else {
            throw .unresolvableReference(reference: reference, location: location)
        }
        guard let fragment, !fragment.isEmpty else { return (root, rootBase) }
        if fragment.hasPrefix("/") {
            guard let tokens = JSONPointer.tokens(fragment: fragment) else {
                throw .unresolvableReference(reference: reference, location: location)
            }
            do {
                return try walk(from: root, base: rootBase, tokens: tokens, reference: reference)
            } catch {
                throw .unresolvableReference(reference: reference, location: location)
            }
        }
        let name = fragment.removingPercentEncoding ?? fragment
        if let anchor = anchors[uri + "#" + name] { return (anchor, innerBase(of: anchor, outer: uri)) }
        throw .unresolvableReference(reference: reference, location: location)
    }

    /// Reads the `$vocabulary` of the schema's meta-schema, when `$schema` names a registered
    /// one: without the validation vocabulary its keywords are ignored, and with the
    /// format-assertion vocabulary formats are asserted.
    private mutating func readVocabulary(_ document: JSONDocument, _ entry: Int) {
        guard dialect == .draft2020_12, document.kind(entry).isObject,
            let metaURI = document.child(of: entry, key: "$schema").flatMap(document.string),
            let meta = registry.documents[URIReference(metaURI).withoutFragment.text],
            let vocabulary = meta.child(of: meta.root, key: "$vocabulary"), meta.kind(vocabulary).isObject
        else { return }
        let prefix = "https://json-schema.org/draft/2020-12/vocab/"
        validationVocabulary = meta.child(of: vocabulary, key: prefix + "validation") != nil
        if meta.child(of: vocabulary, key: prefix + "format-assertion") != nil { assertsFormats = true }
    }

    private func locationText(_ location: Location) -> String {
        documentURIs[location.document] + "#"
            + JSONPointer.pointer(to: location.entry, in: documents[location.document])
    }

    private mutating func resourceNumber(_ uri: String) -> Int {
        if let number = resourceNumbers[uri] { return number }
        let number = resourceNumbers.count
        resourceNumbers[uri] = number
        return number
    }

    // MARK: dynamic anchors

    /// Compiles, for every anchor name a `$dynamicRef` may look up, the schemas of every known
    /// resource that has it, until compiling finds no new ones.
    private mutating func compileDynamicAnchors() throws(JSONSchemaError) {
        var changed = true
        while changed {
            changed = false
            for name in dynamicAnchorNumbers.keys.sorted() {
                for uri in dynamicAnchors.keys.sorted() {
                    guard let location = dynamicAnchors[uri]?[name], compiled[location] == nil else { continue }
                    _ = try compile(location, base: uri)
                    changed = true
                }
            }
        }
    }

    private mutating func dynamicAnchorTable() -> [[Int: Int]] {
        var table = [[Int: Int]](repeating: [:], count: dynamicAnchorNumbers.count)
        for (name, number) in dynamicAnchorNumbers {
            for (uri, names) in dynamicAnchors {
                guard let location = names[name], let node = compiled[location] else { continue }
                table[number][resourceNumber(uri)] = node
            }
        }
        return table
    }

    // MARK: schemas

    /// The node for the schema at `location`, whose inner base URI is `base`.
    private mutating func compile(_ location: Location, base: String) throws(JSONSchemaError) -> Int {
        if let number = compiled[location] { return number }
        let document = documents[location.document]
        let entry = location.entry
        let place = locationText(location)
        let resource = resourceNumber(base)
        let number = nodes.count
        switch document.kind(entry) {
        case .true, .false:
            nodes.append(SchemaNode(location: place, constant: document.kind(entry) == .true, resource: resource))
            compiled[location] = number
            return number
        case .emptyObject, .objectStart:
            break
        default:
            throw .notASchema(location: place)
        }
        nodes.append(nil)
        compiled[location] = number
        var builder = SchemaNodeBuilder(location: place, document: document, entry: entry, dialect: dialect)
        try build(&builder, location: location, base: base)
        nodes[number] = builder.node(resource: resource)
        return number
    }

    /// The node of a subschema of the schema at `parent`.
    private mutating func subschema(_ entry: Int, of parent: Location, base: String) throws(JSONSchemaError) -> Int {
        let location = Location(document: parent.document, entry: entry)
        return try compile(location, base: innerBase(of: location, outer: base))
    }

    private mutating func subschemas(_ entry: Int, of parent: Location, base: String, keyword: String)
        throws(JSONSchemaError) -> [Int]
    {
        let document = documents[parent.document]
        guard document.kind(entry).isArray else {
            throw .invalidKeyword(
                keyword: keyword, location: locationText(parent), reason: "must be an array of schemas")
        }
        var result: [Int] = []
        for item in document.children(of: entry) { result.append(try subschema(item, of: parent, base: base)) }
        return result
    }

    private mutating func pattern(_ source: String, at location: String) throws(JSONSchemaError) -> Int {
        if let number = patternNumbers[source] { return number }
        do {
            patterns.append(try SchemaPattern(source))
        } catch {
            throw .invalidPattern(pattern: source, location: location, reason: "\(error)")
        }
        patternNumbers[source] = patterns.count - 1
        return patterns.count - 1
    }

    /// Compiles the keywords of the schema object at `location` into `builder`.
    private mutating func build(_ builder: inout SchemaNodeBuilder, location: Location, base: String)
        throws(JSONSchemaError)
    {
        let document = documents[location.document]
        let place = builder.location
        if dialect.refReplacesSiblings, let reference = builder.member("$ref") {
            let text = try builder.string(reference, "$ref")
            let (target, targetBase) = try resolve(text, base: base, at: place)
            builder.keywords.append(.reference(try compile(target, base: targetBase)))
            return
        }
        if let key = dialect.nullableKeyword, let value = builder.member(key) {
            builder.nullable = document.kind(value) == .true
        }
        for (key, value) in builder.members where dialect.knows(key) {
            if !validationVocabulary && SchemaNodeBuilder.validationKeywords.contains(key) { continue }
            try compileKeyword(key, value, &builder, location: location, base: base)
        }
        if let condition = builder.member("if"), dialect.knows("if") {
            let conditionNode = try subschema(condition, of: location, base: base)
            var thenNode: Int?
            if let entry = builder.member("then") { thenNode = try subschema(entry, of: location, base: base) }
            var elseNode: Int?
            if let entry = builder.member("else") { elseNode = try subschema(entry, of: location, base: base) }
            builder.keywords.append(.conditional(condition: conditionNode, then: thenNode, else: elseNode))
        }
        try builder.finishBounds()
    }

    private mutating func compileKeyword(
        _ key: String, _ value: Int, _ builder: inout SchemaNodeBuilder, location: Location, base: String
    ) throws(JSONSchemaError) {
        let document = documents[location.document]
        let place = builder.location
        switch key {
        case "$ref":
            let (target, targetBase) = try resolve(try builder.string(value, key), base: base, at: place)
            builder.keywords.append(.reference(try compile(target, base: targetBase)))
        case "$dynamicRef":
            let text = try builder.string(value, key)
            let (target, targetBase) = try resolve(text, base: base, at: place)
            let targetNode = try compile(target, base: targetBase)
            var anchor: Int?
            if let name = URIReference(text).fragment, !name.isEmpty, !name.hasPrefix("/") {
                let targetDocument = documents[target.document]
                if targetDocument.child(of: target.entry, key: "$dynamicAnchor").flatMap(targetDocument.string) == name
                {
                    anchor = dynamicAnchorNumbers[name] ?? dynamicAnchorNumbers.count
                    dynamicAnchorNumbers[name] = anchor
                    usesDynamicScope = true
                }
            }
            builder.keywords.append(.dynamicReference(target: targetNode, anchor: anchor))
        case "type":
            builder.keywords.append(.type(try builder.types(value)))
        case "enum":
            guard document.kind(value).isArray else {
                throw .invalidKeyword(keyword: key, location: place, reason: "must be an array")
            }
            let values = document.children(of: value).map { SchemaConstant(document: location.document, entry: $0) }
            builder.keywords.append(.enumeration(values))
        case "const":
            builder.keywords.append(.constant(SchemaConstant(document: location.document, entry: value)))
        case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
            try builder.readBound(key, value)
        case "multipleOf":
            let divisor = try builder.number(value, key)
            guard !divisor.isNegative, !divisor.isZero else {
                throw .invalidKeyword(keyword: key, location: place, reason: "must be a number above zero")
            }
            builder.keywords.append(.multipleOf(divisor, document.rawText(value)))
        case "minLength":
            builder.keywords.append(.minLength(try builder.count(value, key)))
        case "maxLength":
            builder.keywords.append(.maxLength(try builder.count(value, key)))
        case "pattern":
            builder.keywords.append(.pattern(try pattern(try builder.string(value, key), at: place + "/pattern")))
        case "format":
            let name = try builder.string(value, key)
            if assertsFormats, let format = SchemaFormat(name: name, dialect: dialect) {
                builder.keywords.append(.format(format))
            }
        case "allOf":
            builder.keywords.append(.allOf(try subschemas(value, of: location, base: base, keyword: key)))
        case "anyOf":
            builder.keywords.append(.anyOf(try subschemas(value, of: location, base: base, keyword: key)))
        case "oneOf":
            builder.keywords.append(.oneOf(try subschemas(value, of: location, base: base, keyword: key)))
        case "not":
            builder.keywords.append(.not(try subschema(value, of: location, base: base)))
        case "properties", "patternProperties", "dependentSchemas":
            guard document.kind(value).isObject else {
                throw .invalidKeyword(keyword: key, location: place, reason: "must be an object of schemas")
            }
            for member in document.children(of: value) {
                let name = document.key(member) ?? ""
                let node = try subschema(member, of: location, base: base)
                switch key {
                case "properties":
                    let number = builder.nameNumber(name)
                    builder.propertySchemas[number] = node
                case "patternProperties":
                    let number = try pattern(name, at: place + "/patternProperties")
                    builder.patternProperties.append((number, node))
                default:
                    let number = builder.nameNumber(name)
                    builder.dependentSchemas.append((number, node, key))
                }
            }
        case "additionalProperties":
            builder.additionalProperties = try subschema(value, of: location, base: base)
        case "propertyNames":
            builder.propertyNames = try subschema(value, of: location, base: base)
        case "required":
            for name in try builder.strings(value, key) {
                let number = builder.nameNumber(name)
                builder.required.append(number)
            }
        case "dependentRequired":
            guard document.kind(value).isObject else {
                throw .invalidKeyword(keyword: key, location: place, reason: "must be an object of string arrays")
            }
            for member in document.children(of: value) {
                let names = builder.nameNumbers(try builder.strings(member, key))
                let number = builder.nameNumber(document.key(member) ?? "")
                builder.dependentRequired.append((number, names, key))
            }
        case "dependencies":
            guard document.kind(value).isObject else {
                throw .invalidKeyword(keyword: key, location: place, reason: "must be an object")
            }
            for member in document.children(of: value) {
                let name = builder.nameNumber(document.key(member) ?? "")
                if document.kind(member).isArray {
                    let names = builder.nameNumbers(try builder.strings(member, key))
                    builder.dependentRequired.append((name, names, key))
                } else {
                    let node = try subschema(member, of: location, base: base)
                    builder.dependentSchemas.append((name, node, key))
                }
            }
        case "minProperties":
            builder.minProperties = try builder.count(value, key)
        case "maxProperties":
            builder.maxProperties = try builder.count(value, key)
        case "prefixItems":
            builder.array.prefixItems = try subschemas(value, of: location, base: base, keyword: key)
        case "items":
            if document.kind(value).isArray && dialect.hasSchemaArrayValue("items") {
                builder.array.prefixItems = try subschemas(value, of: location, base: base, keyword: key)
                if let additional = builder.member("additionalItems") {
                    builder.array.items = try subschema(additional, of: location, base: base)
                    builder.array.itemsKeyword = "additionalItems"
                }
            } else {
                builder.array.items = try subschema(value, of: location, base: base)
            }
        case "contains":
            builder.array.contains = try subschema(value, of: location, base: base)
        case "minContains":
            builder.array.minContains = try builder.count(value, key)
        case "maxContains":
            builder.array.maxContains = try builder.count(value, key)
        case "minItems":
            builder.array.minItems = try builder.count(value, key)
        case "maxItems":
            builder.array.maxItems = try builder.count(value, key)
        case "uniqueItems":
            builder.array.uniqueItems = document.kind(value) == .true
        case "unevaluatedProperties":
            builder.unevaluatedProperties = try subschema(value, of: location, base: base)
        case "unevaluatedItems":
            builder.unevaluatedItems = try subschema(value, of: location, base: base)
        default:
            break
        }
    }
}
