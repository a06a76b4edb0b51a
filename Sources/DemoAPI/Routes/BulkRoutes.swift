import Hummingbird
import NIOCore

/// Routes that produce a lot of data: a large JSON array, a slow download, a JSON array sent in
/// chunks without a `Content-Length`, and a paged collection.
struct BulkRoutes {
    /// The number of items behind `GET /paged`.
    static let pagedItemCount = 45

    /// The largest `count` that `/large` accepts.
    static let maximumLargeCount = 1_000_000
    /// The largest `bytes` that `/download` accepts: 100 MiB.
    static let maximumDownloadBytes = 100 * 1024 * 1024

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        router.get("large") { request, _ in
            let count = try QueryParameters(request).int("count", default: 100_000, in: 0...Self.maximumLargeCount)
            let items = (0..<count).map(LargeItem.init(id:))
            return try ResponseBuilder.json(items, for: request)
        }
        router.get("download") { request, _ in
            let query = QueryParameters(request)
            let total = try query.int("bytes", default: 200_000, in: 0...Self.maximumDownloadBytes)
            let chunk = try query.int("chunk", default: 20000, in: 1...(4 * 1024 * 1024))
            let delay = try query.int("delay", default: 50, in: 0...10000)
            return Response(
                status: .ok,
                headers: [.contentType: ContentType.octetStream],
                body: Self.downloadBody(total: total, chunk: chunk, delay: delay)
            )
        }
        router.get("chunked") { request, _ in
            let count = try QueryParameters(request).int("count", default: 3, in: 0...1_000_000)
            return Response(
                status: .ok, headers: [.contentType: ContentType.json], body: Self.chunkedJSONBody(count: count))
        }
        router.get("paged") { request, _ in
            let query = QueryParameters(request)
            let page = try query.int("page", default: 1, in: 1...1_000_000)
            let perPage = try query.int("perPage", default: 10, in: 1...100)
            let total = Self.pagedItemCount
            let first = (page - 1) * perPage + 1
            let ids = first <= total ? Array(first...min(first + perPage - 1, total)) : []
            let body = JSONValue.object([
                "items": .array(ids.map { .object(["id": .int($0), "name": .string("item \($0)")]) }),
                "page": .int(page),
                "perPage": .int(perPage),
                "totalPages": .int((total + perPage - 1) / perPage),
                "totalItems": .int(total),
            ])
            return try ResponseBuilder.json(body, for: request)
        }
    }

    /// A body of `total` bytes announced by its `Content-Length`, written `chunk` bytes at a
    /// time with `delay` milliseconds between writes. Byte `i` of the body is `i % 256`.
    static func downloadBody(total: Int, chunk: Int, delay: Int) -> ResponseBody {
        ResponseBody(contentLength: total) { writer in
            var offset = 0
            while offset < total {
                if offset > 0 && delay > 0 {
                    try await Task.sleep(for: .milliseconds(delay))
                }
                let end = min(offset + chunk, total)
                try await writer.write(patternBytes(from: offset, to: end))
                offset = end
            }
            try await writer.finish(nil)
        }
    }

    /// A JSON array of `count` objects (`{"id":0}`), written one element at a time with no
    /// `Content-Length`, so the response goes out with `Transfer-Encoding: chunked`.
    static func chunkedJSONBody(count: Int) -> ResponseBody {
        ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "["))
            for index in 0..<count {
                try await writer.write(ByteBuffer(string: (index == 0 ? "" : ",") + "{\"id\":\(index)}"))
            }
            try await writer.write(ByteBuffer(string: "]"))
            try await writer.finish(nil)
        }
    }

    /// The 256 byte values in order, the period of the download pattern.
    private static let pattern = ByteBuffer(bytes: (0...255).map { UInt8($0) })

    /// Bytes `start..<end` of the download pattern.
    private static func patternBytes(from start: Int, to end: Int) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(end - start)
        var position = start
        while position < end {
            let phase = position % 256
            let count = min(256 - phase, end - position)
            buffer.writeImmutableBuffer(pattern.getSlice(at: phase, length: count)!)
            position += count
        }
        return buffer
    }
}

/// One element of the `/large` array.
private struct LargeItem: Encodable {
    let id: Int
    let name: String
    let url: String
    let tags: [String]

    init(id: Int) {
        self.id = id
        name = "item \(id)"
        url = "/large/\(id)"
        tags = ["tag\(id % 7)", id.isMultiple(of: 2) ? "even" : "odd"]
    }
}
