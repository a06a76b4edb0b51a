import Foundation
import Siesta
import Testing

@MainActor
@Suite("URL navigation: child, relative, optionalRelative, withParam")
struct ResourcePathsTests {
    let service = Service(baseURL: "https://zingle.frotz/v1")
    var resource: Resource { service.resource("/a/b") }

    @Test(
        "child() appends literally, escaping only what a path cannot hold",
        arguments: [
            ("", "https://zingle.frotz/v1/a/b/"),
            ("c", "https://zingle.frotz/v1/a/b/c"),
            ("/", "https://zingle.frotz/v1/a/b/"),
            ("/c", "https://zingle.frotz/v1/a/b/c"),
            ("./c", "https://zingle.frotz/v1/a/b/./c"),
            ("./c/./d", "https://zingle.frotz/v1/a/b/./c/./d"),
            ("../c", "https://zingle.frotz/v1/a/b/../c"),
            ("//other.host/c", "https://zingle.frotz/v1/a/b//other.host/c"),
            ("ftp://other.host/c", "https://zingle.frotz/v1/a/b/ftp://other.host/c"),
            ("?foo", "https://zingle.frotz/v1/a/b/%3Ffoo"),
            (" •⇶", "https://zingle.frotz/v1/a/b/%20%E2%80%A2%E2%87%B6"),
        ])
    func child(path: String, expected: String) {
        #expect(resource.child(path).url.absoluteString == expected)
        #expect(resource.child(path).service === service)
    }

    @Test(
        "relative() resolves like an href",
        arguments: [
            ("c", "https://zingle.frotz/v1/a/c"),
            ("./c", "https://zingle.frotz/v1/a/c"),
            ("././c", "https://zingle.frotz/v1/a/c"),
            ("./c/./d", "https://zingle.frotz/v1/a/c/d"),
            ("../c", "https://zingle.frotz/v1/c"),
            ("../../c", "https://zingle.frotz/c"),
            ("../c/../d", "https://zingle.frotz/v1/d"),
            ("/c", "https://zingle.frotz/c"),
            ("//other.host/c", "https://other.host/c"),
            ("ftp://other.host/c", "ftp://other.host/c"),
            ("?foo=1", "https://zingle.frotz/v1/a/b?foo=1"),
            ("c?foo=1", "https://zingle.frotz/v1/a/c?foo=1"),
            ("?foo=1&bar=2", "https://zingle.frotz/v1/a/b?foo=1&bar=2"),
        ])
    func relative(href: String, expected: String) {
        #expect(resource.relative(href).url.absoluteString == expected)
    }

    @Test("relative() replaces or drops an existing query")
    func relativeReplacesQuery() {
        let withParam = resource.withParam("foo", "bar")
        #expect(withParam.relative("?baz=fez").url.absoluteString == "https://zingle.frotz/v1/a/b?baz=fez")
        #expect(withParam.relative("./c").url.absoluteString == "https://zingle.frotz/v1/a/c")
    }

    @Test("optionalRelative() is relative() for a string and nil for nil")
    func optionalRelative() {
        #expect(resource.optionalRelative("c") === resource.relative("c"))
        #expect(resource.optionalRelative(nil) == nil)
    }

    @Test("withParam() adds, escapes, sorts, changes, empties and removes parameters")
    func withParam() {
        #expect(resource.withParam("foo", "bar").url.absoluteString == "https://zingle.frotz/v1/a/b?foo=bar")
        #expect(
            resource.withParam("fo=o", "ba r+baz").url.absoluteString
                == "https://zingle.frotz/v1/a/b?fo%3Do=ba%20r%2Bbaz")
        let two = resource.withParam("foo", "bar").withParam("zoogle", "oogle")
        #expect(
            two.withParam("plop", "blop").url.absoluteString
                == "https://zingle.frotz/v1/a/b?foo=bar&plop=blop&zoogle=oogle")
        #expect(two.withParam("zoogle", "zonk").url.absoluteString == "https://zingle.frotz/v1/a/b?foo=bar&zoogle=zonk")
        #expect(two.withParam("foo", "").url.absoluteString == "https://zingle.frotz/v1/a/b?foo&zoogle=oogle")
        #expect(two.withParam("foo", nil).url.absoluteString == "https://zingle.frotz/v1/a/b?zoogle=oogle")
        #expect(two.withParam("foo", nil).withParam("zoogle", nil).url.absoluteString == "https://zingle.frotz/v1/a/b")
    }

    @Test("withParams() is chained withParam(), in any order giving the same instance")
    func withParams() {
        let chained = resource.withParam("b", "2").withParam("a", "1")
        let together = resource.withParams(["a": "1", "b": "2"])
        #expect(chained === together)
        #expect(together.url.absoluteString == "https://zingle.frotz/v1/a/b?a=1&b=2")
        #expect(together.withParams(["a": nil, "c": ""]).url.absoluteString == "https://zingle.frotz/v1/a/b?b=2&c")
    }
}
