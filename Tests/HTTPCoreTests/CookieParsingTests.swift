import Foundation
import HTTPCore
import Testing

@Suite("a Set-Cookie value becomes the cookie RFC 6265 says it sets")
struct CookieParsingTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let page = URL(string: "https://www.example.com/shop/cart")!

    func parse(_ header: String, from url: URL? = nil) -> HTTPCookieRecord? {
        HTTPSetCookieParser.parse(header, from: url ?? page, now: now)
    }

    @Test("name, value and attributes are read, spaces trimmed, attribute names in any case")
    func attributes() throws {
        let cookie = try #require(
            parse(" id = a b ; DOMAIN=.Example.COM; path=/shop; SECURE; HttpOnly; max-age=60; SameSite=Lax"))
        #expect(cookie.name == "id")
        #expect(cookie.value == "a b")
        #expect(cookie.domain == "example.com")
        #expect(!cookie.isHostOnly)
        #expect(cookie.path == "/shop")
        #expect(cookie.isSecure)
        #expect(cookie.isHTTPOnly)
        #expect(cookie.expires == now.addingTimeInterval(60))
        #expect(cookie.created == now)
    }

    @Test("without Domain a cookie is host-only; without a usable Path it gets the directory of the URL")
    func defaults() throws {
        let cookie = try #require(parse("id=1; Path=relative"))
        #expect(cookie.domain == "www.example.com")
        #expect(cookie.isHostOnly)
        #expect(cookie.path == "/shop")
        #expect(cookie.expires == nil)
        #expect(try #require(parse("id=1", from: URL(string: "http://example.com")!)).path == "/")
        #expect(try #require(parse("id=1", from: URL(string: "http://example.com/top")!)).path == "/")
    }

    @Test("Max-Age wins over Expires, whatever their order; zero or less means already expired")
    func expiry() throws {
        let future = HTTPCookieDate.format(now.addingTimeInterval(3600))
        let past = HTTPCookieDate.format(now.addingTimeInterval(-3600))
        #expect(try #require(parse("a=1; Max-Age=10; Expires=\(future)")).expires == now.addingTimeInterval(10))
        #expect(try #require(parse("a=1; Expires=\(future)")).expires == now.addingTimeInterval(3600))
        #expect(try #require(parse("a=1; Expires=\(past)")).isExpired(at: now))
        #expect(try #require(parse("a=1; Expires=\(future); Max-Age=0")).isExpired(at: now))
        #expect(try #require(parse("a=1; Max-Age=-5")).isExpired(at: now))
        #expect(try #require(parse("a=1; Max-Age=soon; Expires=nonsense")).expires == nil)
        let capped = try #require(parse("a=1; Max-Age=99999999999999999999"))
        #expect(capped.expires == now.addingTimeInterval(HTTPSetCookieParser.maximumLifetime))
    }

    @Test(
        "values that set no cookie are ignored",
        arguments: [
            "no-equals-sign", "=value", " ; a=1", "a=1\u{1}", "a\tb=1", "a=1; Domain=other.com",
            "a=1; Domain=com", "a=1; Domain=ample.com", "__Secure-a=1",
            "__Host-a=1; Secure; Path=/; Domain=example.com",
            "__Host-a=1; Secure; Path=/shop",
        ])
    func ignored(_ header: String) {
        #expect(parse(header) == nil)
    }

    @Test("a name and value over the size limit are ignored")
    func tooLarge() {
        #expect(parse("a=" + String(repeating: "x", count: HTTPSetCookieParser.maximumSize)) == nil)
        #expect(parse("a=" + String(repeating: "x", count: HTTPSetCookieParser.maximumSize - 1)) != nil)
    }

    @Test("a Secure cookie is accepted only from https")
    func secureOnlyFromHTTPS() {
        #expect(parse("a=1; Secure") != nil)
        #expect(parse("a=1; Secure", from: URL(string: "http://www.example.com/")!) == nil)
        #expect(parse("__Host-a=1; Secure; Path=/") != nil)
    }

    @Test("an IP address takes a Domain only when it is the address itself")
    func ipAddresses() throws {
        let url = URL(string: "http://127.0.0.1:8080/a")!
        #expect(parse("a=1; Domain=0.0.1", from: url) == nil)
        let cookie = try #require(parse("a=1; Domain=127.0.0.1", from: url))
        #expect(cookie.domain == "127.0.0.1")
        #expect(try #require(parse("a=1", from: URL(string: "http://[::1]:8080/")!)).domain == "::1")
    }

    @Test("a one-label Domain equal to the host keeps the cookie host-only")
    func singleLabelHost() throws {
        let cookie = try #require(parse("a=1; Domain=localhost", from: URL(string: "http://localhost:8080/")!))
        #expect(cookie.domain == "localhost")
        #expect(cookie.isHostOnly)
    }

    @Test("a cookie's description leaves its value out")
    func description() throws {
        let cookie = try #require(parse("session=s3cr3t-token; Secure"))
        #expect(!cookie.description.contains("s3cr3t"))
        #expect(cookie.description.contains("session"))
    }
}
