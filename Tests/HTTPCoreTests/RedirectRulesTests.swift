import Foundation
import HTTPCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("the redirect rules: which responses are followed and how the request changes")
struct RedirectRulesTests {
    let origin = URL(string: "https://api.example.com/v1/items?page=2")!

    @Test(
        "followed statuses and resolved locations",
        arguments: [
            (301, "/a", "https://api.example.com/a"),
            (302, "b", "https://api.example.com/v1/b"),
            (303, "//other.example.com/c", "https://other.example.com/c"),
            (307, "http://example.org/d?x=1", "http://example.org/d?x=1"),
            (308, "  ../e ", "https://api.example.com/e"),
        ])
    func followed(_ status: Int, _ location: String, _ expected: String) {
        #expect(HTTPRedirectRules.target(status: status, location: location, from: origin)?.absoluteString == expected)
    }

    @Test(
        "responses that are not followed",
        arguments: [
            (300, "/a"), (304, "/a"), (305, "/a"), (200, "/a"), (302, ""), (302, "ftp://example.com/f"),
            (302, "mailto:a@example.com"),
        ])
    func notFollowed(_ status: Int, _ location: String) {
        #expect(HTTPRedirectRules.target(status: status, location: location, from: origin) == nil)
    }

    @Test("a 302 without a Location is not followed")
    func noLocation() {
        #expect(HTTPRedirectRules.target(status: 302, location: nil, from: origin) == nil)
    }

    @Test(
        "method and body after each status",
        arguments: [
            ("POST", 301, "GET", false), ("POST", 302, "GET", false), ("POST", 303, "GET", false),
            ("PUT", 303, "GET", false), ("HEAD", 303, "HEAD", true), ("PUT", 301, "PUT", true),
            ("DELETE", 302, "DELETE", true), ("POST", 307, "POST", true), ("PATCH", 308, "PATCH", true),
        ])
    func method(_ method: String, _ status: Int, _ expected: String, _ keepsBody: Bool) {
        var request = URLRequest(url: origin)
        request.httpMethod = method
        request.httpBody = Data("body".utf8)
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        request.setValue("keep", forHTTPHeaderField: "X-Custom")
        let next = HTTPRedirectRules.request(
            after: request, status: status, to: URL(string: "https://api.example.com/x")!)
        #expect(next.httpMethod == expected)
        #expect((next.httpBody != nil) == keepsBody)
        #expect((next.value(forHTTPHeaderField: "Content-Type") != nil) == keepsBody)
        #expect(next.value(forHTTPHeaderField: "X-Custom") == "keep")
        #expect(next.url?.absoluteString == "https://api.example.com/x")
    }

    @Test(
        "credentials are dropped when the scheme, host or port changes",
        arguments: [
            ("https://api.example.com/other", true), ("https://api.example.com:443/other", true),
            ("http://api.example.com/other", false), ("https://api.example.com:8443/", false),
            ("https://example.com/", false), ("https://API.example.com/", true),
        ])
    func credentials(_ target: String, _ sameOrigin: Bool) {
        var request = URLRequest(url: origin)
        for name in HTTPRedirectRules.credentialHeaders { request.setValue("secret", forHTTPHeaderField: name) }
        let next = HTTPRedirectRules.request(after: request, status: 302, to: URL(string: target)!)
        for name in HTTPRedirectRules.credentialHeaders {
            #expect((next.value(forHTTPHeaderField: name) == "secret") == sameOrigin, "\(name) → \(target)")
        }
    }
}
