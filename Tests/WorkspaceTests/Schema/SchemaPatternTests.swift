import Foundation
import OrderedJSON
import Testing
import Workspace

/// `pattern` keywords: those that are I-Regexps run in linear time, the others on Swift's Regex.
@Suite("schema patterns")
struct SchemaPatternTests {
    @Test("a pattern with nested repetition over a long string finishes, with the right answer")
    func hostilePattern() throws {
        let schema = try JSONDocument(#"{"type": "string", "pattern": "^(a*)*b$"}"#)
        let validator = try JSONSchemaValidator(document: schema, dialect: .draft2020_12)
        let long = try JSONDocument("\"" + String(repeating: "a", count: 30_000) + "\"")
        #expect(!validator.isValid(long), "no b at the end")
        let matching = try JSONDocument("\"" + String(repeating: "a", count: 30_000) + "b\"")
        #expect(validator.isValid(matching))
    }

    @Test("ECMA-only syntax still works through Swift's Regex; unanchored patterns search")
    func ecmaPatterns() throws {
        let schema = try JSONDocument(
            #"{"properties": {"d": {"pattern": "\\d{3}"}, "g": {"pattern": "(?:ab)+"}, "s": {"pattern": "[0-9]"}}}"#)
        let validator = try JSONSchemaValidator(document: schema, dialect: .draft2020_12)
        #expect(validator.isValid(try JSONDocument(#"{"d": "x123y", "g": "zabab", "s": "a1"}"#)))
        let result = validator.validate(try JSONDocument(#"{"d": "12", "g": "ba", "s": "abc"}"#))
        #expect(Set(result.violations.map(\.instanceLocation)) == ["$['d']", "$['g']", "$['s']"])
    }

    @Test("LinearRegex: I-Regexps compile, other syntax does not; whole match and search")
    func linearRegex() throws {
        let digits = try #require(LinearRegex("[0-9]+"))
        #expect(digits.search(in: "HMK-0001") && !digits.wholeMatch("12a") && digits.wholeMatch("12"))
        #expect(LinearRegex(#"\d+"#) == nil && LinearRegex("(?:a)") == nil && LinearRegex("a{2,1}") == nil)
        let anchored = try #require(LinearRegex("^HMK-[0-9]{4}$"))
        #expect(anchored.search(in: "HMK-0001") && !anchored.search(in: "xHMK-0001"))
    }
}
