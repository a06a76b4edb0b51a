import Foundation
import Hummingbird

/// Builds the responses that carry a whole body in memory.
///
/// Every `GET` (or `HEAD`) answered with `200 OK` gets a strong ``ETag``; when the request's
/// `If-None-Match` names that tag the answer is `304 Not Modified` with the tag and no body.
/// Other methods and statuses get no tag.
enum ResponseBuilder {
    /// A JSON response of `value`, encoded by ``JSONCoding``.
    static func json(
        _ value: some Encodable,
        status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:],
        for request: Request
    ) throws -> Response {
        try bytes(
            JSONCoding.encode(value), contentType: ContentType.json, status: status, headers: headers, for: request)
    }

    /// A UTF-8 plain text response.
    static func text(_ text: String, for request: Request) -> Response {
        bytes(Data(text.utf8), contentType: ContentType.text, for: request)
    }

    /// A response with the given bytes and content type, exactly as given.
    static func bytes(
        _ data: Data,
        contentType: String,
        status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:],
        for request: Request
    ) -> Response {
        var headers = headers
        headers[.contentType] = contentType
        if request.method == .get || request.method == .head, status == .ok {
            let tag = ETag(of: data)
            headers[.eTag] = tag.value
            if tag.isMatched(byIfNoneMatch: request.headers[values: .ifNoneMatch]) {
                headers[.contentType] = nil
                return bodiless(status: .notModified, headers: headers)
            }
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A response without a body and without a `Content-Length` header, as HTTP requires for
    /// `204 No Content` and `304 Not Modified`.
    static func bodiless(status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        var response = Response(status: status, headers: headers)
        response.headers[.contentLength] = nil
        return response
    }
}
