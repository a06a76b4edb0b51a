/// One assertion line, read: `QUERY [FILTER] [not] PREDICATE [VALUE]`, or `schema` /
/// `schema "file.json"`.
///
/// ```text
/// status == 200
/// header Content-Type contains json
/// $.items count >= 1
/// $.user.name == "Ada"
/// $.id exists
/// $.tags not contains "beta"
/// $.price type == number
/// duration < 500
/// body == file "expected.json"
/// schema
/// ```
///
/// The value is a JSON literal (`200`, `"Ada"`, `true`, `null`, `[1, 2]`), a bare word (a
/// string: `json`), `{{variable}}` (filled in when the request runs; text inside `"…"` too), or
/// `file "PATH"` (the file's bytes; compared as JSON when both sides are JSON). See ``RunQuery``
/// for queries, ``RunFilter`` and ``RunPredicate`` for the rest.
public struct RunAssertion: Sendable, Hashable {
    /// What the line checks.
    public enum Kind: Sendable, Hashable {
        /// A query compared with a value.
        case compare(query: RunQuery, filter: RunFilter?, negated: Bool, predicate: RunPredicate, value: String?)
        /// The body against the operation's schema in the API description (nil), or a JSON
        /// Schema file.
        case schema(file: String?)
    }

    /// The line as written.
    public var source: String
    /// What it checks.
    public var kind: Kind

    /// Reads one line.
    public static func parse(_ line: String) throws(RunSyntaxError) -> RunAssertion {
        var scanner = RunLineScanner(line)
        let first = scanner
        if let word = try scanner.word(), word == "schema" {
            let at = scanner.column
            let file = try scanner.word().map { word throws(RunSyntaxError) in
                try RunLineScanner.unquoted(word, column: at)
            }
            guard scanner.isAtEnd else {
                throw RunSyntaxError(column: scanner.column, reason: "“schema” takes at most one file name")
            }
            return RunAssertion(source: line, kind: .schema(file: file))
        }
        scanner = first
        let query = try RunQuery.parse(&scanner)
        var column = scanner.column
        guard var word = try scanner.word() else {
            throw RunSyntaxError(column: column, reason: "a comparison is missing (==, !=, <, contains, exists, …)")
        }
        var filter: RunFilter?
        if let found = RunFilter(rawValue: word) {
            filter = found
            column = scanner.column
            guard let next = try scanner.word() else {
                throw RunSyntaxError(column: column, reason: "a comparison is missing after “\(found.rawValue)”")
            }
            word = next
        }
        var negated = false
        if word == "not" {
            negated = true
            column = scanner.column
            guard let next = try scanner.word() else {
                throw RunSyntaxError(column: column, reason: "a comparison is missing after “not”")
            }
            word = next
        }
        guard let predicate = RunPredicate(rawValue: word) else {
            let known = RunPredicate.allCases.map(\.rawValue).joined(separator: ", ")
            throw RunSyntaxError(column: column, reason: "“\(word)” is not a comparison (\(known))")
        }
        let valueColumn = scanner.column
        let value = scanner.rest()
        if predicate.takesValue {
            guard let value else {
                throw RunSyntaxError(column: valueColumn, reason: "“\(predicate.rawValue)” needs a value after it")
            }
            try RunExpectedValue.check(value, column: valueColumn)
        } else if value != nil {
            throw RunSyntaxError(column: valueColumn, reason: "“\(predicate.rawValue)” takes no value")
        }
        if predicate == .matches, let value, !value.contains("{{") {
            let pattern = RunValueText.decodeString(value) ?? value
            do {
                _ = try RegexPattern.compile(pattern)
            } catch {
                throw RunSyntaxError(column: valueColumn, reason: "the pattern is not a regular expression: \(error)")
            }
        }
        return RunAssertion(
            source: line,
            kind: .compare(query: query, filter: filter, negated: negated, predicate: predicate, value: value))
    }
}
