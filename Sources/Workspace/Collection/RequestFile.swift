import Yams

/// The YAML form of one saved request, in both directions.
///
/// ```yaml
/// name: Create a user
/// method: POST
/// url: "{{base}}/users"
/// headers:
///   - Content-Type: application/json
///   - X-Trace: "{{trace}}"
/// bodyKind: json
/// body: |
///   {"name": "Ada"}
/// ```
///
/// `bodyKind` is `json`, `text`, `form`, `multipart` (the body lists the parts, one a line in
/// curl's `-F` syntax: `photo=@~/a.png;type=image/png`) or `file` (the body is the path of the
/// file sent); the body is kept byte for byte whatever its kind, so a file reads back what was
/// written.
///
/// Reading accepts `headers` as a list of one-pair mappings (what is written), a list of
/// `"Name: value"` strings, a list of `{name:, value:}` mappings, or a plain mapping (which
/// cannot repeat a name). After the request come what a run does with the answer
/// (``RequestChecks``): `capture`, `assert`, `retry` and `fresh`. Every other key is an error,
/// so a typo never drops a field silently.
enum RequestFile {
    /// The keys a request file may have, in the order they are written.
    static let keys = ["name", "method", "url", "headers", "bodyKind", "body"] + RequestChecksYAML.keys

    /// What a request file holds.
    struct Decoded {
        /// The `name:` value, nil when the file has none.
        var name: String?
        /// The request.
        var definition: RequestDefinition
        /// Captures, assertions, retry and freshness.
        var checks: RequestChecks
    }

    /// The file text for a request.
    static func encode(name: String, definition: RequestDefinition, checks: RequestChecks = .none) -> String {
        var text = "name: \(YAMLScalar.inline(name))\n"
        text += "method: \(YAMLScalar.inline(definition.method))\n"
        text += "url: \(YAMLScalar.inline(definition.url))\n"
        if !definition.headers.isEmpty {
            text += "headers:\n"
            for header in definition.headers {
                text += "  - \(YAMLScalar.inline(header.name)): \(YAMLScalar.inline(header.value))\n"
            }
        }
        if let kind = definition.bodyKind {
            text += "bodyKind: \(kind.rawValue)\n"
        }
        if let body = definition.body {
            text += "body: \(YAMLScalar.block(body, indent: 0))\n"
        }
        return text + RequestChecksYAML.encode(checks)
    }

    /// The name (nil when the file has none), the request and its checks in `text`.
    static func decode(_ text: String) throws(YAMLDocument.Problem) -> Decoded {
        let source = YAMLDocument.Source(text)
        guard let root = try YAMLDocument.parse(text) else {
            throw YAMLDocument.Problem(line: nil, reason: "the file is empty; a request needs at least a “url”")
        }
        guard let mapping = root.mapping else {
            throw YAMLDocument.Problem(
                line: root.mark?.line,
                reason: "a request file must be a mapping of name:, method:, url:, headers: and body:, not "
                    + YAMLDocument.kindName(of: root))
        }
        var name: String?
        var method = "GET"
        var url: String?
        var headers: [HeaderField] = []
        var body: String?
        var bodyKind: RequestBodyKind?
        var checks = RequestChecks.none
        for (keyNode, value) in mapping {
            let key = YAMLDocument.text(of: keyNode) ?? ""
            let line = keyNode.mark?.line
            switch key {
            case "name":
                name = try singleLine(value, key: key, source: source)
            case "method":
                method = try singleLine(value, key: key, source: source).uppercased()
                guard !method.isEmpty, method.unicodeScalars.allSatisfy(isTokenCharacter) else {
                    throw YAMLDocument.Problem(
                        line: value.mark?.line ?? line,
                        reason: "“\(method)” is not a method (GET, POST, PUT, PATCH, DELETE, …)")
                }
            case "url":
                url = try singleLine(value, key: key, source: source)
            case "headers":
                headers = try decodeHeaders(value, line: line, source: source)
            case "body":
                if !YAMLDocument.isNull(value) { body = try scalar(value, key: key, source: source) }
            case "bodyKind":
                let raw = try scalar(value, key: key, source: source)
                guard let kind = RequestBodyKind(rawValue: raw) else {
                    let known = RequestBodyKind.allCases.map(\.rawValue).joined(separator: ", ")
                    throw YAMLDocument.Problem(
                        line: value.mark?.line ?? line, reason: "“\(raw)” is not a body kind (known: \(known))")
                }
                bodyKind = kind
            case _ where RequestChecksYAML.keys.contains(key):
                try RequestChecksYAML.decode(key: key, value: value, line: line, source: source, into: &checks)
            default:
                throw YAMLDocument.Problem(
                    line: line, reason: "unknown key “\(key)” (known: \(keys.joined(separator: ", ")))")
            }
        }
        guard let url, !url.isEmpty else {
            throw YAMLDocument.Problem(line: nil, reason: "the key “url” is missing")
        }
        let definition = RequestDefinition(
            method: method, url: url, headers: headers, body: body, bodyKind: bodyKind)
        return Decoded(name: name, definition: definition, checks: checks)
    }

    private static func decodeHeaders(
        _ node: Node, line: Int?, source: YAMLDocument.Source
    ) throws(YAMLDocument.Problem) -> [HeaderField] {
        if YAMLDocument.isNull(node) { return [] }
        if let mapping = node.mapping {
            var headers: [HeaderField] = []
            for (name, value) in mapping {
                headers.append(try header(name: name, value: value, source: source))
            }
            return headers
        }
        guard let sequence = node.sequence else {
            throw YAMLDocument.Problem(
                line: node.mark?.line ?? line,
                reason: "“headers” must be a list (- Name: value) or a mapping, not " + YAMLDocument.kindName(of: node))
        }
        var headers: [HeaderField] = []
        for item in sequence {
            if let text = source.text(of: item) {
                guard let colon = text.firstIndex(of: ":") else {
                    throw YAMLDocument.Problem(
                        line: item.mark?.line, reason: "the header “\(text)” has no “:” between name and value")
                }
                let name = text[..<colon].trimmingCharacters(in: [" ", "\t"])
                let value = text[text.index(after: colon)...].trimmingCharacters(in: [" ", "\t"])
                headers.append(try checked(HeaderField(name: name, value: value), line: item.mark?.line))
            } else if let pair = item.mapping, pair.count == 2,
                let name = pair["name"], let value = pair["value"]
            {
                headers.append(try header(name: name, value: value, source: source))
            } else if let pair = item.mapping, pair.count == 1, let (name, value) = pair.first {
                headers.append(try header(name: name, value: value, source: source))
            } else {
                throw YAMLDocument.Problem(
                    line: item.mark?.line,
                    reason: "each header must be “Name: value”, {Name: value} or {name: …, value: …}")
            }
        }
        return headers
    }

    private static func header(
        name: Node, value: Node, source: YAMLDocument.Source
    ) throws(YAMLDocument.Problem) -> HeaderField {
        guard let nameText = source.text(of: name) else {
            throw YAMLDocument.Problem(line: name.mark?.line, reason: "a header name must be text")
        }
        let valueText = YAMLDocument.isNull(value) ? "" : source.text(of: value)
        guard let valueText else {
            throw YAMLDocument.Problem(
                line: value.mark?.line ?? name.mark?.line,
                reason: "the value of header “\(nameText)” must be text, not " + YAMLDocument.kindName(of: value))
        }
        return try checked(HeaderField(name: nameText, value: valueText), line: name.mark?.line)
    }

    private static func checked(_ header: HeaderField, line: Int?) throws(YAMLDocument.Problem) -> HeaderField {
        guard !header.name.isEmpty else {
            throw YAMLDocument.Problem(line: line, reason: "a header has an empty name")
        }
        // Placeholders may hold `:` (`{{env:USER}}`) and spaces (`{{ name }}`).
        guard !Template(header.name).literalText.contains(where: { $0 == ":" || $0.isWhitespace }) else {
            throw YAMLDocument.Problem(line: line, reason: "the header name “\(header.name)” has a space or “:” in it")
        }
        guard !header.value.contains(where: \.isNewline) else {
            throw YAMLDocument.Problem(line: line, reason: "the value of header “\(header.name)” spans several lines")
        }
        return header
    }

    private static func scalar(
        _ node: Node, key: String, source: YAMLDocument.Source
    ) throws(YAMLDocument.Problem) -> String {
        guard let text = source.text(of: node) else {
            throw YAMLDocument.Problem(
                line: node.mark?.line,
                reason: "“\(key)” must be text, not \(YAMLDocument.kindName(of: node))"
                    + (key == "body" ? " (write the body as a block: “body: |” and the text indented below)" : ""))
        }
        return text
    }

    private static func singleLine(
        _ node: Node, key: String, source: YAMLDocument.Source
    ) throws(YAMLDocument.Problem) -> String {
        let text = YAMLDocument.isNull(node) ? "" : try scalar(node, key: key, source: source)
        guard !text.contains(where: \.isNewline) else {
            throw YAMLDocument.Problem(line: node.mark?.line, reason: "“\(key)” must be on one line")
        }
        return text
    }

    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
    }
}
