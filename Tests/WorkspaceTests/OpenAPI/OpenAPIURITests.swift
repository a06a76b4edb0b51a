import Foundation
import Testing

@testable import Workspace

@Suite("URI references and JSON Pointers in descriptions")
struct OpenAPIURITests {
    @Test("references resolved as RFC 3986 says")
    func resolution() {
        let base = "http://a/b/c/d;p?q"
        let cases = [
            "g": "http://a/b/c/g", "./g": "http://a/b/c/g", "g/": "http://a/b/c/g/", "/g": "http://a/g",
            "//g": "http://g", "?y": "http://a/b/c/d;p?y", "g?y": "http://a/b/c/g?y", "#s": "http://a/b/c/d;p?q#s",
            "": "http://a/b/c/d;p?q", ".": "http://a/b/c/", "..": "http://a/b/", "../g": "http://a/b/g",
            "../../g": "http://a/g", "../../../g": "http://a/g", "/./g": "http://a/g", "g.": "http://a/b/c/g.",
            "./../g": "http://a/b/g", "g;x=1/../y": "http://a/b/c/y", "https:g": "https:g",
        ]
        for (reference, expected) in cases {
            #expect(URIReference.resolve(reference, against: base).text == expected, "\(reference)")
        }
        #expect(
            URIReference.resolve("common.yaml#/A", against: "file:///specs/api.yaml").text
                == "file:///specs/common.yaml#/A")
        #expect(URIReference.resolve("../c.json", against: "").text == "c.json")
        #expect(URIReference.resolve("#/a", against: "").text == "#/a")
        #expect(URIReference("https://x.example:8443/a/b?c").origin == "https://x.example:8443")
        #expect(URIReference("/relative").origin == nil)
        #expect(URIReference("{scheme}://host/v1").scheme == nil)
    }

    @Test("pointers: ~0 and ~1, percent-decoded fragments, and what is not a pointer")
    func pointers() {
        #expect(JSONPointer.tokens("") == [])
        #expect(JSONPointer.tokens("/") == [""])
        #expect(JSONPointer.tokens("/paths/~1pets~1{id}/get") == ["paths", "/pets/{id}", "get"])
        #expect(JSONPointer.tokens("/a~0b/~01") == ["a~b", "~1"])
        #expect(JSONPointer.tokens("a/b") == nil)
        #expect(JSONPointer.tokens("/a~2") == nil)
        #expect(JSONPointer.tokens("/a~") == nil)
        #expect(JSONPointer.decoding(fragment: "/paths/~1pets~1%7BpetId%7D") == "/paths/~1pets~1{petId}")
        #expect(JSONPointer.decoding(fragment: "/bad%zz") == "/bad%zz")
        #expect(JSONPointer.escape("a/b~c") == "a~1b~0c")
    }

    @Test("a $ref with escapes and percent-encoding reaches its target")
    func escapedReference() throws {
        let text = """
            {"openapi": "3.0.0", "info": {"title": "t", "version": "1"},
             "paths": {"/pets/{id}": {"get": {"parameters": [{"name": "a/b~c", "in": "query"}], "responses": {}}},
               "/again": {"$ref": "#/paths/~1pets~1%7Bid%7D"}},
             "x-odd": {"a/b~c": {"name": "odd", "in": "header"}}}
            """
        let description = try APIDescription.parse(Data(text.utf8), sourceURL: nil, load: OpenAPIFixtures.noFiles)
        #expect(description.operations.map(\.path) == ["/pets/{id}", "/again"])
        #expect(description.warnings.isEmpty)
    }
}
