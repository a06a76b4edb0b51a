import Foundation
import Hummingbird
import NIOCore

/// Routes under `/broken/` that misbehave on purpose: a connection closed mid-body, malformed
/// JSON, invalid UTF-8, a bare JSON scalar, an empty JSON body and an unknown charset.
struct BrokenRoutes {
    /// The `Content-Length` that `/broken/close` announces.
    static let announcedLength = 100_000
    /// The bytes `/broken/close` sends before closing the connection.
    static let partialBody = Data("{\"items\": [1, 2, 3, ".utf8)

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        router.get("broken/close") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: ContentType.json],
                body: ResponseBody(contentLength: Self.announcedLength) { writer in
                    try await writer.write(ByteBuffer(bytes: Self.partialBody))
                    try await Task.sleep(for: .milliseconds(20))
                    // Throwing from the body writer makes the server close the connection.
                    throw BrokenConnection()
                }
            )
        }
        router.get("broken/json") { request, _ in
            ResponseBuilder.bytes(Data("{\"unterminated\": [1, 2".utf8), contentType: ContentType.json, for: request)
        }
        router.get("broken/utf8") { request, _ in
            ResponseBuilder.bytes(Data([0xFF, 0xFE, 0x41, 0xC3, 0x28]), contentType: ContentType.text, for: request)
        }
        router.get("broken/scalar") { request, _ in
            ResponseBuilder.bytes(Data("42".utf8), contentType: ContentType.json, for: request)
        }
        router.get("broken/empty") { request, _ in
            ResponseBuilder.bytes(Data(), contentType: ContentType.json, for: request)
        }
        router.get("broken/charset") { request, _ in
            ResponseBuilder.bytes(
                Data("hello".utf8), contentType: "text/plain; charset=x-unknown-charset", for: request)
        }
    }
}

/// Thrown by the `/broken/close` body writer to abort the response.
private struct BrokenConnection: Error {}
