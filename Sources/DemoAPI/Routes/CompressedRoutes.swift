import Foundation
import Hummingbird

/// `GET /compressed`: a JSON body sent gzip-compressed with `Content-Encoding: gzip`, whatever
/// the request's `Accept-Encoding`, so clients can check that they decompress.
/// `GET /compressed/bomb`: 1,051 gzip bytes that expand to 1 MiB of zeros, a ratio of about
/// 1000, for clients' limits against compression bombs.
struct CompressedRoutes {
    /// The gzip bytes of `{"compressed": true, "encoding": "gzip", "items": [...]}`.
    static let gzippedJSON = Data(
        base64Encoded:
            "H4sIAAAAAAACA6tWSs7PLShKLS5OTVGyUigpKk3VUVBKzUvOT8nMSweKKKVXZRYoAcUyS1Jzi4EC0UpFqQWpiSWpKQolqRUlCsTzQKaM6h3VO6p3VC/d9MbWAgBkmPVF4wQAAA=="
    )!

    /// The gzip bytes of 1 MiB of zeros: a header, a run of zero bytes that deflate turns back
    /// into the same run many times over, and the trailer (CRC-32 and size).
    static let gzipBomb: Data = {
        let head: [UInt8] = [
            0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xED, 0xC1, 0x31, 0x01, 0x00, 0x00, 0x00,
            0xC2, 0xA0, 0xF5, 0x4F, 0x6D, 0x08, 0x5F, 0xA0,
        ]
        let tail: [UInt8] = [0x3E, 0x03, 0x1C, 0xEA, 0x38, 0xA7, 0x00, 0x00, 0x10, 0x00]
        return Data(head + [UInt8](repeating: 0, count: 1016) + tail)
    }()

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        router.get("compressed") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: ContentType.json, .contentEncoding: "gzip"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: Self.gzippedJSON)))
        }
        router.get("compressed/bomb") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: ContentType.octetStream, .contentEncoding: "gzip"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: Self.gzipBomb)))
        }
    }
}
