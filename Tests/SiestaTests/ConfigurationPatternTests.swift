import Foundation
import Siesta
import Testing

@MainActor
@Suite("Configuration patterns: wildcards, resources, predicates, regular expressions")
struct ConfigurationPatternTests {
    /// Whether `pattern` configures the resource at `pathOrURL` on a service based at
    /// `https://foo.bar/v1`.
    private func matches(
        _ pattern: any ConfigurationPatternConvertible,
        _ pathOrURL: String,
        absolute: Bool = false,
        params: [String: String] = [:],
        service: Service = Service(baseURL: "https://foo.bar/v1")
    ) -> Bool {
        service.configure(pattern) { $0.expirationTime = 6 }
        var resource = absolute ? service.resource(absoluteURL: pathOrURL) : service.resource(pathOrURL)
        for (name, value) in params {
            resource = resource.withParam(name, value)
        }
        return resource.configuration.expirationTime == 6
    }

    @Test("patterns resolve against the base URL; a leading slash is optional")
    func baseURLRelative() {
        #expect(matches("fez", "/fez"))
        #expect(matches("/fez", "/fez"))
        #expect(!matches("/fez", "https://foo.com/v1/fez", absolute: true))
        #expect(!matches("/fez", "/sombrero/fez"))
        #expect(matches("hither/thither", "/hither/thither"))
        #expect(matches("/hither/thither", "hither/thither"))
    }

    @Test("patterns with a scheme match full URLs, host and port separately")
    func fullURLs() {
        #expect(!matches("https://foo.com/*/fez", "/fez"))
        #expect(matches("https://foo.com/*/fez", "https://foo.com/v1/fez", absolute: true))
        #expect(matches("https://foo.com:*/**", "https://foo.com:8080/v1/fez", absolute: true))
        #expect(!matches("https://bar.com:*/**", "https://foo.com:8080/v1/fez", absolute: true))
        #expect(matches("https://*:8080/**", "https://foo.com:8080/v1/fez", absolute: true))
        #expect(!matches("https://*:7070/**", "https://foo.com:8080/v1/fez", absolute: true))
        #expect(!matches("https://foo.com:*/**", "https://foo.com/v1/fez", absolute: true))
    }

    @Test(
        "* matches within one path segment",
        arguments: [
            ("/*", "/hither", true), ("/*", "/hither/", false), ("/*", "/hither/thither", false),
            ("/*b", "/zub", true), ("/*b", "/zu/b", false), ("/*/b", "/a/", false), ("/*/b", "/a/b", true),
            ("/*/b", "/a/b/", false), ("/a/*/c", "/a/blarg/c", true), ("/a/*/c", "/a/c", false),
            ("/*x*/c", "/x/c", true), ("/*x*/c", "/foxy/c", true), ("/*x*/c", "/fozzy/c", false),
            ("/*/d", "/:/d", true), ("/*/d", "/!/d", true), ("/*/d", "/@/d", true), ("/*/d", "/$/d", true),
        ])
    func singleStar(pattern: String, path: String, expected: Bool) {
        #expect(matches(pattern, path) == expected)
    }

    @Test(
        "** matches across segments",
        arguments: [
            ("/**", "/", true), ("/**", "/hither", true), ("/**", "/hither/thither/yon", true),
            ("/a/**/b", "/a/b", true), ("/a/**/b", "/a/1/2/3/b", true), ("/a/**/b", "/a1/2/3/b", false),
            ("/a/**/b", "/a/1/2/3b", false), ("/**x**", "/how/many/tests/exactly/do/we/need", true),
            ("/**x**", "/just/a/health/handful", false), ("/**/*", "/a/b", true), ("/**/*", "/ab", true),
            ("/**/d", "/a/b/:/c/d", true),
        ])
    func doubleStar(pattern: String, path: String, expected: Bool) {
        #expect(matches(pattern, path) == expected)
    }

    @Test(
        "? matches one character other than /",
        arguments: [
            ("/?", "/", false), ("/?", "/o", true), ("/??", "/o", false), ("/??", "/oy", true),
            ("/??", "/oye", false), ("/??", "/o/", false), ("/x/?*", "/x/", false), ("/x/?*", "/x/o", true),
            ("/x/?*", "/x/oye", true), ("/x?y", "/x:y", true), ("/x?y", "/x/y", false),
        ])
    func questionMark(pattern: String, path: String, expected: Bool) {
        #expect(matches(pattern, path) == expected)
    }

    @Test("the query string is ignored")
    func queryIgnored() {
        #expect(matches("/*/b", "/a/b", params: ["foo": "bar"]))
        #expect(matches("/**/b", "/a/b", params: ["foo": "bar"]))
    }

    @Test("a service without base URL matches patterns literally")
    func bareService() {
        #expect(matches("/foo", "/foo", absolute: true, service: Service()))
        #expect(!matches("/foo", "foo", absolute: true, service: Service()))
        #expect(!matches("foo", "/foo", absolute: true, service: Service()))
        #expect(matches("foo", "foo", absolute: true, service: Service()))
        #expect(!matches("/foo", "http://bar.baz/foo", absolute: true, service: Service()))
        #expect(matches("http://bar.baz/*", "http://bar.baz/foo", absolute: true, service: Service()))
    }

    @Test("regular expressions match anywhere in the URL and keep their options")
    func regularExpressions() throws {
        #expect(matches(try NSRegularExpression(pattern: "/.ump"), "/wump"))
        #expect(matches(try NSRegularExpression(pattern: "/.ump"), "/gump/7"))
        #expect(!matches(try NSRegularExpression(pattern: "/.ump"), "/wzmp"))
        #expect(matches(try NSRegularExpression(pattern: "^https://foo\\.bar/v1/wump$"), "/wump"))
        #expect(!matches(try NSRegularExpression(pattern: "/wu+"), "/WUUUUUMP"))
        #expect(matches(try NSRegularExpression(pattern: "/wu+", options: [.caseInsensitive]), "/WUUUUUMP"))
    }
}
