import Yams

/// The YAML form of a request's ``RequestChecks``, the keys after the request in a request file:
///
/// ```yaml
/// capture:
///   - token: $.token
///   - etag: header ETag
/// assert:
///   - status == 200
///   - $.items count >= 1
/// retry:
///   count: 10
///   interval: 500ms
/// fresh: 10m
/// ```
///
/// `capture` is written as a list of one-pair mappings (order kept, names may not repeat);
/// reading also takes a plain mapping. `assert` is a list of lines. `retry` is a mapping of
/// `count` and `interval` (`interval` defaults to 1s). Durations are ``DurationText``.
enum RequestChecksYAML {
    /// The keys, in the order they are written.
    static let keys = ["capture", "assert", "retry", "fresh"]

    /// The lines for `checks`; empty when there are none.
    static func encode(_ checks: RequestChecks) -> String {
        var text = ""
        if !checks.captures.isEmpty {
            text += "capture:\n"
            for capture in checks.captures {
                text += "  - \(YAMLScalar.inline(capture.name)): \(YAMLScalar.inline(capture.query))\n"
            }
        }
        if !checks.assertions.isEmpty {
            text += "assert:\n"
            for assertion in checks.assertions {
                text += "  - \(YAMLScalar.inline(assertion))\n"
            }
        }
        if let retry = checks.retry {
            text += "retry:\n  count: \(retry.count)\n  interval: \(DurationText.format(retry.interval))\n"
        }
        if let fresh = checks.freshFor {
            text += "fresh: \(DurationText.format(fresh))\n"
        }
        return text
    }

    /// Reads the value of `key` (one of ``keys``) into `checks`.
    static func decode(
        key: String, value: Node, line: Int?, source: YAMLDocument.Source, into checks: inout RequestChecks
    ) throws(YAMLDocument.Problem) {
        let at = value.mark?.line ?? line
        switch key {
        case "capture":
            checks.captures = try captures(value, line: at, source: source)
        case "assert":
            checks.assertions = try lines(value, key: key, line: at, source: source)
        case "retry":
            checks.retry = try retry(value, line: at, source: source)
        default:
            checks.freshFor = try duration(value, key: key, line: at, source: source)
        }
    }

    private static func captures(
        _ node: Node, line: Int?, source: YAMLDocument.Source
    ) throws(YAMLDocument.Problem) -> [CaptureRule] {
        if YAMLDocument.isNull(node) { return [] }
        var pairs: [(Node, Node)] = []
        if let mapping = node.mapping {
            pairs = mapping.map { ($0.key, $0.value) }
        } else if let sequence = node.sequence {
            for item in sequence {
                guard let pair = item.mapping, pair.count == 1, let (name, value) = pair.first else {
                    throw YAMLDocument.Problem(
                        line: item.mark?.line ?? line, reason: "each capture must be “name: query” (token: $.token)")
                }
                pairs.append((name, value))
            }
        } else {
            throw YAMLDocument.Problem(
                line: line,
                reason: "“capture” must be a list (- token: $.token) or a mapping, not "
                    + YAMLDocument.kindName(of: node))
        }
        var seen: Set<String> = []
        var captures: [CaptureRule] = []
        for (nameNode, valueNode) in pairs {
            let at = nameNode.mark?.line ?? line
            guard let name = source.text(of: nameNode), Template.isVariableName(name) else {
                throw YAMLDocument.Problem(
                    line: at,
                    reason: "a capture's name must be letters, digits, “_”, “-” and “.” (token, user.id)")
            }
            guard seen.insert(name).inserted else {
                throw YAMLDocument.Problem(line: at, reason: "the capture “\(name)” is given twice")
            }
            guard let query = source.text(of: valueNode), !query.isEmpty, !query.contains(where: \.isNewline) else {
                throw YAMLDocument.Problem(
                    line: valueNode.mark?.line ?? at, reason: "the capture “\(name)” needs a query on one line")
            }
            do {
                _ = try RunQuery.parse(query)
            } catch {
                throw YAMLDocument.Problem(
                    line: valueNode.mark?.line ?? at, reason: "the capture “\(name)”: \(error.reason)",
                    column: valueNode.mark.map { $0.column + error.column - 1 })
            }
            captures.append(CaptureRule(name: name, query: query))
        }
        return captures
    }

    private static func lines(
        _ node: Node, key: String, line: Int?, source: YAMLDocument.Source
    ) throws(YAMLDocument.Problem) -> [String] {
        if YAMLDocument.isNull(node) { return [] }
        if source.text(of: node) != nil {
            throw YAMLDocument.Problem(line: line, reason: "“\(key)” must be a list of lines (- status == 200)")
        }
        guard let sequence = node.sequence else {
            throw YAMLDocument.Problem(
                line: line,
                reason: "“\(key)” must be a list of lines (- status == 200), not " + YAMLDocument.kindName(of: node))
        }
        var result: [String] = []
        for item in sequence {
            guard let text = source.text(of: item) else {
                throw YAMLDocument.Problem(
                    line: item.mark?.line ?? line,
                    reason: "each entry of “\(key)” must be one line of text, not " + YAMLDocument.kindName(of: item)
                        + " (quote a line that holds “: ” or starts with “{” or “[”)")
            }
            result.append(try oneLine(text, key: key, line: item.mark?.line ?? line))
            do {
                _ = try RunAssertion.parse(text)
            } catch {
                throw YAMLDocument.Problem(
                    line: item.mark?.line ?? line, reason: "the assertion “\(text)”: \(error.reason)",
                    column: item.mark.map { $0.column + error.column - 1 })
            }
        }
        return result
    }

    private static func oneLine(_ text: String, key: String, line: Int?) throws(YAMLDocument.Problem) -> String {
        guard !text.contains(where: \.isNewline), !text.trimmingCharacters(in: [" ", "\t"]).isEmpty else {
            throw YAMLDocument.Problem(line: line, reason: "each entry of “\(key)” must be one non-empty line")
        }
        return text
    }

    private static func retry(
        _ node: Node, line: Int?, source: YAMLDocument.Source
    ) throws(YAMLDocument.Problem) -> RetryRule? {
        if YAMLDocument.isNull(node) { return nil }
        guard let mapping = node.mapping else {
            throw YAMLDocument.Problem(
                line: line,
                reason: "“retry” must be a mapping of count: and interval:, not " + YAMLDocument.kindName(of: node))
        }
        var count: Int?
        var interval = Duration.seconds(1)
        for (keyNode, value) in mapping {
            let key = YAMLDocument.text(of: keyNode) ?? ""
            let at = value.mark?.line ?? keyNode.mark?.line ?? line
            switch key {
            case "count":
                guard let text = source.text(of: value), let number = Int(text), (0...10_000).contains(number) else {
                    throw YAMLDocument.Problem(line: at, reason: "“count” must be a whole number from 0 to 10000")
                }
                count = number
            case "interval":
                interval = try duration(value, key: key, line: at, source: source)
            default:
                throw YAMLDocument.Problem(line: at, reason: "unknown key “\(key)” in “retry” (known: count, interval)")
            }
        }
        guard let count else { throw YAMLDocument.Problem(line: line, reason: "“retry” needs a count (count: 10)") }
        return RetryRule(count: count, interval: interval)
    }

    private static func duration(
        _ node: Node, key: String, line: Int?, source: YAMLDocument.Source
    ) throws(YAMLDocument.Problem) -> Duration {
        guard let text = source.text(of: node), let duration = DurationText.parse(text) else {
            throw YAMLDocument.Problem(
                line: line, reason: "“\(key)” must be a duration such as 500ms, 2s, 10m or 1h")
        }
        return duration
    }
}
