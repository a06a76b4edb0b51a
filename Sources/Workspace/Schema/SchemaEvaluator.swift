import Foundation
import OrderedJSON

/// One check of one instance against a ``SchemaProgram``: walks the instance's index and the
/// program's nodes together, reading keys and numbers from the bytes as sent.
///
/// Each step either collects violations (with messages) or only answers whether the value is
/// valid, which is how the branches of `anyOf`, `oneOf`, `not`, `if` and `contains` are tried:
/// they never stop early because of the violation limit, and cost no messages.
struct SchemaEvaluator {
    /// A violation whose instance location is still an entry.
    struct Found {
        var entry: Int
        var schemaLocation: String
        var keyword: String
        var message: String
    }

    /// Schemas nested deeper than this within one check (through subschemas and references,
    /// as a recursive schema does on a deeply nested value) are reported and not followed, so
    /// that a check stays well within a thread's stack.
    static let maximumDepth = 300

    private let program: SchemaProgram
    private let nodes: [SchemaNode]
    private let instance: JSONDocument
    private let bytes: UnsafeRawBufferPointer
    private(set) var found: [Found] = []
    private var limit: Int
    /// More violations came than the limit allows.
    private(set) var isFull = false
    /// The task was cancelled.
    private(set) var isCancelled = false
    private var steps = 0
    private var depth = 0
    private var scope: [Int] = []
    private var referencePath: [(node: Int, entry: Int)] = []

    /// An evaluator for `instance`, whose bytes are `bytes` (valid for the evaluator's life).
    init(program: SchemaProgram, instance: JSONDocument, bytes: UnsafeRawBufferPointer, limit: Int) {
        self.program = program
        self.nodes = program.nodes
        self.instance = instance
        self.bytes = bytes
        self.limit = max(1, limit)
    }

    private var halted: Bool { isFull || isCancelled }

    /// Checks the value at `entry` against node `nodeNumber`. When `collect` is true,
    /// violations are recorded; `annotations`, when not nil, receives what the node evaluated
    /// (only if it passes).
    mutating func check(
        _ nodeNumber: Int, _ entry: Int, collect: Bool, annotations: inout SchemaAnnotations?
    ) -> Bool {
        if halted { return false }
        steps &+= 1
        if steps & 0xFFF == 0 && Task.isCancelled {
            isCancelled = true
            return false
        }
        let node = nodes[nodeNumber]
        if let constant = node.constant {
            if !constant && collect {
                report(entry, node.location, Self.keyword(of: node.location), "no value is allowed here")
            }
            return constant
        }
        let kind = instance.kind(entry)
        if node.nullable && kind == .null { return true }
        if depth >= Self.maximumDepth {
            if collect { report(entry, node.location, "$ref", "the schema nests too deeply here to be checked") }
            return false
        }
        depth += 1
        defer { depth -= 1 }
        var enteredScope = false
        if program.usesDynamicScope && scope.last != node.resource {
            scope.append(node.resource)
            enteredScope = true
        }
        defer { if enteredScope { scope.removeLast() } }
        var local: SchemaAnnotations? = annotations != nil || node.tracksAnnotations ? SchemaAnnotations() : nil
        var valid = true
        for keyword in node.keywords where !checkKeyword(keyword, node, entry, kind, collect, &local) {
            valid = false
            if !collect || halted { return false }
        }
        if let object = node.object, kind.isObject, !checkObject(object, node, entry, collect, &local) {
            valid = false
            if !collect || halted { return false }
        }
        if let array = node.array, kind.isArray, !checkArray(array, node, entry, collect, &local) {
            valid = false
            if !collect || halted { return false }
        }
        if valid, let unevaluated = node.unevaluatedProperties, kind.isObject {
            valid = checkUnevaluated(unevaluated, entry, isObject: true, collect, &local)
        }
        if valid, let unevaluated = node.unevaluatedItems, kind.isArray {
            valid = checkUnevaluated(unevaluated, entry, isObject: false, collect, &local)
        }
        if valid, annotations != nil, let local { annotations!.merge(local) }
        return valid
    }

    /// Checks without collecting violations or annotations.
    private mutating func passes(_ nodeNumber: Int, _ entry: Int) -> Bool {
        var none: SchemaAnnotations?
        return check(nodeNumber, entry, collect: false, annotations: &none)
    }

    // MARK: reporting

    private mutating func report(_ entry: Int, _ schemaLocation: String, _ keyword: String, _ message: String) {
        guard !halted else { return }
        guard found.count < limit else {
            isFull = true
            return
        }
        found.append(Found(entry: entry, schemaLocation: schemaLocation, keyword: keyword, message: message))
    }

    /// The first violation that checking `nodeNumber` at `entry` would report, found without
    /// touching the violations collected so far.
    private mutating func firstViolation(_ nodeNumber: Int, _ entry: Int) -> Found? {
        let saved = (found, limit, isFull)
        found = []
        limit = 1
        isFull = false
        var none: SchemaAnnotations?
        _ = check(nodeNumber, entry, collect: true, annotations: &none)
        let first = found.first
        (found, limit, isFull) = saved
        return first
    }

    /// The keyword a `false` schema stands for, from its location: `additionalProperties`,
    /// `items`, or `properties` for `…/properties/name`.
    static func keyword(of location: String) -> String {
        let tokens = location.split(separator: "/", omittingEmptySubsequences: false)
        guard tokens.count >= 2 else { return "false" }
        let last = tokens[tokens.count - 1]
        let parent = tokens[tokens.count - 2]
        if last.allSatisfy(\.isNumber)
            || [
                "properties", "patternProperties", "$defs", "definitions",
                "dependentSchemas", "dependencies",
            ].contains(parent)
        {
            return String(parent)
        }
        return last.contains("#") ? "false" : String(last)
    }

    private func quote(_ entry: Int) -> String { SchemaInstanceText.quote(instance, entry) }

    // MARK: keywords

    private mutating func checkKeyword(
        _ keyword: SchemaKeyword, _ node: SchemaNode, _ entry: Int, _ kind: JSONEntryKind, _ collect: Bool,
        _ local: inout SchemaAnnotations?
    ) -> Bool {
        switch keyword {
        case .reference(let target):
            return follow(target, entry, collect, &local)
        case .dynamicReference(let target, let anchor):
            var destination = target
            if let anchor {
                let candidates = program.dynamicAnchors[anchor]
                if let resource = scope.first(where: { candidates[$0] != nil }) { destination = candidates[resource]! }
            }
            return follow(destination, entry, collect, &local)
        case .type(let types):
            if matches(types, entry, kind) { return true }
            if collect {
                report(
                    entry, node.location + "/type", "type",
                    "expected \(types.names), found \(SchemaInstanceText.describe(instance, entry))")
            }
            return false
        case .enumeration(let values):
            for value in values
            where SchemaValueComparison.equal(instance, entry, program.documents[value.document], value.entry) {
                return true
            }
            if collect {
                let shown = values.prefix(8).map {
                    SchemaInstanceText.quote(program.documents[$0.document], $0.entry)
                }
                let list = shown.joined(separator: ", ") + (values.count > 8 ? ", …" : "")
                report(entry, node.location + "/enum", "enum", "\(quote(entry)) is not one of \(list)")
            }
            return false
        case .constant(let value):
            if SchemaValueComparison.equal(instance, entry, program.documents[value.document], value.entry) {
                return true
            }
            if collect {
                let expected = SchemaInstanceText.quote(program.documents[value.document], value.entry)
                report(entry, node.location + "/const", "const", "\(quote(entry)) is not the constant \(expected)")
            }
            return false
        case .bound(let bound):
            guard kind == .number else { return true }
            return checkBound(bound, node, entry, collect)
        case .multipleOf(let divisor, let text):
            guard kind == .number else { return true }
            let range = instance.valueRange(entry)
            let raw = UnsafeRawBufferPointer(rebasing: bytes[range])
            if let value = SchemaNumber.smallInteger(raw), let by = divisor.intValue, by > 0 {
                if value % by == 0 { return true }
            } else if let value = SchemaNumber(text: raw), value.isMultiple(of: divisor) {
                return true
            }
            if collect {
                report(
                    entry, node.location + "/multipleOf", "multipleOf", "\(quote(entry)) is not a multiple of \(text)")
            }
            return false
        case .minLength(let minimum):
            guard kind == .string else { return true }
            let length = stringLength(entry)
            if length >= minimum { return true }
            if collect {
                report(
                    entry, node.location + "/minLength", "minLength",
                    "\(quote(entry)) is shorter than the minimum length \(minimum) (it has "
                        + SchemaInstanceText.count(length, "character") + ")")
            }
            return false
        case .maxLength(let maximum):
            guard kind == .string else { return true }
            let length = stringLength(entry)
            if length <= maximum { return true }
            if collect {
                report(
                    entry, node.location + "/maxLength", "maxLength",
                    "\(quote(entry)) is longer than the maximum length \(maximum) (it has "
                        + SchemaInstanceText.count(length, "character") + ")")
            }
            return false
        case .pattern(let number):
            guard kind == .string else { return true }
            let pattern = program.patterns[number]
            if pattern.matches(instance.string(entry) ?? "") { return true }
            if collect {
                report(
                    entry, node.location + "/pattern", "pattern",
                    "\(quote(entry)) does not match the pattern \"\(SchemaInstanceText.clip(pattern.source))\"")
            }
            return false
        case .format(let format):
            if format.appliesToNumbers {
                guard kind == .number else { return true }
                if format.accepts(SchemaValueComparison.number(instance, entry)) { return true }
            } else {
                guard kind == .string else { return true }
                if format.accepts(instance.string(entry) ?? "", dialect: program.dialect) { return true }
            }
            if collect {
                report(
                    entry, node.location + "/format", "format", "\(quote(entry)) is not a valid \(format.readableName)")
            }
            return false
        case .allOf(let branches):
            var valid = true
            for branch in branches where !check(branch, entry, collect: collect, annotations: &local) {
                valid = false
                if !collect || halted { return false }
            }
            return valid
        case .anyOf(let branches):
            var valid = false
            for branch in branches {
                if local == nil {
                    if passes(branch, entry) { return true }
                } else {
                    var branchAnnotations: SchemaAnnotations? = SchemaAnnotations()
                    if check(branch, entry, collect: false, annotations: &branchAnnotations) {
                        valid = true
                        local!.merge(branchAnnotations!)
                    }
                }
            }
            if !valid && collect { reportBranches(branches, node, entry, keyword: "anyOf", matching: []) }
            return valid
        case .oneOf(let branches):
            var matching: [Int] = []
            var matchedAnnotations: SchemaAnnotations?
            for (index, branch) in branches.enumerated() {
                var branchAnnotations: SchemaAnnotations? = local == nil ? nil : SchemaAnnotations()
                if check(branch, entry, collect: false, annotations: &branchAnnotations) {
                    matching.append(index)
                    matchedAnnotations = branchAnnotations
                    if matching.count > 1 && !collect { return false }
                }
            }
            if matching.count == 1 {
                if let matchedAnnotations { local?.merge(matchedAnnotations) }
                return true
            }
            if collect { reportBranches(branches, node, entry, keyword: "oneOf", matching: matching) }
            return false
        case .not(let negated):
            if !passes(negated, entry) { return true }
            if collect {
                report(entry, node.location + "/not", "not", "\(quote(entry)) must not match the schema in not")
            }
            return false
        case .conditional(let condition, let then, let otherwise):
            var conditionAnnotations: SchemaAnnotations? = local == nil ? nil : SchemaAnnotations()
            if check(condition, entry, collect: false, annotations: &conditionAnnotations) {
                if let conditionAnnotations { local?.merge(conditionAnnotations) }
                guard let then else { return true }
                return check(then, entry, collect: collect, annotations: &local)
            }
            guard let otherwise else { return true }
            return check(otherwise, entry, collect: collect, annotations: &local)
        }
    }

    /// Follows a reference, treating a return to the same schema at the same value (a cycle that
    /// consumes no input, such as `{"$ref": "#"}`) as passing.
    private mutating func follow(_ target: Int, _ entry: Int, _ collect: Bool, _ local: inout SchemaAnnotations?)
        -> Bool
    {
        var index = referencePath.count - 1
        while index >= 0 && referencePath[index].entry == entry {
            if referencePath[index].node == target { return true }
            index -= 1
        }
        referencePath.append((target, entry))
        defer { referencePath.removeLast() }
        return check(target, entry, collect: collect, annotations: &local)
    }

    /// One violation for a failed `anyOf` or `oneOf`, naming why the first few branches failed.
    private mutating func reportBranches(
        _ branches: [Int], _ node: SchemaNode, _ entry: Int, keyword: String, matching: [Int]
    ) {
        let message: String
        if matching.count > 1 {
            message =
                "matches \(matching.count) of the \(branches.count) schemas in oneOf (\(matching.map(String.init).joined(separator: ", "))), but must match exactly one"
        } else {
            var reasons: [String] = []
            for (index, branch) in branches.prefix(3).enumerated() {
                guard let first = firstViolation(branch, entry) else { continue }
                let place = first.entry == entry ? "" : " at " + instance.normalizedPath(of: first.entry)
                reasons.append("\(index): \(first.message)\(place)")
            }
            message =
                "matches none of the \(SchemaInstanceText.count(branches.count, "schema")) in \(keyword)"
                + (reasons.isEmpty
                    ? "" : " (" + reasons.joined(separator: "; ") + (branches.count > 3 ? "; …" : "") + ")")
        }
        report(entry, node.location + "/" + keyword, keyword, message)
    }

    private func matches(_ types: SchemaTypeSet, _ entry: Int, _ kind: JSONEntryKind) -> Bool {
        if types.contains(.any) { return true }
        switch kind {
        case .string: return types.contains(.string)
        case .number:
            if types.contains(.number) { return true }
            guard types.contains(.integer) else { return false }
            let range = instance.valueRange(entry)
            let raw = UnsafeRawBufferPointer(rebasing: bytes[range])
            if !raw.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
                return true
            }
            return program.dialect.integerByValue && (SchemaNumber(text: raw)?.isInteger ?? false)
        case .true, .false: return types.contains(.boolean)
        case .null: return types.contains(.null)
        case .emptyObject, .objectStart, .objectEnd: return types.contains(.object)
        case .emptyArray, .arrayStart, .arrayEnd: return types.contains(.array)
        }
    }

    private mutating func checkBound(_ bound: SchemaBound, _ node: SchemaNode, _ entry: Int, _ collect: Bool) -> Bool {
        let range = instance.valueRange(entry)
        let raw = UnsafeRawBufferPointer(rebasing: bytes[range])
        let order: Int
        if let value = SchemaNumber.smallInteger(raw), let limit = bound.integerLimit {
            order = value < limit ? -1 : (value == limit ? 0 : 1)
        } else {
            order = SchemaNumber.compare(SchemaNumber(text: raw) ?? .zero, bound.limit)
        }
        let valid: Bool
        if bound.isMinimum {
            valid = bound.isExclusive ? order > 0 : order >= 0
        } else {
            valid = bound.isExclusive ? order < 0 : order <= 0
        }
        if valid { return true }
        if collect {
            let value = quote(entry)
            let message: String
            switch (bound.isMinimum, bound.isExclusive) {
            case (true, false): message = "\(value) is less than the minimum \(bound.text)"
            case (true, true): message = "\(value) is not greater than the exclusive minimum \(bound.text)"
            case (false, false): message = "\(value) is greater than the maximum \(bound.text)"
            case (false, true): message = "\(value) is not less than the exclusive maximum \(bound.text)"
            }
            report(entry, node.location + "/" + bound.keyword, bound.keyword, message)
        }
        return false
    }

    /// A string's length in Unicode scalars, counted on the bytes when it has no escapes.
    private func stringLength(_ entry: Int) -> Int {
        if instance.hasEscapes(entry) { return instance.string(entry)?.unicodeScalars.count ?? 0 }
        let range = instance.valueRange(entry)
        var count = 0
        for index in (range.lowerBound + 1)..<(range.upperBound - 1) where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    // MARK: objects

    /// The number the schema gave the member's key, if it mentions it.
    private func nameNumber(_ member: Int, _ names: SchemaKeyTable) -> Int? {
        if instance.hasEscapes(member, inKey: true) { return names.number(of: instance.key(member) ?? "") }
        guard let range = instance.keyRange(member) else { return nil }
        return names.number(
            of: UnsafeRawBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]))
    }

    /// What a member or item that a `false` subschema refuses is called in its message.
    private enum Refused {
        case property
        case additionalProperty
        case unevaluatedProperty
        case item(Int)
        case unevaluatedItem(Int)
    }

    /// Checks a member's value against a subschema applied to it, giving a `false` subschema a
    /// message about the property or item.
    private mutating func checkMember(_ nodeNumber: Int, _ member: Int, _ collect: Bool, refused: Refused) -> Bool {
        let node = nodes[nodeNumber]
        if node.isFalse {
            if collect {
                let message: String
                switch refused {
                case .property: message = "property \(SchemaInstanceText.quoteKey(instance, member)) is not allowed"
                case .additionalProperty:
                    message = "additional property \(SchemaInstanceText.quoteKey(instance, member)) is not allowed"
                case .unevaluatedProperty:
                    message = "unevaluated property \(SchemaInstanceText.quoteKey(instance, member)) is not allowed"
                case .item(let index): message = "item \(index) is not allowed"
                case .unevaluatedItem(let index): message = "unevaluated item \(index) is not allowed"
                }
                report(member, node.location, Self.keyword(of: node.location), message)
            }
            return false
        }
        var none: SchemaAnnotations?
        return check(nodeNumber, member, collect: collect, annotations: &none)
    }

    private mutating func checkObject(
        _ checks: SchemaObjectChecks, _ node: SchemaNode, _ entry: Int, _ collect: Bool,
        _ local: inout SchemaAnnotations?
    ) -> Bool {
        var valid = true
        var present = SchemaNameSet()
        var count = 0
        let needsNames = checks.needsNames
        var child = instance.firstChild(of: entry)
        while let member = child {
            count += 1
            var evaluated = false
            if needsNames, let number = nameNumber(member, checks.names) {
                present.insert(number)
                if let schema = checks.propertySchemas[number] {
                    evaluated = true
                    if !checkMember(schema, member, collect, refused: .property) {
                        valid = false
                        if !collect || halted { return false }
                    }
                }
            }
            if !checks.patternProperties.isEmpty {
                let key = instance.key(member) ?? ""
                for (pattern, schema) in checks.patternProperties where program.patterns[pattern].matches(key) {
                    evaluated = true
                    if !checkMember(schema, member, collect, refused: .property) {
                        valid = false
                        if !collect || halted { return false }
                    }
                }
            }
            if !evaluated, let additional = checks.additionalProperties {
                evaluated = true
                if !checkMember(additional, member, collect, refused: .additionalProperty) {
                    valid = false
                    if !collect || halted { return false }
                }
            }
            if let names = checks.propertyNames, !checkPropertyName(names, member, collect) {
                valid = false
                if !collect || halted { return false }
            }
            if evaluated, local != nil { local!.children.insert(member) }
            child = instance.nextSibling(of: member)
        }
        if let minimum = checks.minProperties, count < minimum {
            valid = false
            guard collect else { return false }
            report(
                entry, node.location + "/minProperties", "minProperties",
                "the object has \(SchemaInstanceText.count(count, "property", plural: "properties")), fewer than the minimum \(minimum)"
            )
        }
        if let maximum = checks.maxProperties, count > maximum {
            valid = false
            guard collect else { return false }
            report(
                entry, node.location + "/maxProperties", "maxProperties",
                "the object has \(SchemaInstanceText.count(count, "property", plural: "properties")), more than the maximum \(maximum)"
            )
        }
        for number in checks.required where !present.contains(number) {
            valid = false
            guard collect else { return false }
            report(
                entry, node.location + "/required", "required",
                "missing required property \(Self.quoteName(checks.names.names[number]))")
        }
        for dependency in checks.dependentRequired where present.contains(dependency.name) {
            for number in dependency.required where !present.contains(number) {
                valid = false
                guard collect else { return false }
                report(
                    entry, node.location + "/" + dependency.keyword, dependency.keyword,
                    "property \(Self.quoteName(checks.names.names[dependency.name])) requires property \(Self.quoteName(checks.names.names[number])), which is missing"
                )
            }
        }
        for dependency in checks.dependentSchemas where present.contains(dependency.name) {
            if !check(dependency.schema, entry, collect: collect, annotations: &local) {
                valid = false
                if !collect || halted { return false }
            }
        }
        return valid
    }

    /// A property name from the schema, in quotes and clipped.
    private static func quoteName(_ name: String) -> String {
        SchemaInstanceText.clip("\"" + name + "\"")
    }

    /// Checks a member's key against `propertyNames`, as a string value of its own.
    private mutating func checkPropertyName(_ nodeNumber: Int, _ member: Int, _ collect: Bool) -> Bool {
        guard let keyText = instance.rawKey(member), let keyDocument = try? JSONDocument(keyText) else { return true }
        let program = self.program
        let (valid, first, cancelled) = keyDocument.withBytes { keyBytes in
            var evaluator = SchemaEvaluator(
                program: program, instance: keyDocument, bytes: keyBytes, limit: collect ? 1 : 0)
            var none: SchemaAnnotations?
            let valid = evaluator.check(nodeNumber, keyDocument.root, collect: collect, annotations: &none)
            return (valid, evaluator.found.first, evaluator.isCancelled)
        }
        if cancelled { isCancelled = true }
        if !valid, collect {
            let first =
                first
                ?? Found(entry: 0, schemaLocation: nodes[nodeNumber].location, keyword: "propertyNames", message: "")
            report(
                member, first.schemaLocation, first.keyword,
                "property name \(SchemaInstanceText.quoteKey(instance, member)) is not allowed"
                    + (first.message.isEmpty ? "" : ": " + first.message))
        }
        return valid
    }

    // MARK: arrays

    private mutating func checkArray(
        _ checks: SchemaArrayChecks, _ node: SchemaNode, _ entry: Int, _ collect: Bool,
        _ local: inout SchemaAnnotations?
    ) -> Bool {
        var valid = true
        var index = 0
        var containing = 0
        let prefixCount = checks.prefixItems.count
        let needsItems = prefixCount > 0 || checks.items != nil || checks.contains != nil
        var child = needsItems ? instance.firstChild(of: entry) : nil
        while let item = child {
            if index < prefixCount || checks.items != nil {
                let schema = index < prefixCount ? checks.prefixItems[index] : checks.items!
                if !checkMember(schema, item, collect, refused: .item(index)) {
                    valid = false
                    if !collect || halted { return false }
                }
            }
            if let contains = checks.contains,
                local != nil || checks.maxContains != nil || containing < checks.minContains,
                passes(contains, item)
            {
                containing += 1
                if local != nil { local!.children.insert(item) }
            }
            index += 1
            child = instance.nextSibling(of: item)
        }
        if !needsItems { index = instance.childCount(of: entry) }
        if local != nil {
            local!.prefix = max(local!.prefix, min(index, prefixCount))
            if checks.items != nil { local!.all = true }
        }
        if let minimum = checks.minItems, index < minimum {
            valid = false
            guard collect else { return false }
            report(
                entry, node.location + "/minItems", "minItems",
                "the array has \(SchemaInstanceText.count(index, "item")), fewer than the minimum \(minimum)")
        }
        if let maximum = checks.maxItems, index > maximum {
            valid = false
            guard collect else { return false }
            report(
                entry, node.location + "/maxItems", "maxItems",
                "the array has \(SchemaInstanceText.count(index, "item")), more than the maximum \(maximum)")
        }
        if checks.contains != nil {
            if containing < checks.minContains {
                valid = false
                guard collect else { return false }
                let keyword = checks.minContains == 1 ? "contains" : "minContains"
                report(
                    entry, node.location + "/" + keyword, keyword,
                    containing == 0
                        ? "no item matches the contains schema"
                        : "\(SchemaInstanceText.count(containing, "item")) match the contains schema, fewer than the minimum \(checks.minContains)"
                )
            }
            if let maximum = checks.maxContains, containing > maximum {
                valid = false
                guard collect else { return false }
                report(
                    entry, node.location + "/maxContains", "maxContains",
                    "\(SchemaInstanceText.count(containing, "item")) match the contains schema, more than the maximum \(maximum)"
                )
            }
        }
        if checks.uniqueItems, let (first, second) = duplicate(in: entry) {
            valid = false
            guard collect else { return false }
            report(entry, node.location + "/uniqueItems", "uniqueItems", "items \(first) and \(second) are equal")
        }
        return valid
    }

    /// The positions of the first two equal items, if any.
    private func duplicate(in entry: Int) -> (Int, Int)? {
        var seen: [Int: [(index: Int, entry: Int)]] = [:]
        for (index, item) in instance.children(of: entry).enumerated() {
            let hash = SchemaValueComparison.hash(instance, item)
            if let earlier = seen[hash]?.first(where: {
                SchemaValueComparison.equal(instance, $0.entry, instance, item)
            }) {
                return (earlier.index, index)
            }
            seen[hash, default: []].append((index, item))
        }
        return nil
    }

    // MARK: unevaluated

    private mutating func checkUnevaluated(
        _ nodeNumber: Int, _ entry: Int, isObject: Bool, _ collect: Bool, _ local: inout SchemaAnnotations?
    ) -> Bool {
        let annotations = local ?? SchemaAnnotations()
        var valid = true
        if !annotations.all {
            for (index, child) in instance.children(of: entry).enumerated()
            where !annotations.covers(child, index: index) {
                let refused: Refused = isObject ? .unevaluatedProperty : .unevaluatedItem(index)
                if !checkMember(nodeNumber, child, collect, refused: refused) {
                    valid = false
                    if !collect || halted { return false }
                }
            }
        }
        if valid { local?.all = true }
        return valid
    }
}
