import Foundation
import Testing
import Workspace

/// Where hammock looks for an API description: `Link` headers, then the usual places.
@Suite("finding an API description")
struct DescriptionDiscoveryTests {
    @Test("Link header values: targets in angle brackets, rel lists, quoted and bare parameters, junk skipped")
    func linkHeader() {
        let header = LinkHeader([
            #"</openapi.json>; rel="service-desc"; type="application/openapi+json", <https://x.test/docs>; rel=describedby"#,
            #"garbage, <next?a=1,2>; rel="next prev"; title="a \"quoted\", title""#,
        ])
        #expect(header.links.map(\.target) == ["/openapi.json", "https://x.test/docs", "next?a=1,2"])
        #expect(header.links[0].relations == ["service-desc"] && header.links[0].type == "application/openapi+json")
        #expect(header.links[1].relations == ["describedby"])
        #expect(header.links[2].relations == ["next", "prev"])
        let base = URL(string: "http://api.test:8080/v1/users")!
        #expect(
            DescriptionDiscovery.linked(
                in: [#"<https://x.test/d>; rel=describedby, </spec>; rel="service-desc""#], of: base
            )
            .map(\.absoluteString) == ["http://api.test:8080/spec", "https://x.test/d"], "service-desc first")
        #expect(LinkHeader(["<unterminated; rel=x", "", ";;;,,,"]).links.isEmpty)
        #expect(
            DescriptionDiscovery.linked(
                in: [#"<file:///dev/tty>; rel="service-desc", <ftp://x/d>; rel=describedby"#], of: base
            ).isEmpty, "a response never leads to a local file")
        #expect(LinkHeader([String(repeating: "<a>; rel=x, ", count: 1000)]).links.count == LinkHeader.maximumLinks)
    }

    @Test("the usual places under the base path first, then at the origin's root, each once")
    func candidates() {
        let nested = DescriptionDiscovery.candidates(for: URL(string: "http://h.test/api/v1")!).map(\.absoluteString)
        #expect(nested.first == "http://h.test/api/v1/openapi.json")
        #expect(nested.contains("http://h.test/openapi.json") && nested.contains("http://h.test/v3/api-docs"))
        #expect(nested.count == Set(nested).count)
        let root = DescriptionDiscovery.candidates(for: URL(string: "http://h.test/")!).map(\.absoluteString)
        #expect(root.count == DescriptionDiscovery.usualPaths.count)
        #expect(
            root.prefix(4) == [
                "http://h.test/openapi.json", "http://h.test/openapi.yaml", "http://h.test/openapi.yml",
                "http://h.test/swagger.json",
            ])
    }
}
