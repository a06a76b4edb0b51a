import Foundation
import Hummingbird

/// `GET /compressed`: a JSON body sent gzip-compressed with `Content-Encoding: gzip`, whatever
/// the request's `Accept-Encoding`, so clients can check that they decompress.
struct CompressedRoutes {
    /// The gzip bytes of `{"compressed": true, "encoding": "gzip", "items": [...]}`.
    static let gzippedJSON = Data(
        base64Encoded:
            "H4sIAAAAAAACA6tWSs7PLShKLS5OTVGyUigpKk3VUVBKzUvOT8nMSweKKKVXZRYoAcUyS1Jzi4EC0UpFqQWpiSWpKQolqRUlCsTzQKaM6h3VO6p3VC/d9MbWAgBkmPVF4wQAAA=="
    )!

    /// Adds the route to `router`.
    func register(on router: Router<BasicRequestContext>) {
        router.get("compressed") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: ContentType.json, .contentEncoding: "gzip"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: Self.gzippedJSON)))
        }
    }
}
