import Foundation
import Testing

@testable import OrderedJSON

@Suite("Pretty-printing keeps every scalar's text")
struct JSONPrettyPrintingTests {
    @Test("indented one value per line, scalars and keys as sent")
    func layout() throws {
        let document = try JSONDocument(#"{"z":1.10,"a":[1e2,{},[ ]],"u":"http:\/\/x","a":null}"#)
        let expected = """
            {
              "z": 1.10,
              "a": [
                1e2,
                {},
                []
              ],
              "u": "http:\\/\\/x",
              "a": null
            }
            """
        #expect(document.prettyPrinted() == expected)
        #expect(try JSONDocument(expected).prettyPrinted() == expected)
    }

    @Test("a limit stops it")
    func limit() throws {
        let document = try JSONDocument("[" + (0..<1000).map(String.init).joined(separator: ",") + "]")
        #expect(document.prettyPrinted(limit: 100) == nil)
        #expect(try JSONDocument("7").prettyPrinted() == "7")
    }
}
