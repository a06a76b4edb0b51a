import Foundation
import Testing

@testable import OrderedJSON

@Suite("Invalid JSON is reported with line and column")
struct JSONSyntaxErrorTests {
    func error(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONDocument(text)
            return nil
        } catch {
            return error
        }
    }

    @Test("messages say where and what")
    func messages() {
        #expect(
            error("{\n  \"a\": 1,\n}")?.description
                == "Invalid JSON at line 3, column 1: expected a string key but found \"}\"")
        #expect(
            error("[1 2]")?.description == "Invalid JSON at line 1, column 4: expected \",\" or \"]\" but found \"2\"")
        #expect(error("{\"a\": tru}")?.reason == "expected true but found \"t\"")
        #expect(error("\"open")?.reason == "unterminated string")
        #expect(error("")?.reason == "expected a value but found end of input")
        #expect(
            error("  \n ")?.description == "Invalid JSON at line 2, column 2: expected a value but found end of input")
        #expect(error("[1,]")?.reason == "expected a value but found \"]\"")
        #expect(error("{\"a\" 1}")?.reason == "expected \":\" but found \"1\"")
        #expect(error("[1] x")?.reason == "unexpected \"x\" after the value")
        #expect(error("[\"a\u{1}\"]")?.reason == "control character in string (write it as an escape such as \\n)")
        #expect(error(#"["\x"]"#)?.reason == "invalid escape \\x")
        #expect(error(#"["\u12"]"#)?.reason == "expected 4 hex digits after \\u")
        #expect(error("[01]")?.reason == "expected \",\" or \"]\" but found \"1\"")
        #expect(error("[1.]")?.reason == "expected a digit after \".\"")
        #expect(error("[1e]")?.reason == "expected a digit in the exponent")
        #expect(error("[-]")?.reason == "expected a digit but found \"]\"")
        #expect(error("[\u{1B}]")?.reason == "expected a value but found \"U+001B\"")
        #expect(
            error("{\"é\": 1 é}")?.description
                == "Invalid JSON at line 1, column 9: expected \",\" or \"}\" but found \"é\"")
    }

    @Test("valid texts of every shape pass")
    func valid() {
        for text in ["{}", "[]", "0", "-0.5e+3", "\"\"", "true", "null", " [ {\"a\" : [ ] } ] ", "\"\\u00e9\""] {
            #expect(error(text) == nil, "\(text)")
        }
    }

    @Test("one-byte bodies")
    func oneByte() {
        #expect(error("1") == nil)
        #expect(error("{")?.reason == "expected a string key but found end of input")
        #expect(error("[")?.reason == "expected a value but found end of input")
        #expect(error("\"")?.reason == "unterminated string")
        #expect(error("x")?.reason == "expected a value but found \"x\"")
    }
}
