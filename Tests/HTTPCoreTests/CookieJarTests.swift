import Foundation
import HTTPCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One row of the matching table: a cookie set from one URL, asked for by another.
struct CookieMatchCase: Sendable, CustomTestStringConvertible {
    var setCookie: String
    var from: String
    var to: String
    var secondsLater: TimeInterval = 0
    var sent: Bool

    var testDescription: String { "\(setCookie) from \(from) → \(to)\(sent ? "" : " (not sent)")" }
}

@Suite("the cookie jar sends each cookie only where RFC 6265 allows")
struct CookieJarTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    static let table: [CookieMatchCase] = [
        // Host-only and path defaults.
        .init(setCookie: "a=1", from: "http://example.com/dir/page", to: "http://example.com/dir/other", sent: true),
        .init(setCookie: "a=1", from: "http://example.com/dir/page", to: "http://example.com/dir", sent: true),
        .init(setCookie: "a=1", from: "http://example.com/dir/page", to: "http://example.com/dirx", sent: false),
        .init(setCookie: "a=1", from: "http://example.com/dir/page", to: "http://example.com/", sent: false),
        .init(setCookie: "a=1", from: "http://example.com/dir/page", to: "http://sub.example.com/dir/x", sent: false),
        .init(setCookie: "a=1", from: "http://example.com/", to: "http://example.com:8080/any", sent: true),
        // Domain.
        .init(
            setCookie: "a=1; Domain=example.com", from: "http://www.example.com/", to: "http://api.example.com/",
            sent: true),
        .init(
            setCookie: "a=1; Domain=.example.com", from: "http://www.example.com/", to: "http://example.com/",
            sent: true),
        .init(
            setCookie: "a=1; Domain=example.com", from: "http://example.com/", to: "http://badexample.com/", sent: false
        ),
        .init(
            setCookie: "a=1; Domain=other.com", from: "http://www.example.com/", to: "http://other.com/", sent: false),
        .init(setCookie: "a=1; Domain=com", from: "http://example.com/", to: "http://other.com/", sent: false),
        .init(setCookie: "a=1", from: "http://127.0.0.1:8080/", to: "http://127.0.0.1:9090/", sent: true),
        .init(setCookie: "a=1", from: "http://127.0.0.1:8080/", to: "http://localhost:8080/", sent: false),
        .init(setCookie: "a=1", from: "http://EXAMPLE.com/", to: "http://example.COM/", sent: true),
        // Path.
        .init(setCookie: "a=1; Path=/api", from: "http://example.com/", to: "http://example.com/api", sent: true),
        .init(
            setCookie: "a=1; Path=/api", from: "http://example.com/", to: "http://example.com/api/v1?x=1", sent: true),
        .init(setCookie: "a=1; Path=/api", from: "http://example.com/", to: "http://example.com/apix", sent: false),
        .init(setCookie: "a=1; Path=/api", from: "http://example.com/", to: "http://example.com/", sent: false),
        .init(setCookie: "a=1; Path=/api/", from: "http://example.com/", to: "http://example.com/api/", sent: true),
        .init(setCookie: "a=1; Path=/api/", from: "http://example.com/", to: "http://example.com/api", sent: false),
        .init(setCookie: "a=1; Path=/API", from: "http://example.com/", to: "http://example.com/api", sent: false),
        // Secure.
        .init(setCookie: "a=1; Secure", from: "https://example.com/", to: "https://example.com/", sent: true),
        .init(setCookie: "a=1; Secure", from: "https://example.com/", to: "http://example.com/", sent: false),
        .init(setCookie: "a=1; Secure", from: "http://example.com/", to: "https://example.com/", sent: false),
        .init(setCookie: "a=1", from: "http://example.com/", to: "https://example.com/", sent: true),
        // Expiry.
        .init(
            setCookie: "a=1; Max-Age=60", from: "http://example.com/", to: "http://example.com/", secondsLater: 30,
            sent: true),
        .init(
            setCookie: "a=1; Max-Age=60", from: "http://example.com/", to: "http://example.com/", secondsLater: 61,
            sent: false),
        .init(setCookie: "a=1; Max-Age=0", from: "http://example.com/", to: "http://example.com/", sent: false),
        .init(
            setCookie: "a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT", from: "http://example.com/",
            to: "http://example.com/", sent: false),
        .init(setCookie: "a=1", from: "http://example.com/", to: "http://example.com/", secondsLater: 1e8, sent: true),
    ]

    @Test("domain, host-only, path, secure and expiry rules", arguments: table)
    func matching(_ row: CookieMatchCase) throws {
        let jar = HTTPCookieJar()
        jar.store(setCookieValues: [row.setCookie], from: try #require(URL(string: row.from)), now: now)
        let header = jar.cookieHeader(for: try #require(URL(string: row.to)), now: now + row.secondsLater)
        #expect(header == (row.sent ? "a=1" : nil))
    }

    @Test("a cookie with the same name, domain and path replaces the stored one; other paths stay apart")
    func overwrite() throws {
        let jar = HTTPCookieJar()
        let url = URL(string: "http://example.com/app/page")!
        jar.store(setCookieValues: ["a=1; Path=/", "a=2; Path=/app"], from: url, now: now)
        jar.store(setCookieValues: ["a=3; Path=/"], from: url, now: now + 1)
        #expect(jar.cookies(now: now).map(\.value) == ["3", "2"])
        let replaced = try #require(jar.cookies(now: now).first { $0.path == "/" })
        #expect(replaced.created == now, "the replacement keeps the first cookie's creation time")
        #expect(jar.cookieHeader(for: url, now: now + 2) == "a=2; a=3", "longer paths go first")
    }

    @Test("cookies of equal path go in the order they were first stored")
    func order() {
        let jar = HTTPCookieJar()
        let url = URL(string: "http://example.com/")!
        jar.store(setCookieValues: ["b=1"], from: url, now: now)
        jar.store(setCookieValues: ["a=1"], from: url, now: now + 1)
        jar.store(setCookieValues: ["b=2"], from: url, now: now + 2)
        #expect(jar.cookieHeader(for: url, now: now + 3) == "b=2; a=1")
    }

    @Test("Max-Age=0 and an Expires in the past delete the stored cookie")
    func deletion() {
        let jar = HTTPCookieJar()
        let url = URL(string: "http://example.com/")!
        jar.store(setCookieValues: ["a=1", "b=2", "c=3"], from: url, now: now)
        jar.store(
            setCookieValues: ["a=; Max-Age=0", "b=2; Expires=Thu, 01 Jan 1970 00:00:00 GMT"], from: url, now: now)
        #expect(jar.cookieHeader(for: url, now: now) == "c=3")
        #expect(jar.cookies(now: now).map(\.name) == ["c"])
    }

    @Test("a cookie that expires leaves the list of cookies")
    func expiryLeavesList() {
        let jar = HTTPCookieJar()
        jar.store(setCookieValues: ["a=1; Max-Age=10", "b=2"], from: URL(string: "http://example.com/")!, now: now)
        #expect(jar.cookies(now: now + 5).map(\.name) == ["a", "b"])
        #expect(jar.cookies(now: now + 11).map(\.name) == ["b"])
    }

    @Test("an http response cannot replace a secure cookie of the same name")
    func secureNotShadowed() {
        let jar = HTTPCookieJar()
        jar.store(setCookieValues: ["id=good; Secure"], from: URL(string: "https://example.com/")!, now: now)
        jar.store(setCookieValues: ["id=evil"], from: URL(string: "http://example.com/")!, now: now)
        #expect(jar.cookies(now: now).map(\.value) == ["good"])
        jar.store(setCookieValues: ["id=better; Secure"], from: URL(string: "https://example.com/")!, now: now)
        #expect(jar.cookies(now: now).map(\.value) == ["better"])
    }

    @Test("beyond the per-domain and total limits, the cookies used least recently go")
    func limits() {
        let jar = HTTPCookieJar(maximumCookiesPerDomain: 2, maximumCookies: 3)
        let example = URL(string: "http://example.com/")!
        jar.store(setCookieValues: ["a=1"], from: example, now: now)
        jar.store(setCookieValues: ["b=1"], from: example, now: now + 1)
        _ = jar.cookieHeader(for: example, now: now + 2)  // both used at now + 2
        jar.store(setCookieValues: ["c=1"], from: example, now: now + 3)
        #expect(jar.cookies(now: now + 3).map(\.name).count == 2)
        #expect(jar.cookies(now: now + 3).map(\.name).contains("c"))
        jar.store(setCookieValues: ["x=1", "y=1"], from: URL(string: "http://other.com/")!, now: now + 4)
        #expect(jar.cookies(now: now + 4).count == 3)
        #expect(Set(jar.cookies(now: now + 4).map(\.domain)) == ["example.com", "other.com"])
    }

    @Test("a request with its own Cookie header (any case) is left as it is")
    func callerHeaderWins() {
        let jar = HTTPCookieJar()
        let url = URL(string: "http://example.com/")!
        jar.store(setCookieValues: ["a=1"], from: url, now: now)
        var own = URLRequest(url: url)
        own.setValue("mine=1", forHTTPHeaderField: "cookie")
        #expect(jar.addCookieHeader(to: &own, now: now))
        #expect(own.value(forHTTPHeaderField: "Cookie") == "mine=1")
        var plain = URLRequest(url: url)
        #expect(!jar.addCookieHeader(to: &plain, now: now))
        #expect(plain.value(forHTTPHeaderField: "Cookie") == "a=1")
    }

    @Test("the list shows each cookie's fields; remove and clear empty it")
    func listAndClear() throws {
        let jar = HTTPCookieJar()
        jar.store(
            setCookieValues: ["s=1; Secure; HttpOnly; Max-Age=100; Path=/p", "b=2; Domain=example.com"],
            from: URL(string: "https://www.example.com/")!, now: now)
        let cookies = jar.cookies(now: now)
        #expect(cookies.map(\.name) == ["b", "s"])
        let secure = try #require(cookies.last)
        #expect(secure.domain == "www.example.com")
        #expect(secure.path == "/p")
        #expect(secure.isSecure && secure.isHTTPOnly && secure.isHostOnly)
        #expect(secure.expires == now + 100)
        #expect(jar.remove(name: "s", domain: "www.example.com", path: "/p"))
        #expect(!jar.remove(name: "s", domain: "www.example.com", path: "/p"))
        #expect(jar.cookies(now: now).map(\.name) == ["b"])
        jar.clear()
        #expect(jar.cookies(now: now).isEmpty)
    }

    @Test("jars are equal only to themselves, so settings with different jars differ")
    func identity() {
        let jar = HTTPCookieJar()
        #expect(HTTPClientSettings(cookieJar: jar) == HTTPClientSettings(cookieJar: jar))
        #expect(HTTPClientSettings(cookieJar: jar) != HTTPClientSettings(cookieJar: HTTPCookieJar()))
        #expect(HTTPClientSettings().cookieJar == nil)
        #expect(HTTPClientSettings().defaultHeaders.isEmpty)
    }
}
