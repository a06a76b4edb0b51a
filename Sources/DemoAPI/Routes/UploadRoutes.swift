import Foundation
import Hummingbird

/// `/upload` (and any path below it) for `POST`, `PUT` and `PATCH`: reads a body of any size as it
/// streams in, keeps none of it, and answers with what arrived, so uploads can be checked byte
/// for byte without the server holding them.
///
/// The answer has `method`, `contentType` and `contentLength` (the request's headers, or
/// `null`), `chunked` (whether it came with `Transfer-Encoding: chunked`), `length` and
/// `checksum` (``UploadChecksum`` of every byte of the body), and `parts`: for a
/// `multipart/form-data` body, each part in order with its `name`, `filename`, `contentType`,
/// `headers` (as `[name, value]` pairs), `length`, `checksum` and `text` (its content when it is
/// UTF-8 of at most 4 KiB, else `null`); `null` for any other body. A multipart body that does not
/// parse is a 400 that says why.
struct UploadRoutes {
    /// The methods `/upload` answers.
    static let methods: [HTTPRequest.Method] = [.post, .put, .patch]

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        for method in Self.methods {
            for path in ["upload", "upload/**"] {
                router.on(RouterPath(path), method: method) { request, _ in
                    try ResponseBuilder.json(try await Self.describe(request), for: request)
                }
            }
        }
    }

    /// Reads the body and describes it.
    static func describe(_ request: Request) async throws -> JSONValue {
        let contentType = request.headers[.contentType]
        let boundary = contentType.flatMap { type in
            type.lowercased().hasPrefix("multipart/") ? MultipartStreamReader.boundary(ofContentType: type) : nil
        }
        if let contentType, contentType.lowercased().hasPrefix("multipart/"), boundary == nil {
            throw APIError(.badRequest, "The multipart body's Content-Type has no boundary.")
        }
        var reader = boundary.map { MultipartStreamReader(boundary: $0) }
        var checksum = UploadChecksum()
        do {
            for try await buffer in request.body {
                buffer.withUnsafeReadableBytes { checksum.add($0) }
                try reader?.feed(buffer.readableBytesView)
            }
        } catch let failure as MultipartStreamReader.Failure {
            throw APIError(.badRequest, "The multipart body is malformed: \(failure).")
        }
        var parts = JSONValue.null
        if var reader {
            do {
                parts = .array(try reader.finish().map(Self.json(of:)))
            } catch {
                throw APIError(.badRequest, "The multipart body is malformed: \(error).")
            }
        }
        let encoding = request.headers[.transferEncoding]?.lowercased() ?? ""
        return .object([
            "method": .string(request.method.rawValue),
            "contentType": contentType.map(JSONValue.string) ?? .null,
            "contentLength": request.headers[.contentLength].map(JSONValue.string) ?? .null,
            "chunked": .bool(encoding.contains("chunked")),
            "length": .int(Int(checksum.count)),
            "checksum": .string(checksum.hex),
            "parts": parts,
        ])
    }

    private static func json(of part: MultipartStreamReader.Part) -> JSONValue {
        .object([
            "name": part.name.map(JSONValue.string) ?? .null,
            "filename": part.filename.map(JSONValue.string) ?? .null,
            "contentType": part.contentType.map(JSONValue.string) ?? .null,
            "headers": .array(part.headers.map { .array([.string($0.name), .string($0.value)]) }),
            "length": .int(Int(part.length)),
            "checksum": .string(part.checksum.hex),
            "text": part.text.map(JSONValue.string) ?? .null,
        ])
    }
}
