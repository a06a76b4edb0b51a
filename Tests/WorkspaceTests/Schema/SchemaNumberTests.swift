import Foundation
import OrderedJSON
import Testing

@testable import Workspace

@Suite("Schema numbers")
struct SchemaNumberTests {
    private func number(_ text: String) -> SchemaNumber { SchemaNumber(text)! }

    @Test("numbers compare by value whatever their text")
    func comparison() {
        #expect(SchemaNumber.compare(number("1"), number("1.0")) == 0)
        #expect(SchemaNumber.compare(number("10e-1"), number("1")) == 0)
        #expect(SchemaNumber.compare(number("-0"), number("0")) == 0)
        #expect(SchemaNumber.compare(number("0.1"), number("0.09999")) == 1)
        #expect(SchemaNumber.compare(number("-2"), number("-10")) == 1)
        #expect(
            SchemaNumber.compare(number("18446744073709551616"), number("18446744073709551615")) == 1)
        #expect(SchemaNumber.compare(number("1e400"), number("9e399")) == 1)
    }

    @Test("multipleOf is exact for decimals and large numbers")
    func multiples() {
        #expect(number("0.0075").isMultiple(of: number("0.0001")))
        #expect(number("19.99").isMultiple(of: number("0.01")))
        #expect(!number("0.00751").isMultiple(of: number("0.0001")))
        #expect(number("12391239123").isMultiple(of: number("1e-8")))
        #expect(!number("1e308").isMultiple(of: number("0.123456789")))
        #expect(number("123456789012345678901234567890").isMultiple(of: number("10")))
        #expect(!number("123456789012345678901234567891").isMultiple(of: number("3")))
    }

    @Test("bounds and multipleOf in schemas use exact values")
    func schemaNumbers() throws {
        let schema = try JSONDocument(#"{"multipleOf": 0.01, "maximum": 18446744073709551615}"#)
        let validator = try JSONSchemaValidator(document: schema, dialect: .draft2020_12)
        #expect(validator.validate(try JSONDocument("19.99")).isValid)
        #expect(validator.validate(try JSONDocument("18446744073709551615")).isValid)
        #expect(
            validator.validate(try JSONDocument("18446744073709551616")).violations.map(\.message) == [
                "18446744073709551616 is greater than the maximum 18446744073709551615"
            ])
        #expect(
            validator.validate(try JSONDocument("0.005")).violations.map(\.message) == [
                "0.005 is not a multiple of 0.01"
            ])
    }

    @Test("uniqueItems compares numbers by value and objects without regard to key order")
    func uniqueItems() throws {
        let validator = try JSONSchemaValidator(
            document: try JSONDocument(#"{"uniqueItems": true}"#), dialect: .draft2020_12)
        #expect(
            validator.validate(try JSONDocument(#"[{"a": 1, "b": [1.0]}, 2, {"b": [1], "a": 1.00}]"#)).violations.map(
                \.message) == ["items 0 and 2 are equal"])
        #expect(validator.validate(try JSONDocument(#"["a", "\u0061b", "ab", 1]"#)).violations.count == 1)
        #expect(validator.validate(try JSONDocument(#"[1, "1", true, null, {}, []]"#)).isValid)
    }
}
