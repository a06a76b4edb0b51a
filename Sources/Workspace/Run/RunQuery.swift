import OrderedJSON

/// What an assertion or capture looks at in an answer.
///
/// | written | the value |
/// |---|---|
/// | `status` | the status code (`200`) |
/// | `header NAME` | the header's value (any case; repeated headers joined with `, `) |
/// | `cookie NAME` | the value of the cookie `NAME` set by the answer (`Set-Cookie`) |
/// | `body` | the body as text |
/// | `duration` | milliseconds from sending to the last byte |
/// | `url` | the URL that answered (after redirects) |
/// | `$.items[0].id`, `jsonpath "$.a b"` | the values at an RFC 9535 JSONPath in the JSON body |
/// | `regex "id=(\d+)"` | the first group (or the whole match) of the first match in the body |
public enum RunQuery: Sendable, Hashable, CustomStringConvertible {
    /// The status code.
    case status
    /// A header, by name.
    case header(String)
    /// A cookie set by the answer, by name.
    case cookie(String)
    /// The body as text.
    case body
    /// The time taken, in milliseconds.
    case duration
    /// The final URL.
    case url
    /// A JSONPath in the JSON body; the expression as written.
    case jsonPath(String)
    /// A regular expression on the body text.
    case regex(String)

    /// Reads a query that is the whole of `text` (a capture's query).
    public static func parse(_ text: String) throws(RunSyntaxError) -> RunQuery {
        var scanner = RunLineScanner(text)
        let query = try parse(&scanner)
        if !scanner.isAtEnd {
            throw RunSyntaxError(column: scanner.column, reason: "a capture takes one query; this is left over")
        }
        return query
    }

    /// Reads a query from the scanner's position.
    static func parse(_ scanner: inout RunLineScanner) throws(RunSyntaxError) -> RunQuery {
        let column = scanner.column
        guard let word = try scanner.word() else {
            throw RunSyntaxError(column: column, reason: "a query is missing (status, header NAME, $.path, body, …)")
        }
        func argument(_ what: String) throws(RunSyntaxError) -> String {
            let at = scanner.column
            guard let next = try scanner.word() else {
                throw RunSyntaxError(column: at, reason: "“\(word)” needs \(what)")
            }
            return try RunLineScanner.unquoted(next, column: at)
        }
        switch word {
        case "status": return .status
        case "body": return .body
        case "duration": return .duration
        case "url": return .url
        case "header": return .header(try argument("a header name (header Content-Type)"))
        case "cookie": return .cookie(try argument("a cookie name (cookie session)"))
        case "regex":
            let at = scanner.column
            let pattern = try argument("a pattern (regex \"id=(\\\\d+)\")")
            do {
                _ = try RegexPattern.compile(pattern)
            } catch {
                throw RunSyntaxError(column: at, reason: "the pattern is not a regular expression: \(error)")
            }
            return .regex(pattern)
        case "jsonpath":
            let at = scanner.column
            let expression = try argument("a JSONPath (jsonpath \"$.id\")")
            return .jsonPath(try checkedPath(expression, column: at))
        case _ where word.hasPrefix("$"):
            return .jsonPath(try checkedPath(word, column: column))
        default:
            throw RunSyntaxError(
                column: column,
                reason: "“\(word)” is not a query (status, header NAME, cookie NAME, body, duration, url, $.path, "
                    + "regex \"…\")")
        }
    }

    private static func checkedPath(_ expression: String, column: Int) throws(RunSyntaxError) -> String {
        do {
            _ = try JSONPath(expression)
        } catch {
            throw RunSyntaxError(column: column + error.column - 1, reason: "invalid JSONPath: \(error.reason)")
        }
        return expression
    }

    /// The query as it is written.
    public var description: String {
        switch self {
        case .status: return "status"
        case .header(let name): return "header \(RunValueText.word(name))"
        case .cookie(let name): return "cookie \(RunValueText.word(name))"
        case .body: return "body"
        case .duration: return "duration"
        case .url: return "url"
        case .jsonPath(let expression):
            return expression.contains(where: { $0 == " " || $0 == "\t" })
                ? "jsonpath \(JSONStringEncoder.quoted(expression))" : expression
        case .regex(let pattern): return "regex \(JSONStringEncoder.quoted(pattern))"
        }
    }
}
