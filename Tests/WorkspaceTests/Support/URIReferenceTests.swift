import Testing

@testable import Workspace

@Suite("URI references (RFC 3986)")
struct URIReferenceTests {
    @Test("the rest of the RFC 3986 §5.4 examples")
    func rfcExamples() {
        let base = "http://a/b/c/d;p?q"
        let cases = [
            "g:h": "g:h", "g?y#s": "http://a/b/c/g?y#s", ";x": "http://a/b/c/;x", "g;x": "http://a/b/c/g;x",
            "g;x?y#s": "http://a/b/c/g;x?y#s", "g#s": "http://a/b/c/g#s", "./": "http://a/b/c/",
            "../": "http://a/b/", "../..": "http://a/", "../../": "http://a/", "../../../../g": "http://a/g",
            "/../g": "http://a/g", ".g": "http://a/b/c/.g", "g..": "http://a/b/c/g..", "..g": "http://a/b/c/..g",
            "./g/.": "http://a/b/c/g/", "g/./h": "http://a/b/c/g/h", "g/../h": "http://a/b/c/h",
            "g;x=1/./y": "http://a/b/c/g;x=1/y", "g?y/./x": "http://a/b/c/g?y/./x",
            "g?y/../x": "http://a/b/c/g?y/../x", "g#s/./x": "http://a/b/c/g#s/./x",
            "g#s/../x": "http://a/b/c/g#s/../x", "http:g": "http:g",
        ]
        for (reference, expected) in cases {
            #expect(URIReference.resolve(reference, against: base).text == expected, "\(reference)")
        }
    }

    @Test("parts, fragments and bases without a scheme or a path")
    func partsAndBases() {
        let uri = URIReference("urn:example:schema?x#/$defs/a")
        #expect(uri.scheme == "urn")
        #expect(uri.authority == nil)
        #expect(uri.path == "example:schema")
        #expect(uri.query == "x")
        #expect(uri.fragment == "/$defs/a")
        #expect(uri.withoutFragment.text == "urn:example:schema?x")
        #expect(URIReference("a/b:c").scheme == nil)
        #expect(URIReference("//host").authority == "host")
        #expect(URIReference("https://h/x#f").isAbsolute)
        #expect(!URIReference("/x").isAbsolute)
        #expect(URIReference.resolve("g", against: "http://a").text == "http://a/g")
        #expect(URIReference.resolve("#foo", against: "").text == "#foo")
        #expect(URIReference.resolve("http://h/a.json", against: "").text == "http://h/a.json")
        #expect(URIReference.resolve("b.json#x", against: "dir/a.json#y").text == "dir/b.json#x")
        #expect(URIReference.resolve("#x", against: "http://h/a.json#y").text == "http://h/a.json#x")
        #expect(URIReference.removingFragment("http://h/a#b#c") == "http://h/a")
        #expect(URIReference.fragment("http://h/a#b#c") == "b#c")
        #expect(URIReference.fragment("http://h/a") == nil)
    }

    @Test("dot segments removed as RFC 3986 §5.2.4 says")
    func dotSegments() {
        #expect(URIReference.removingDotSegments("/a/b/c/./../../g") == "/a/g")
        #expect(URIReference.removingDotSegments("mid/content=5/../6") == "mid/6")
        #expect(URIReference.removingDotSegments("/a/b/..") == "/a/")
        #expect(URIReference.removingDotSegments("../x") == "x")
        #expect(URIReference.removingDotSegments("no/dots") == "no/dots")
    }
}
