import Foundation
import Testing

@testable import Workspace

/// Assertion and capture lines are read into queries, filters and predicates, and a bad line is
/// refused with its column.
@Suite("Assertion lines are read, and bad ones refused with their column")
struct RunAssertionParsingTests {
    @Test(
        "each query, filter, negation and predicate is read",
        arguments: [
            ("status == 200", RunQuery.status, nil as RunFilter?, false, RunPredicate.equal, "200" as String?),
            ("header Content-Type contains json", .header("Content-Type"), nil, false, .contains, "json"),
            ("header \"X Trace\" exists", .header("X Trace"), nil, false, .exists, nil),
            ("cookie session startsWith abc", .cookie("session"), nil, false, .startsWith, "abc"),
            ("$.items count >= 1", .jsonPath("$.items"), .count, false, .greaterOrEqual, "1"),
            ("$.user.name == \"Ada Lovelace\"", .jsonPath("$.user.name"), nil, false, .equal, "\"Ada Lovelace\""),
            ("$[?@.price < 10] count == 2", .jsonPath("$[?@.price < 10]"), .count, false, .equal, "2"),
            ("jsonpath \"$['a b']\" type == string", .jsonPath("$['a b']"), .type, false, .equal, "string"),
            ("$.id not exists", .jsonPath("$.id"), nil, true, .exists, nil),
            ("$.tags not contains \"beta\"", .jsonPath("$.tags"), nil, true, .contains, "\"beta\""),
            ("duration < 500", .duration, nil, false, .less, "500"),
            ("body == file \"expected.json\"", .body, nil, false, .equal, "file \"expected.json\""),
            ("regex \"id=(\\\\d+)\" == 42", .regex("id=(\\d+)"), nil, false, .equal, "42"),
            ("url endsWith /users", .url, nil, false, .endsWith, "/users"),
            ("$.list isEmpty", .jsonPath("$.list"), nil, false, .isEmpty, nil),
            ("$.a == [1, 2, {\"b\": null}]", .jsonPath("$.a"), nil, false, .equal, "[1, 2, {\"b\": null}]"),
            ("$.name matches \"^A.*\"", .jsonPath("$.name"), nil, false, .matches, "\"^A.*\""),
            ("$.id == {{userId}}", .jsonPath("$.id"), nil, false, .equal, "{{userId}}"),
        ])
    func reads(
        line: String, query: RunQuery, filter: RunFilter?, negated: Bool, predicate: RunPredicate, value: String?
    ) throws {
        let assertion = try RunAssertion.parse(line)
        #expect(assertion.source == line)
        #expect(
            assertion.kind
                == .compare(query: query, filter: filter, negated: negated, predicate: predicate, value: value))
    }

    @Test("schema with and without a file")
    func schema() throws {
        #expect(try RunAssertion.parse("schema").kind == .schema(file: nil))
        #expect(try RunAssertion.parse("schema \"user schema.json\"").kind == .schema(file: "user schema.json"))
        #expect(try RunAssertion.parse("schema user.json").kind == .schema(file: "user.json"))
    }

    @Test(
        "bad lines name the column and what is wrong",
        arguments: [
            ("", 1, "a query is missing"),
            ("stauts == 200", 1, "“stauts” is not a query"),
            ("status", 7, "a comparison is missing"),
            ("status =< 200", 8, "“=<” is not a comparison"),
            ("status ==", 10, "“==” needs a value"),
            ("$.id exists 3", 13, "“exists” takes no value"),
            ("$.a[ == 1", 6, "invalid JSONPath"),
            ("header", 7, "“header” needs a header name"),
            ("$.a == \"open", 8, "unterminated string"),
            ("$.a == [1,", 8, "not valid JSON"),
            ("$.a matches \"(\"", 13, "not a regular expression"),
            ("$.a count", 10, "a comparison is missing after “count”"),
            ("schema a.json b.json", 15, "at most one file"),
            ("body == file", 9, "“file” needs a path"),
        ])
    func refused(line: String, column: Int, reason: String) {
        #expect {
            try RunAssertion.parse(line)
        } throws: { error in
            guard let error = error as? RunSyntaxError else { return false }
            return error.column == column && error.reason.contains(reason)
        }
    }

    @Test("a pattern nested thousands deep is refused, not a stack overflow")
    func deepPattern() {
        let deep = String(repeating: "[", count: 5000)
        #expect {
            try RunAssertion.parse("regex \"a\(deep)\" exists")
        } throws: { error in
            (error as? RunSyntaxError)?.reason.contains("nest more than 100 deep") == true
        }
        #expect(throws: RunSyntaxError.self) { try RunAssertion.parse("$.a matches \"\(deep)\"") }
    }

    @Test("a capture takes exactly one query")
    func captures() throws {
        #expect(try RunQuery.parse("$.token") == .jsonPath("$.token"))
        #expect(try RunQuery.parse("header ETag") == .header("ETag"))
        #expect(try RunQuery.parse("status") == .status)
        #expect(throws: RunSyntaxError.self) { try RunQuery.parse("$.token == 1") }
        #expect(throws: RunSyntaxError.self) { try RunQuery.parse("nothing") }
    }

    @Test("a query reads back from its description")
    func descriptions() throws {
        for query in [
            RunQuery.status, .header("X-Trace"), .header("A B"), .cookie("sid"), .body, .duration, .url,
            .jsonPath("$.a"), .jsonPath("$[?@.a == 1]"), .regex("a\"b(\\d)"),
            // A quote with a combining mark, a single quote, control characters: quoted.
            .header("\u{059E}\u{FFFD}x]t\u{0}=a"), .header("\"\u{059E}x"), .header("a'b"), .cookie("x\u{0B}y"),
        ] {
            #expect(try RunQuery.parse(query.description) == query, "\(query.description)")
        }
    }
}
