import Foundation
import TestSupport
import Testing

/// `hammock jsonpath` as a whole process.
@Suite("hammock jsonpath on the command line")
struct JSONPathCommandTests {
    static let json = #"{"items": [{"id": 1.10, "name": "a\u0041"}, {"id": 2, "name": "b"}], "id": "top"}"#

    @Test("values print as written, one a line, in the query's order; --paths and --both name them")
    func values() async throws {
        let folder = try TemporaryFolder(prefix: "hammock-jsonpath")
        let file = try folder.write("body.json", Self.json)
        let ids = try await HammockProcess.run(["jsonpath", "$..id", file])
        #expect(ids.status == 0)
        #expect(ids.output == "\"top\"\n1.10\n2\n")
        let names = try await HammockProcess.run(["jsonpath", "$.items[?@.id < 2].name", file])
        #expect(names.output == "\"a\\u0041\"\n", "the escape as written")
        let paths = try await HammockProcess.run(["jsonpath", "--paths", "$.items[*].id", file])
        #expect(paths.output == "$['items'][0]['id']\n$['items'][1]['id']\n")
        let both = try await HammockProcess.run(["jsonpath", "--both", "$.items[1].name", file])
        #expect(both.output == "$['items'][1]['name']\t\"b\"\n")
        let piped = try await HammockProcess.run(["jsonpath", "$.items.length()"], input: Data("[]".utf8))
        #expect(piped.status == 2, "length() is not a query: \(piped.error)")
        let stdin = try await HammockProcess.run(["jsonpath", "$[1]"], input: Data("[1, 2.50]".utf8))
        #expect(stdin.output == "2.50\n")
    }

    @Test("no match exits 1; a bad expression, bad JSON or a missing file exit 2 with a sentence")
    func failures() async throws {
        let folder = try TemporaryFolder(prefix: "hammock-jsonpath")
        let file = try folder.write("body.json", Self.json)
        let none = try await HammockProcess.run(["jsonpath", "$.nothing", file])
        #expect(none.status == 1)
        #expect(none.output.isEmpty)
        let bad = try await HammockProcess.run(["jsonpath", "$[", file])
        #expect(bad.status == 2)
        #expect(bad.error.hasPrefix("hammock jsonpath: Invalid JSONPath at column 3"))
        let broken = try folder.write("broken.json", "{\"a\": \n")
        let notJSON = try await HammockProcess.run(["jsonpath", "$.a", broken])
        #expect(notJSON.status == 2)
        #expect(notJSON.error.hasPrefix("hammock jsonpath: \(broken) is not JSON: Invalid JSON at line 2"))
        let missing = try await HammockProcess.run(["jsonpath", "$", folder.path("absent.json")])
        #expect(missing.status == 2)
        #expect(missing.error == "hammock jsonpath: cannot read \(folder.path("absent.json")): it does not exist\n")
    }
}
