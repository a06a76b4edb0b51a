import DemoAPI
import Foundation
import Squid
import Testing

private struct NewUser: Encodable, Sendable {
    let userName: String
    let age: Int
}

@Suite("request bodies as the server receives them")
struct BodyTests {

    @Test("a JSON body is encoded with the given encoder and typed application/json")
    func json() async throws {
        try await withDemoServer { server in
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = .sortedKeys
            let request = EchoRequest(
                method: .post, body: HttpData.Json(NewUser(userName: "ada", age: 36), encoder: encoder))
            let echo = try await request.schedule(with: DemoService(server)).value
            #expect(echo.body == #"{"age":36,"user_name":"ada"}"#)
            #expect(echo.headers["content-type"] == "application/json")
            #expect(echo.bodyLength == echo.body?.utf8.count)
        }
    }

    @Test("the request's Content-Type header wins over the body's")
    func contentTypeOverride() async throws {
        try await withDemoServer { server in
            let request = EchoRequest(
                method: .put,
                header: [.contentType: "application/vnd.demo+json"],
                body: HttpData.Json(["a": 1])
            )
            let echo = try await request.schedule(with: DemoService(server)).value
            #expect(echo.headers["content-type"] == "application/vnd.demo+json")
            #expect(echo.body == #"{"a":1}"#)
        }
    }

    @Test("a form body is URL-encoded in written order")
    func urlencoded() async throws {
        try await withDemoServer { server in
            let form: HttpData.Urlencoded = ["name": "Ada Lovelace", "tags": ["x", "y&z"], "admin": true]
            let echo = try await EchoRequest(method: .post, body: form).schedule(with: DemoService(server)).value
            #expect(echo.body == "name=Ada%20Lovelace&tags=x&tags=y%26z&admin=true")
            #expect(echo.headers["content-type"] == "application/x-www-form-urlencoded")
        }
    }

    @Test("image and raw bodies arrive byte for byte with their media type")
    func binary() async throws {
        try await withDemoServer { server in
            let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x0D, 0x0A])
            let image = try await EchoRequest(method: .post, body: HttpData.Image(.png, data: bytes))
                .schedule(with: DemoService(server)).value
            #expect(image.bodyData == bytes)
            #expect(image.headers["content-type"] == "image/png")

            let raw = try await EchoRequest(method: .patch, body: HttpData.Raw(text: "héllo"))
                .schedule(with: DemoService(server)).value
            #expect(raw.body == "héllo")
            #expect(raw.headers["content-type"] == "text/plain; charset=utf-8")

            let octets = try await EchoRequest(method: .post, body: HttpData.Raw(bytes))
                .schedule(with: DemoService(server)).value
            #expect(octets.headers["content-type"] == "application/octet-stream")
            #expect(octets.bodyLength == bytes.count)
        }
    }

    @Test("a multipart body carries fields and files between boundaries")
    func multipart() async throws {
        try await withDemoServer { server in
            let file = HttpData.Multipart.File(
                name: "doc", filename: "a \"b\".txt", mimeType: .plainText, data: Data("file text".utf8))
            let body = HttpData.Multipart(fields: [("title", "Holiday"), ("n", "2")], files: [file], boundary: "XyZ")
            let echo = try await EchoRequest(method: .post, body: body).schedule(with: DemoService(server)).value
            #expect(echo.headers["content-type"] == "multipart/form-data; boundary=XyZ")
            let expected = [
                "--XyZ", #"Content-Disposition: form-data; name="title""#, "", "Holiday",
                "--XyZ", #"Content-Disposition: form-data; name="n""#, "", "2",
                "--XyZ", #"Content-Disposition: form-data; name="doc"; filename="a %22b%22.txt""#,
                "Content-Type: text/plain; charset=utf-8", "", "file text",
                "--XyZ--", "",
            ].joined(separator: "\r\n")
            #expect(echo.body == expected)
        }
    }

    @Test("a GET or HEAD request with a body is refused and never sent")
    func getWithBody() async throws {
        try await withDemoServer { server in
            for method in [HttpMethod.get, .head] {
                let request = EchoRequest(method: method, body: HttpData.Raw(text: "x"))
                let error = await failure(request.schedule(with: DemoService(server)))
                guard case .invalidRequest(let message)? = error else {
                    Issue.record("expected invalidRequest, got \(String(describing: error))")
                    continue
                }
                #expect(message.contains(method.rawValue))
            }
            #expect(server.requestCount(forPath: "/echo") == 0)
        }
    }

    @Test("an encoder failure is reported as encodingFailed and nothing is sent")
    func encodingFailure() async throws {
        struct Unencodable: Encodable, Sendable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "nope"))
            }
        }
        try await withDemoServer { server in
            let request = EchoRequest(method: .post, body: HttpData.Json(Unencodable()))
            let error = await failure(request.schedule(with: DemoService(server)))
            guard case .encodingFailed? = error else {
                Issue.record("expected encodingFailed, got \(String(describing: error))")
                return
            }
            #expect(server.requestCount(forPath: "/echo") == 0)
        }
    }
}
