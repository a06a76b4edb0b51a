import AsyncHTTPClient
import Foundation
import Testing

@Suite("broken and hostile routes")
struct BrokenRouteTests {
    @Test("/broken/close announces 100000 bytes, sends a few and closes: the client gets an error")
    func closeMidBody() async throws {
        try await DemoHarness.run { harness in
            let response = try await harness.start(.GET, "/broken/close")
            #expect(response.status.code == 200)
            #expect(response.headers.first(name: "Content-Length") == "100000")
            await #expect(throws: (any Error).self) {
                _ = try await response.body.collect(upTo: 1024 * 1024)
            }
            // The server still serves new connections afterwards.
            #expect(try await harness.get("/users/1").status == 200)
        }
    }

    @Test("the malformed bodies are served byte for byte with their content types")
    func malformedBodies() async throws {
        try await DemoHarness.run { harness in
            let json = try await harness.get("/broken/json")
            #expect(json.text == #"{"unterminated": [1, 2"#)
            #expect(json.header("Content-Type") == "application/json; charset=utf-8")
            #expect((try? JSONSerialization.jsonObject(with: json.body)) == nil)

            let utf8 = try await harness.get("/broken/utf8")
            #expect(utf8.body == Data([0xFF, 0xFE, 0x41, 0xC3, 0x28]))
            #expect(String(data: utf8.body, encoding: .utf8) == nil)

            #expect(try await harness.get("/broken/scalar").text == "42")

            let empty = try await harness.get("/broken/empty")
            #expect(empty.status == 200)
            #expect(empty.body.isEmpty)
            #expect(empty.header("Content-Type")?.hasPrefix("application/json") == true)

            let charset = try await harness.get("/broken/charset")
            #expect(charset.header("Content-Type") == "text/plain; charset=x-unknown-charset")
            #expect(charset.text == "hello")
        }
    }

    @Test("/hostile and /hostile.json carry escape sequences and control characters")
    func hostile() async throws {
        try await DemoHarness.run { harness in
            let text = try await harness.get("/hostile").text
            for needle in ["\u{1B}[2J", "\u{1B}]0;", "\u{07}", "\u{00}", "\u{08}", "\r", "\u{202E}"] {
                #expect(text.contains(needle), "missing \(needle.unicodeScalars.map(\.value))")
            }
            let json = try await harness.get("/hostile.json").object()
            #expect(json.keys.contains { $0.contains("\u{1B}") })
            #expect((json["name"] as? String)?.contains("\u{1B}[2J") == true)
        }
    }
}
