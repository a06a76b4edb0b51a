import OrderedJSON
import Yams

/// Turns a YAML document into JSON text with the same structure, so that it can be indexed as a
/// ``JSONDocument`` like a description written in JSON.
///
/// Mapping order is kept and keys are always strings (`200:` is the key `"200"`). Plain scalars
/// follow YAML 1.2's core schema where JSON can say the same: `null`, `~` and nothing are
/// `null`; `true` and `false` (in any of YAML's three spellings) are booleans; a number already
/// written as JSON writes it (`1.0` stays `1.0`, `+1` becomes `1`). Everything else is a string,
/// hexadecimal, octal, `.inf`, `.nan` and numbers with leading zeros included, as is every
/// quoted or block scalar and every scalar tagged `!!str`. Aliases are expanded and merge keys
/// (`<<: *base`) merged; a document whose aliases expand past a limit is refused rather than
/// written out (see ``OpenAPIYAMLAliasScan`` for keys).
enum OpenAPIYAMLConverter {
    /// JSON text for the first document of `text`, nil when the text holds none.
    static func jsonText(fromYAML text: String) throws(APIDescriptionError) -> String? {
        if let line = OpenAPIYAMLAliasScan.riskyKeyLine(in: text) {
            throw .notJSONOrYAML(
                line: line, column: 1,
                reason:
                    "an alias of a collection is used in a mapping key, which is refused (it could expand without end)")
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw problem(error)
        } catch {
            throw .notJSONOrYAML(line: 1, column: 1, reason: "\(error)")
        }
        guard let root else { return nil }
        let size = text.utf8.count
        var emitter = Emitter(nodeLimit: max(1_000_000, size * 2), byteLimit: max(64 << 20, size * 8))
        try emitter.emit(root)
        return emitter.output
    }

    /// The JSON literal for a scalar (quoted text, number, boolean or null).
    static func scalarJSON(_ scalar: Node.Scalar) -> String {
        let text = scalar.string
        let tag = scalar.tag.rawValue
        if tag == Tag.Name.str.rawValue || tag == "!" { return JSONStringEncoder.quoted(text) }
        let isPlain = scalar.style == .plain || scalar.style == .any
        let coreTags = [Tag.Name.null, .bool, .int, .float].map(\.rawValue)
        guard isPlain || coreTags.contains(tag) else { return JSONStringEncoder.quoted(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return "null"
        case "true", "True", "TRUE": return "true"
        case "false", "False", "FALSE": return "false"
        default: break
        }
        if isJSONNumber(text.utf8[...]) { return text }
        if text.hasPrefix("+"), !text.hasPrefix("+-"), isJSONNumber(text.utf8.dropFirst()) {
            return String(text.dropFirst())
        }
        return JSONStringEncoder.quoted(text)
    }

    /// True when the bytes are a number as JSON writes one: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ bytes: Substring.UTF8View) -> Bool {
        var index = bytes.startIndex
        func digits() -> Int {
            var count = 0
            while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                index = bytes.index(after: index)
                count += 1
            }
            return count
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") { index = bytes.index(after: index) }
        guard index < bytes.endIndex else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index = bytes.index(after: index)
        } else if digits() == 0 {
            return false
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            guard digits() > 0 else { return false }
        }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index = bytes.index(after: index)
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index = bytes.index(after: index)
            }
            guard digits() > 0 else { return false }
        }
        return index == bytes.endIndex
    }

    private static func problem(_ error: YamlError) -> APIDescriptionError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var reason = problem
            if let context { reason += " (\(context.text) at line \(context.mark.line))" }
            return .notJSONOrYAML(line: mark.line, column: mark.column, reason: reason)
        case .reader(let problem, let offset, _, let yaml):
            var line = 1
            var column = 1
            if let offset {
                for scalar in yaml.unicodeScalars.prefix(offset) {
                    if scalar == "\n" {
                        line += 1
                        column = 1
                    } else {
                        column += 1
                    }
                }
            }
            return .notJSONOrYAML(line: line, column: column, reason: problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "“\($0)”" }.joined(separator: ", ")
            return .notJSONOrYAML(
                line: context.mark.line, column: context.mark.column,
                reason: "the key \(names) appears more than once in one mapping")
        default:
            return .notJSONOrYAML(line: 1, column: 1, reason: "\(error)")
        }
    }
}

extension OpenAPIYAMLConverter {
    /// Writes nodes as JSON without recursion (aliases can nest far deeper than the text), and
    /// stops once the output passes its limits.
    fileprivate struct Emitter {
        private enum Work {
            case node(Node)
            case text(String)
        }

        let nodeLimit: Int
        let byteLimit: Int
        var output = ""
        private var nodes = 0

        init(nodeLimit: Int, byteLimit: Int) {
            self.nodeLimit = nodeLimit
            self.byteLimit = byteLimit
        }

        mutating func emit(_ root: Node, keyDepth: Int = 0) throws(APIDescriptionError) {
            var work: [Work] = [.node(root)]
            while let item = work.popLast() {
                switch item {
                case .text(let text):
                    output += text
                case .node(let node):
                    try count(node)
                    switch node {
                    case .scalar(let scalar):
                        output += OpenAPIYAMLConverter.scalarJSON(scalar)
                    case .alias:
                        output += "null"
                    case .sequence(let sequence):
                        guard !sequence.isEmpty else {
                            output += "[]"
                            continue
                        }
                        output += "["
                        work.append(.text("]"))
                        for (index, element) in sequence.enumerated().reversed() {
                            work.append(.node(element))
                            if index > 0 { work.append(.text(",")) }
                        }
                    case .mapping(let mapping):
                        let pairs = try self.pairs(of: mapping, keyDepth: keyDepth, mergeDepth: 0)
                        guard !pairs.isEmpty else {
                            output += "{}"
                            continue
                        }
                        output += "{"
                        work.append(.text("}"))
                        for (index, pair) in pairs.enumerated().reversed() {
                            work.append(.node(pair.value))
                            work.append(.text((index > 0 ? "," : "") + JSONStringEncoder.quoted(pair.key) + ":"))
                        }
                    }
                }
                if output.utf8.count > byteLimit {
                    throw .notJSONOrYAML(
                        line: 1, column: 1,
                        reason: "the document expands to more than \(byteLimit >> 20) MB of JSON through its aliases")
                }
            }
        }

        private mutating func count(_ node: Node) throws(APIDescriptionError) {
            nodes += 1
            guard nodes > nodeLimit else { return }
            throw .notJSONOrYAML(
                line: node.mark?.line ?? 1, column: node.mark?.column ?? 1,
                reason: "the document's aliases expand to more than \(nodeLimit) values, which is refused")
        }

        /// The mapping's pairs with string keys, merge keys (`<<`) replaced by the pairs they
        /// bring that the mapping does not have itself.
        private mutating func pairs(of mapping: Node.Mapping, keyDepth: Int, mergeDepth: Int)
            throws(APIDescriptionError)
            -> [(key: String, value: Node)]
        {
            var own: [(key: String, value: Node)] = []
            var merged: [Node] = []
            for (key, value) in mapping {
                if case .scalar(let scalar) = key, scalar.string == "<<", scalar.style == .plain || scalar.style == .any
                {
                    merged.append(value)
                    continue
                }
                try count(key)
                own.append((try keyText(key, depth: keyDepth), value))
            }
            guard !merged.isEmpty, mergeDepth < 32 else { return own }
            var seen = Set(own.map(\.key))
            for value in merged {
                var sources: [Node.Mapping] = []
                switch value {
                case .mapping(let source): sources = [source]
                case .sequence(let sequence): sources = sequence.compactMap(\.mapping)
                default: break
                }
                for source in sources {
                    for pair in try pairs(of: source, keyDepth: keyDepth, mergeDepth: mergeDepth + 1)
                    where seen.insert(pair.key).inserted {
                        own.append(pair)
                    }
                }
            }
            return own
        }

        /// A key as a string: a scalar's text, any other node's JSON text.
        private mutating func keyText(_ key: Node, depth: Int) throws(APIDescriptionError) -> String {
            if case .scalar(let scalar) = key { return scalar.string }
            guard depth < 16 else {
                throw .notJSONOrYAML(
                    line: key.mark?.line ?? 1, column: key.mark?.column ?? 1,
                    reason: "keys are nested too deeply in keys")
            }
            var inner = Emitter(nodeLimit: nodeLimit - nodes, byteLimit: byteLimit)
            try inner.emit(key, keyDepth: depth + 1)
            nodes += inner.nodes
            return inner.output
        }
    }
}
