import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Routes under `/broken/` that behave like a hostile or failing server, to try a client's limits
/// against: a slow drip, an endless body, a stalled body, ten thousand header fields, a header
/// line of a megabyte, and a chunked body cut off before its end.
struct HostileServerRoutes {
    /// Counts the requests, so that `/broken/drip` can answer its first ones at once.
    let store: DemoStore
    /// The most header fields `/broken/headers` sends.
    static let maximumHeaderCount = 20_000
    /// The longest header value `/broken/header-line` sends, in bytes.
    static let maximumHeaderLine = 4 << 20
    /// The bytes `/broken/stall` sends before it stops sending.
    static let stallPrefix = Data("{\"items\": [1, 2".utf8)

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let store = self.store
        // GET /broken/drip?bytes=N&interval=MS&fast=F: N bytes of a JSON string, one every MS
        // milliseconds (1000 by default), with the full Content-Length announced up front. The
        // first F requests to the path (0 by default) get the whole body at once, so a client
        // can hold data before the drips start.
        router.get("broken/drip") { request, _ in
            let query = QueryParameters(request)
            let count = try query.int("bytes", default: 60, in: 2...100_000)
            let fast = try query.int("fast", default: 0, in: 0...1000)
            let interval =
                store.requestCount(forPath: "/broken/drip") <= fast
                ? 0 : try query.int("interval", default: 1000, in: 1...60000)
            return Response(
                status: .ok, headers: [.contentType: ContentType.json],
                body: ResponseBody(contentLength: count) { writer in
                    var body = [UInt8](repeating: UInt8(ascii: "x"), count: count)
                    body[0] = UInt8(ascii: "\"")
                    body[count - 1] = UInt8(ascii: "\"")
                    if interval == 0 {
                        try await writer.write(ByteBuffer(bytes: body))
                    }
                    for byte in body where interval > 0 {
                        try await writer.write(ByteBuffer(bytes: [byte]))
                        try await Task.sleep(for: .milliseconds(interval))
                    }
                    try await writer.finish(nil)
                })
        }
        // GET /broken/endless: a chunked body of 64 KiB chunks that never ends; it stops when
        // the client goes away.
        router.get("broken/endless") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/octet-stream"],
                body: ResponseBody { writer in
                    let chunk = ByteBuffer(repeating: UInt8(ascii: "z"), count: 64 * 1024)
                    while true {
                        try Task.checkCancellation()
                        try await writer.write(chunk)
                    }
                })
        }
        // GET /broken/stall: announces 1000 bytes, sends a few, then sends nothing more until
        // the client goes away.
        router.get("broken/stall") { _, _ in
            Response(
                status: .ok, headers: [.contentType: ContentType.json],
                body: ResponseBody(contentLength: 1000) { writer in
                    try await writer.write(ByteBuffer(bytes: Self.stallPrefix))
                    try await Task.sleep(for: .seconds(3600))
                })
        }
        // GET /broken/headers?count=N: N header fields (10,000 by default), X-Filler-1 to N.
        router.get("broken/headers") { request, _ in
            let count = try QueryParameters(request).int("count", default: 10_000, in: 0...Self.maximumHeaderCount)
            var fields = HTTPFields()
            fields.reserveCapacity(count + 1)
            fields[.contentType] = ContentType.json
            let name = HTTPField.Name("X-Filler")!
            for index in stride(from: 1, through: count, by: 1) {
                fields.append(HTTPField(name: name, value: String(index)))
            }
            return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: "{}")))
        }
        // GET /broken/header-line?bytes=N: one header field whose value is N bytes long (1 MiB by
        // default).
        router.get("broken/header-line") { request, _ in
            let size = try QueryParameters(request).int("bytes", default: 1 << 20, in: 1...Self.maximumHeaderLine)
            var fields = HTTPFields()
            fields[.contentType] = ContentType.json
            fields[HTTPField.Name("X-Long")!] = String(repeating: "a", count: size)
            return Response(status: .ok, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: "{}")))
        }
        // GET /broken/chunked-close: a chunked JSON body whose connection closes after the first
        // chunk, before the last one.
        router.get("broken/chunked-close") { _, _ in
            Response(
                status: .ok, headers: [.contentType: ContentType.json],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "{\"items\": [1, 2, 3, "))
                    try await Task.sleep(for: .milliseconds(20))
                    // Throwing from the body writer makes the server close the connection.
                    throw CutOff()
                })
        }
    }
}

/// Thrown by the `/broken/chunked-close` body writer to cut the body off.
private struct CutOff: Error {}
