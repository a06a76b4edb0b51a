import DemoAPI
import Foundation
import TestSupport
import Testing

/// URLs on the command line and in `g`, and form-urlencoded bodies, in the built binary.
@Suite("URLs and form bodies in the hammock binary", .serialized)
struct URLEndToEndTests {
    @Test(
        "unsupported schemes and empty hosts are refused on the command line with a sentence",
        arguments: [
            ("ftp://example.org/x", "cannot open 'ftp://example.org/x': hammock speaks http and https"),
            ("file:///etc/hosts", "cannot open 'file:///etc/hosts': hammock speaks http and https"),
            ("http://", "cannot open 'http://': it names no host (for example http://localhost:8080/)"),
        ])
    func refused(url: String, message: String) async throws {
        let run = try await HammockProcess.run(["--no-cache", url], timeout: 10)
        #expect(run.status != 0)
        #expect(run.error.contains("Error: \(message)"), "\(run.error)")
        #expect(!run.error.contains("HTTPClientError"))
    }

    @Test("a bare host:port/path opens over http, and g refuses other schemes in a sentence")
    func bareHost() async throws {
        let server = try await SharedDemoServer.get()
        let port = try #require(server.baseURL.port)
        let session = try TmuxSession(arguments: ["--no-cache", "127.0.0.1:\(port)/users/1"])
        defer { session.close() }
        let screen = await session.waitFor(#""username": "alovelace""#)
        #expect(screen.contains("GET http://127.0.0.1:\(port)/users/1"))
        #expect(screen.contains("service.baseURL http://127.0.0.1:\(port)/"))
        try session.keys("g")
        try session.type("ftp://example.org/x")
        try session.keys("Enter")
        await session.waitFor("cannot open 'ftp://example.org/x': hammock speaks http and https")
    }

    @Test("a form-urlencoded a=1&b=2 shows the body it sends and reaches the server as two fields")
    func formFields() async throws {
        let server = try await SharedDemoServer.get()
        let session = try TmuxSession(arguments: ["--no-cache", server.baseURL.absoluteString + "anything"])
        defer { session.close() }
        await session.waitFor("newData(network)")
        try session.keys("p")
        await session.waitFor("JSON body")
        try session.keys("C-t")
        try session.keys("C-t")
        await session.waitFor("form-urlencoded body")
        try session.type("a=1&b=2 c")
        await session.waitFor("sends a=1&b=2%20c")
        try session.keys("C-s")
        await session.waitFor("onSuccess 200")
        try session.keys("C-r")
        let screen = await session.waitFor(#""b": "2 c""#)
        #expect(screen.contains(#""a": "1""#))
    }
}
