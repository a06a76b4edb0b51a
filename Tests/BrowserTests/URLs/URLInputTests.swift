import Foundation
import Testing
import Workspace

@testable import Browser

/// The one URL parser of the command line and the `g` prompt.
@Suite("URLInput reads typed URLs")
struct URLInputTests {
    let base = URL(string: "http://127.0.0.1:8080/")!

    func parsed(_ text: String, base: URL? = nil, current: URL? = nil) throws -> String {
        try URLInput.parse(text, base: base, current: current).absoluteString
    }

    func message(_ text: String, base: URL? = nil) -> String? {
        do {
            _ = try URLInput.parse(text, base: base)
            return nil
        } catch {
            return error.message
        }
    }

    @Test(
        "a bare host, host:port or IP literal means http://",
        arguments: [
            ("localhost:18080/get", "http://localhost:18080/get"),
            ("localhost:18080", "http://localhost:18080/"),
            ("localhost", "http://localhost/"),
            ("example.org/get?a=1", "http://example.org/get?a=1"),
            ("127.0.0.1/x", "http://127.0.0.1/x"),
            ("[::1]:8080/users", "http://[::1]:8080/users"),
            ("[::1]", "http://[::1]/"),
            ("http://user:secret@localhost:9/x", "http://user:secret@localhost:9/x"),
            ("HTTP://Example.org", "http://Example.org/"),
            ("https://example.org:8443/a?b=c#frag", "https://example.org:8443/a?b=c"),
            ("  http://127.0.0.1:9/trimmed  ", "http://127.0.0.1:9/trimmed"),
        ])
    func bareHosts(text: String, expected: String) throws {
        #expect(try parsed(text) == expected)
        #expect(try parsed(text, base: base) == expected)
    }

    @Test(
        "in g, other text resolves against the service base; a ?query against the current resource",
        arguments: [
            ("users/1", "http://127.0.0.1:8080/users/1"),
            ("/users/1", "http://127.0.0.1:8080/users/1"),
            ("data.json", "http://127.0.0.1:8080/data.json"),
            ("./users/../posts", "http://127.0.0.1:8080/posts"),
            ("?page=2", "http://127.0.0.1:8080/users?page=2"),
            ("//example.org/x", "http://example.org/x"),
        ])
    func relative(text: String, expected: String) throws {
        let current = URL(string: "http://127.0.0.1:8080/users?page=1")!
        #expect(try parsed(text, base: base, current: current) == expected)
    }

    @Test("spaces and non-ASCII are encoded once; typed escapes and stray % are kept apart")
    func encoding() throws {
        #expect(try parsed("localhost:9/a b/café?q=x y") == "http://localhost:9/a%20b/caf%C3%A9?q=x%20y")
        #expect(try parsed("localhost:9/a%20b?q=%C3%A9") == "http://localhost:9/a%20b?q=%C3%A9")
        #expect(try parsed("localhost:9/100%?x=50%2") == "http://localhost:9/100%25?x=50%252")
        #expect(try parsed("localhost:9/a|b\\c\"d") == "http://localhost:9/a%7Cb%5Cc%22d")
        #expect(try parsed("a b/c", base: base) == "http://127.0.0.1:8080/a%20b/c")
        // Parsing the result again changes nothing.
        let once = try parsed("localhost:9/a b%20c")
        #expect(try parsed(once) == once)
    }

    @Test(
        "other schemes and missing hosts are refused with a sentence that names the text",
        arguments: [
            ("ftp://x", "cannot open 'ftp://x': hammock speaks http and https"),
            ("file:///etc/passwd", "cannot open 'file:///etc/passwd': hammock speaks http and https"),
            ("mailto:a@b.c", "cannot open 'mailto:a@b.c': hammock speaks http and https"),
            (
                "ws://localhost:9/socket",
                "cannot open 'ws://localhost:9/socket': hammock speaks http and https (a ws:// or wss:// URL opens the WebSocket console from g or the command line)"
            ),
            ("http://", "cannot open 'http://': it names no host (for example http://localhost:8080/)"),
            ("https:///x", "cannot open 'https:///x': it names no host (for example http://localhost:8080/)"),
            ("http:x", "cannot open 'http:x': it names no host (for example http://localhost:8080/)"),
            ("localhost:99999/x", "cannot open 'localhost:99999/x': the port '99999' is not a number from 1 to 65535"),
            ("http://a b/", "cannot open 'http://a b/': 'a b' is not a host name"),
            ("http://[zz]:80/", "cannot open 'http://[zz]:80/': '[zz]' is not an IPv6 address"),
            (
                "http://bücher.de/",
                "cannot open 'http://bücher.de/': international host names are not supported; type the xn-- form of 'bücher.de'"
            ),
            ("http://\u{1B}[2J/", "cannot open 'http://␛[2J/': '␛[2J' is not a host name"),
            ("http://u:secret@a b/", "cannot open 'http://u:••••••@a b/': 'a b' is not a host name"),
            ("u:secret@host/x", "cannot open 'u:••••••@host/x': hammock speaks http and https"),
        ])
    func refusals(text: String, expected: String) {
        #expect(message(text) == expected)
        #expect(message(text, base: base) == expected)
    }

    @Test("on the command line a path needs a host")
    func relativeWithoutBase() {
        #expect(
            message("/users") == "cannot open '/users': a path needs a host in front (for example localhost:8080/users)"
        )
        #expect(message("  ")?.hasPrefix("no URL given") == true)
    }

    @Test("URLs are shown with non-ASCII decoded, everything that could mislead kept escaped")
    func readable() {
        #expect(PercentEncoding.readable("http://h/caf%C3%A9/%E6%97%A5%E6%9C%AC") == "http://h/café/日本")
        // ASCII escapes keep their meaning visible.
        #expect(PercentEncoding.readable("http://h/a%20b%2Fc%25") == "http://h/a%20b%2Fc%25")
        // Invisible, bidi and space-like characters, and invalid UTF-8, stay escaped.
        #expect(PercentEncoding.readable("/x%E2%80%AEy%C2%A0z%E2%80%8B") == "/x%E2%80%AEy%C2%A0z%E2%80%8B")
        #expect(PercentEncoding.readable("/%C3%28%FF") == "/%C3%28%FF")
        // A combining mark joins a decoded letter, never an ASCII delimiter.
        #expect(PercentEncoding.readable("/e%CC%81/%CC%81") == "/e%CC%81/%CC%81")
        #expect(PercentEncoding.readable("/%C3%A9%CC%81") == "/\u{E9}\u{301}")
    }
}
