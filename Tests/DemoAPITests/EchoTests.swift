import Foundation
import Testing

@Suite("echo and headers")
struct EchoTests {
    @Test("echo reports method, subpath, query, lower-cased headers and the body")
    func echoPost() async throws {
        try await DemoHarness.run { harness in
            let reply = try await harness.send(
                .POST,
                "/echo/x/y?a=1&b=two%20words",
                headers: [("X-Custom-Header", "Value"), ("Content-Type", "text/plain")],
                body: Data("hello, echo".utf8)
            )
            #expect(reply.status == 200)
            let echo = try reply.object()
            #expect(echo["method"] as? String == "POST")
            #expect(echo["path"] as? String == "/echo/x/y")
            #expect(echo["query"] as? [String: String] == ["a": "1", "b": "two words"])
            let headers = try #require(echo["headers"] as? [String: String])
            #expect(headers["x-custom-header"] == "Value")
            #expect(headers["content-type"] == "text/plain")
            #expect(echo["body"] as? String == "hello, echo")
            #expect(echo["bodyBase64"] as? String == Data("hello, echo".utf8).base64EncodedString())
            #expect(echo["bodyLength"] as? Int == 11)
        }
    }

    @Test("echo answers every writing method on /echo itself")
    func echoMethods() async throws {
        try await DemoHarness.run { harness in
            for method in [HTTPMethodName.put, .patch, .delete, .get] {
                let reply = try await harness.send(method.method, "/echo")
                #expect(reply.status == 200)
                #expect(try reply.object()["method"] as? String == method.rawValue)
            }
        }
    }

    @Test("a body that is not UTF-8 echoes as null text with its base64")
    func binaryBody() async throws {
        try await DemoHarness.run { harness in
            let bytes = Data([0xFF, 0x00, 0xC3])
            let echo = try await harness.send(.PUT, "/echo", body: bytes).object()
            #expect(echo["body"] is NSNull)
            #expect(echo["bodyBase64"] as? String == bytes.base64EncodedString())
            #expect(echo["bodyLength"] as? Int == 3)
        }
    }

    @Test("/headers lists the request headers with lower-cased names")
    func headers() async throws {
        try await DemoHarness.run { harness in
            let headers = try await harness.get("/headers", headers: [("X-Trace", "abc")]).object()
            #expect(headers["x-trace"] as? String == "abc")
            #expect(headers["host"] as? String != nil)
        }
    }
}
