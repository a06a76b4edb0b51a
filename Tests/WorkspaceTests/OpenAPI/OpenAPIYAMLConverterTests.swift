import Foundation
import OrderedJSON
import Testing

@testable import Workspace

@Suite("YAML written as JSON")
struct OpenAPIYAMLConverterTests {
    private func json(_ yaml: String) throws(APIDescriptionError) -> String? {
        try OpenAPIYAMLConverter.jsonText(fromYAML: yaml)
    }

    @Test("plain scalars: null, booleans, numbers as written when JSON has them, everything else text")
    func scalars() throws {
        let yaml = """
            a: 1.0
            b: 0x1F
            c: .inf
            d: +12
            e: 007
            f: "12"
            g: ~
            h: yes
            i: True
            j: !!str 5
            k: 1e3
            l: [1, -2.5e-3, -0]
            m: |
              two
              lines
            n: 'single'
            o:
            p: 1_000
            q: 12:30
            """
        #expect(
            try json(yaml)
                == #"{"a":1.0,"b":"0x1F","c":".inf","d":12,"e":"007","f":"12","g":null,"h":"yes","i":true,"j":"5","k":1e3,"l":[1,-2.5e-3,-0],"m":"two\nlines\n","n":"single","o":null,"p":"1_000","q":"12:30"}"#
        )
    }

    @Test("keys are always strings, in their order; complex keys are their JSON text")
    func keys() throws {
        #expect(
            try json("200: ok\ntrue: yes\n~: nothing\n1.5: x\n? [a, b]\n: list\n")
                == #"{"200":"ok","true":"yes","~":"nothing","1.5":"x","[\"a\",\"b\"]":"list"}"#)
    }

    @Test("anchors and aliases are expanded; merge keys bring the pairs a mapping does not have")
    func aliasesAndMerges() throws {
        let yaml = """
            base: &base {type: object, description: base}
            more: &more {extra: 1}
            one:
              <<: *base
              description: own
            two:
              <<: [*base, *more]
            three: *base
            """
        #expect(
            try json(yaml)
                == #"{"base":{"type":"object","description":"base"},"more":{"extra":1},"one":{"description":"own","type":"object"},"two":{"type":"object","description":"base","extra":1},"three":{"type":"object","description":"base"}}"#
        )
    }

    @Test("strings are escaped as JSON needs, unicode kept")
    func escaping() throws {
        #expect(
            try json("a: \"quote \\\" back\\\\ tab\\t nul\\0\"\nb: café ☕\n")
                == #"{"a":"quote \" back\\ tab\t nul\u0000","b":"café ☕"}"#)
        let document = try JSONDocument(try #require(try json("a: \"\\u0001\\x7f\"\n")))
        #expect(document.string(try #require(document.child(of: document.root, key: "a"))) == "\u{1}\u{7F}")
    }

    @Test("an empty document is nil; a scalar or list document is written too")
    func documents() throws {
        #expect(try json("") == nil)
        #expect(try json("# only a comment\n") == nil)
        #expect(try json("- 1\n- x\n") == #"[1,"x"]"#)
        #expect(try json("hello") == #""hello""#)
    }

    @Test("duplicate keys and bad indentation are errors with a line")
    func errors() {
        #expect(throws: APIDescriptionError.self) { try json("a: 1\na: 2\n") }
        do throws(APIDescriptionError) {
            _ = try json("a:\n  b: 1\n c: 2\n")
            Issue.record("bad indentation was read")
        } catch {
            guard case .notJSONOrYAML(let line, _, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(line == 3)
        }
    }

    @Test("numbers as JSON writes them")
    func jsonNumbers() {
        for valid in ["0", "-0", "1", "10", "1.5", "-1.5e10", "1E+2", "0.0", "1e-7"] {
            #expect(OpenAPIYAMLConverter.isJSONNumber(Substring(valid).utf8), "\(valid)")
        }
        for invalid in ["", "-", "01", "1.", ".5", "1e", "+1", "1.5.2", "0x10", "1_0", "--1", "1e+"] {
            #expect(!OpenAPIYAMLConverter.isJSONNumber(Substring(invalid).utf8), "\(invalid)")
        }
    }
}
