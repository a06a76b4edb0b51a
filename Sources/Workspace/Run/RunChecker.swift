import Foundation
import OrderedJSON
import Safety

/// Checks assertions against an answer and takes captured values from it. Pure: no I/O besides
/// the context's file reader.
public enum RunChecker {
    /// The longest value text shown in a message.
    static let shownWidth = 200

    /// The outcome of `assertion` for `response`.
    public static func check(
        _ assertion: RunAssertion, in response: RunResponse, context: RunCheckContext
    ) -> AssertionOutcome {
        switch assertion.kind {
        case .schema(let file):
            return checkSchema(assertion.source, file: file, response: response, context: context)
        case .compare(let query, let filter, let negated, let predicate, let value):
            var (actual, path) = located(query, in: response)
            if let filter { actual = apply(filter, to: actual) }
            var expected: RunValue?
            var differences: [String] = []
            if let value {
                do {
                    if let file = RunExpectedValue.filePath(value) {
                        let data = try context.readFile(try context.fill(file))
                        expected = fileValue(data)
                        if predicate == .equal || predicate == .notEqual {
                            differences = bodyDifferences(data, response: response, query: query)
                        }
                    } else {
                        expected = try RunExpectedValue.value(value, fill: context.fill)
                    }
                } catch {
                    return AssertionOutcome(
                        source: assertion.source, passed: false, expected: value,
                        actual: "no comparison: \(describe(error))", path: path)
                }
            }
            if case .body = query, filter == nil, let document = response.document, let expected,
                !expected.isString
            {
                // A JSON body against a JSON value or file is compared as JSON, not as text.
                actual = RunValue(document, document.root)
            }
            var held = holds(predicate, actual: actual, expected: expected)
            if negated { held.toggle() }
            let words = (negated ? "not " : "") + predicate.rawValue + (expected.map { " " + shown($0) } ?? "")
            return AssertionOutcome(
                source: assertion.source, passed: held, expected: words, actual: shown(actual, query: query),
                path: path,
                differences: held ? [] : differences)
        }
    }

    /// The text `query` captures from `response`: a string's text without quotes, a number's
    /// text as sent, other JSON as sent, a header's value. Throws a sentence when there is
    /// nothing to capture.
    public static func capture(_ query: RunQuery, from response: RunResponse) throws(RunCaptureError) -> String {
        if case .jsonPath(let expression) = query, let document = response.document,
            let path = try? JSONPath(expression)
        {
            guard let node = path.select(in: document).first else {
                throw RunCaptureError(reason: "nothing at \(expression)")
            }
            if document.kind(node.entry) == .string { return document.string(node.entry) ?? "" }
            return document.rawText(node.entry)
        }
        switch value(of: query, in: response) {
        case .nothing:
            switch query {
            case .jsonPath(let expression):
                throw RunCaptureError(reason: "the body is not JSON, so \(expression) has no value")
            case .header(let name): throw RunCaptureError(reason: "the answer has no header \(name)")
            case .cookie(let name): throw RunCaptureError(reason: "the answer sets no cookie \(name)")
            case .regex(let pattern): throw RunCaptureError(reason: "the body has no match for \(pattern)")
            default: throw RunCaptureError(reason: "the answer has no \(query)")
            }
        case .string(let text), .number(let text): return text
        case let other: return other.json
        }
    }

    // MARK: Values

    static func value(of query: RunQuery, in response: RunResponse) -> RunValue {
        located(query, in: response).value
    }

    /// The value `query` finds in `response`, and where, for messages: a JSONPath's normalized
    /// path when it is singular (the expression otherwise), the query for headers and the like,
    /// nil for the body. The path is parsed and run once for both.
    private static func located(_ query: RunQuery, in response: RunResponse) -> (value: RunValue, location: String?) {
        switch query {
        case .status: return (.number(String(response.status)), query.description)
        case .header(let name):
            let values = response.headerValues(name)
            return (values.isEmpty ? .nothing : .string(values.joined(separator: ", ")), query.description)
        case .cookie(let name): return (response.cookie(name).map(RunValue.string) ?? .nothing, query.description)
        case .body: return (.string(response.bodyText), nil)
        case .duration: return (.number(String(Int(response.milliseconds.rounded()))), query.description)
        case .url: return (.string(response.url), query.description)
        case .jsonPath(let expression):
            guard let document = response.document, let path = try? JSONPath(expression) else {
                return (.nothing, expression)
            }
            let nodes = path.select(in: document)
            if path.isSingular {
                guard let node = nodes.first else { return (.nothing, expression) }
                return (RunValue(document, node.entry), node.normalizedPath)
            }
            return (.list(nodes.map { RunValue(document, $0.entry) }), expression)
        case .regex(let pattern):
            guard let regex = try? RegexPattern.compile(pattern),
                let match = try? regex.firstMatch(in: response.bodyText)
            else {
                return (.nothing, query.description)
            }
            let group = match.output.count > 1 ? match.output[1].substring : match.output[0].substring
            return (group.map { .string(String($0)) } ?? .nothing, query.description)
        }
    }

    private static func apply(_ filter: RunFilter, to value: RunValue) -> RunValue {
        switch (filter, value) {
        case (_, .nothing): return .nothing
        case (.type, _): return .string(value.typeName)
        case (.length, .string(let text)): return .number(String(text.count))
        case (_, .array(let items)), (_, .list(let items)): return .number(String(items.count))
        case (_, .object(let members)): return .number(String(members.count))
        case (_, .string(let text)): return .number(String(text.count))
        default: return .nothing
        }
    }

    private static func holds(_ predicate: RunPredicate, actual: RunValue, expected: RunValue?) -> Bool {
        switch predicate {
        case .exists:
            if case .list(let items) = actual { return !items.isEmpty }
            return actual != .nothing
        case .isEmpty:
            switch actual {
            case .string(let text): return text.isEmpty
            case .array(let items), .list(let items): return items.isEmpty
            case .object(let members): return members.isEmpty
            default: return false
            }
        default: break
        }
        guard let expected, actual != .nothing || expected == .nothing else { return false }
        let single: RunValue
        if case .list(let items) = actual, items.count == 1 { single = items[0] } else { single = actual }
        switch predicate {
        case .equal:
            if case .string("integer") = expected, case .string("number") = single { return false }
            if case .string("number") = expected, case .string("integer") = single { return true }
            return single.equals(expected)
        case .notEqual:
            if case .string("number") = expected, case .string("integer") = single { return false }
            return !single.equals(expected)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: ComparisonResult
            if let a = single.numeric, let b = expected.numeric, case .number = expected {
                order = a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
            } else if let a = single.numeric, let b = expected.numeric, case .number = single {
                order = a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
            } else if case .string(let a) = single, case .string(let b) = expected {
                order =
                    a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
                    ? .orderedAscending : (a == b ? .orderedSame : .orderedDescending)
            } else {
                return false
            }
            switch predicate {
            case .less: return order == .orderedAscending
            case .lessOrEqual: return order != .orderedDescending
            case .greater: return order == .orderedDescending
            default: return order != .orderedAscending
            }
        case .contains:
            switch actual {
            case .array(let items), .list(let items): return items.contains { $0.equals(expected) }
            case .object(let members):
                if case .string(let key) = expected { return members.contains { $0.0 == key } }
                return false
            default:
                guard let text = single.text, let part = expected.text else { return false }
                return text.contains(part)
            }
        case .startsWith:
            guard let text = single.text, let part = expected.text else { return false }
            return text.hasPrefix(part)
        case .endsWith:
            guard let text = single.text, let part = expected.text else { return false }
            return text.hasSuffix(part)
        case .matches:
            guard let text = single.text, let pattern = expected.text, let regex = try? RegexPattern.compile(pattern)
            else {
                return false
            }
            return (try? regex.firstMatch(in: text)) != nil
        case .exists, .isEmpty:
            return false
        }
    }

    // MARK: Files and schemas

    /// A file's bytes as the value to compare with: JSON when the file is JSON, else its text.
    private static func fileValue(_ data: Data) -> RunValue {
        if let document = try? JSONDocument(data: data) {
            return RunValue(document, document.root)
        }
        return .string(String(decoding: data, as: UTF8.self))
    }

    /// The differences between a JSON file and the JSON at the query, by path.
    private static func bodyDifferences(_ data: Data, response: RunResponse, query: RunQuery) -> [String] {
        guard let expected = try? JSONDocument(data: data), let document = response.document else { return [] }
        var actualDocument = document
        if case .jsonPath(let expression) = query {
            guard let path = try? JSONPath(expression), let node = path.select(in: document).first,
                let sub = try? JSONDocument(document.rawText(node.entry))
            else { return [] }
            actualDocument = sub
        } else if case .body = query {
        } else {
            return []
        }
        let diff = JSONDiff.compare(expected, actualDocument, limit: 50)
        var lines = diff.changes.map { change -> String in
            let old = change.oldText.map { OneLine.clip($0, width: 80) } ?? "nothing"
            let new = change.newText.map { OneLine.clip($0, width: 80) } ?? "nothing"
            return "\(change.path): expected \(old), actual \(new)"
        }
        if diff.isTruncated || diff.totalCount > lines.count {
            lines.append("… \(diff.totalCount - lines.count) more")
        }
        return lines
    }

    private static func checkSchema(
        _ source: String, file: String?, response: RunResponse, context: RunCheckContext
    ) -> AssertionOutcome {
        func outcome(_ passed: Bool, _ expected: String, _ actual: String, _ differences: [String] = [])
            -> AssertionOutcome
        {
            AssertionOutcome(
                source: source, passed: passed, expected: expected, actual: actual, path: nil, differences: differences)
        }
        guard let document = response.document else {
            return outcome(false, "a JSON body", response.body.isEmpty ? "no body" : "a body that is not JSON")
        }
        if let file {
            do {
                let path = try context.fill(file)
                let schema = try JSONDocument(data: try context.readFile(path))
                let validator = try JSONSchemaValidator(document: schema, dialect: .draft2020_12)
                let result = validator.validate(document, maximumViolations: 20)
                return outcome(
                    result.isValid, "valid against \(path)",
                    result.isValid ? "valid" : "\(result.violations.count)\(result.isTruncated ? "+" : "") violations",
                    result.violations.map(\.description))
            } catch {
                return outcome(false, "valid against \(file)", "no check: \(describe(error))")
            }
        }
        guard let describedCheck = context.describedCheck else {
            return outcome(
                false, "valid against the API description",
                "no check: the run has no API description (give one with --openapi)")
        }
        guard let check = describedCheck(response) else {
            return outcome(false, "valid against the API description", "no check: the request is no operation of it")
        }
        switch check.verdict {
        case .valid:
            return outcome(true, "valid against \(check.operationID)", "valid")
        case .violations(let violations, let truncated):
            return outcome(
                false, "valid against \(check.operationID)",
                "\(violations.count)\(truncated ? "+" : "") violations", violations.map(\.description))
        default:
            return outcome(false, "valid against \(check.operationID)", check.summary)
        }
    }

    // MARK: Text

    private static func shown(_ value: RunValue, query: RunQuery? = nil) -> String {
        if case .header(let name) = query, SecretMasker.isSecretHeader(name), case .string(let text) = value {
            return JSONStringEncoder.quoted(SecretMasker.maskHeader(name: name, value: text))
        }
        return OneLine.clip(value.json, width: shownWidth)
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? UnresolvedVariablesError { return error.message }
        if let error = error as? CocoaError, let path = error.filePath {
            return "could not read \(path)"
        }
        return String(describing: error)
    }
}
