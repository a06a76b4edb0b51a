import Foundation
import HTTPCore
import TestSupport
import Testing

@Suite("the cookie jar is saved to and loaded from a Netscape cookie file")
struct CookieJarFileTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func filledJar() -> HTTPCookieJar {
        let jar = HTTPCookieJar()
        jar.store(
            setCookieValues: [
                "session=abc; HttpOnly", "wide=1; Domain=example.com; Path=/api; Max-Age=3600",
                "token=t; Secure; Max-Age=60", "gone=1; Max-Age=1",
            ], from: URL(string: "https://www.example.com/")!, now: now)
        return jar
    }

    @Test("what is saved loads back the same, expired cookies left out")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("cookies.txt")
        let jar = filledJar()
        try jar.save(to: path, now: now + 2)
        let loaded = HTTPCookieJar()
        #expect(try loaded.load(from: path, now: now + 2) == 3)
        func comparable(_ jar: HTTPCookieJar) -> [String] {
            jar.cookies(now: now + 2).map { cookie in
                [
                    cookie.name, cookie.value, cookie.domain, "\(cookie.isHostOnly)", cookie.path, "\(cookie.isSecure)",
                    "\(cookie.isHTTPOnly)", cookie.expires.map { "\($0.timeIntervalSince1970)" } ?? "session",
                ].joined(separator: " ")
            }
        }
        #expect(comparable(loaded) == comparable(jar))
        #expect(comparable(loaded).count == 3)
        #expect(loaded.cookieHeader(for: URL(string: "https://api.example.com/api/x")!, now: now + 2) == "wide=1")
    }

    @Test("the file is readable by its owner only and replaced whole")
    func permissions() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("cookies.txt", "old contents\n")
        try filledJar().save(to: path, now: now)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("# Netscape HTTP Cookie File\n"))
        #expect(!text.contains("old contents"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cookies.txt"])
    }

    @Test("a file written by curl loads, HttpOnly lines and comments included")
    func curlFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "curl.txt",
            """
            # Netscape HTTP Cookie File
            # https://curl.se/docs/http-cookies.html

            .example.com\tTRUE\t/\tFALSE\t0\tsid\tv1
            #HttpOnly_www.example.com\tFALSE\t/app\tTRUE\t2000000000\thid\tv2
            example.com\tFALSE\t/\tFALSE\t1500000000\told\texpired

            """)
        let jar = HTTPCookieJar()
        #expect(try jar.load(from: path, now: now) == 2)
        let cookies = jar.cookies(now: now)
        #expect(cookies.map(\.name) == ["sid", "hid"])
        #expect(cookies[0].expires == nil && !cookies[0].isHostOnly && cookies[0].domain == "example.com")
        #expect(cookies[1].isHTTPOnly && cookies[1].isSecure && cookies[1].isHostOnly)
        #expect(cookies[1].expires == Date(timeIntervalSince1970: 2_000_000_000))
    }

    @Test(
        "a file that is not a cookie file is an error naming the line, and the jar stays as it was",
        arguments: [
            ("this is not a cookie file\n", 1, "has 1 fields separated by tabs, not 7"),
            ("# Netscape HTTP Cookie File\nexample.com\tMAYBE\t/\tFALSE\t0\ta\tb\n", 2, "(subdomains)"),
            ("example.com\tFALSE\t/\tFALSE\tsoon\ta\tb\n", 1, "expiry"),
            ("example.com\tFALSE\tnoslash\tFALSE\t0\ta\tb\n", 1, "path"),
            ("example.com\tFALSE\t/\tFALSE\t0\t\tb\n", 1, "without a name"),
        ])
    func corrupt(_ text: String, _ line: Int, _ problem: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("bad.txt", text)
        let jar = filledJar()
        let before = jar.cookies(now: now)
        let error = #expect(throws: HTTPCookieJarFileError.self) { try jar.load(from: path, now: now) }
        #expect(error?.line == line)
        #expect(error?.problem.contains(problem) == true, "\(error?.problem ?? "")")
        #expect(error?.description.hasPrefix("The cookie file \(path) is not a cookie file: line \(line) ") == true)
        #expect(jar.cookies(now: now) == before)
    }

    @Test("a file with CRLF line endings loads like one with LF")
    func crlfFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "crlf.txt",
            "# Netscape HTTP Cookie File\r\n\r\n.example.com\tTRUE\t/\tFALSE\t0\tsid\tv1\r\n"
                + "#HttpOnly_example.org\tFALSE\t/\tTRUE\t0\thid\tv2\r\n")
        let jar = HTTPCookieJar()
        #expect(try jar.load(from: path, now: now) == 2)
        #expect(jar.cookies(now: now).map(\.value) == ["v1", "v2"])
    }

    @Test(
        "a domain or HttpOnly prefix followed by a combining mark reads back the same after saving (found by fuzzing)")
    func combiningMarks() throws {
        let folder = try TemporaryFolder()
        // U+0352 joins the `.` before it, and the `_` of `#HttpOnly_`, into one Character.
        let path = try folder.write(
            "marks.txt",
            ".\u{352}x.com\tTRUE\t/\tFALSE\t0\ta\t1\n#HttpOnly_\u{352}y.com\tFALSE\t/\tFALSE\t0\tb\t2\n")
        let jar = HTTPCookieJar()
        #expect(try jar.load(from: path, now: now) == 2)
        try jar.save(to: path, now: now)
        let again = HTTPCookieJar()
        #expect(try again.load(from: path, now: now) == 2)
        #expect(again.cookies(now: now).map(\.domain) == ["\u{352}x.com", "\u{352}y.com"])
        #expect(again.cookies(now: now).map(\.domain) == jar.cookies(now: now).map(\.domain))
        #expect(again.cookies(now: now).map(\.isHTTPOnly) == [false, true])
    }

    @Test("extra leading dots and an expiry past year 9999 read back the same after saving (found by fuzzing)")
    func oddDomainsAndExpiries() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "odd.txt",
            "..0.0\tFALSE\t/ai\tTRUE\t190000000000000000\ttoken\tx=y\n"
                + "example.com\tFALSE\t/\tFALSE\t9223372036854775807\tlast\t1\n")
        let jar = HTTPCookieJar()
        #expect(try jar.load(from: path, now: now) == 2)
        try jar.save(to: path, now: now)
        let again = HTTPCookieJar()
        #expect(try again.load(from: path, now: now) == 2)
        #expect(again.cookies(now: now).map(\.domain) == ["0.0", "example.com"])
        #expect(again.cookies(now: now).map(\.expires) == jar.cookies(now: now).map(\.expires))
        #expect(again.cookies(now: now).first?.expires == Date(timeIntervalSince1970: 253_402_300_799))

        // A domain that starts with # (after its dot) would be written back as a comment: refused.
        let hash = try folder.write("hash.txt", ".#HttpOnly_x\tFALSE\t/\tFALSE\t0\tsid\ty\n")
        #expect(throws: HTTPCookieJarFileError.self) { try HTTPCookieJar().load(from: hash, now: now) }
    }

    @Test("binary garbage is an error, not a crash")
    func binary() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("binary")
        try Data([0xFF, 0xFE, 0x00, 0x80, 0x09, 0x0A]).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: HTTPCookieJarFileError.self) { try HTTPCookieJar().load(from: path) }
        #expect(error?.description == "The cookie file \(path) is not UTF-8 text, so it is not a cookie file.")
    }

    @Test("a missing file is an empty jar; an unwritable place is an error")
    func missingAndUnwritable() throws {
        let folder = try TemporaryFolder()
        let jar = filledJar()
        #expect(try jar.load(from: folder.path("none.txt")) == 0)
        #expect(jar.cookies().isEmpty)
        let error = #expect(throws: HTTPCookieJarFileError.self) {
            try filledJar().save(to: folder.path("no/such/folder/cookies.txt"), now: now)
        }
        #expect(error?.description.contains("could not be written") == true)
    }
}
