import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns a `URLRequest` (or an ``HTTPPlainRequest``) into the request an engine sends:
/// AsyncHTTPClient's, or ``HTTP1Pool``'s ``HTTP1Request``. Either way: http or https with a host
/// only, headers in a stable order (by name; several lines of one name in the order added),
/// `Content-Length` left to the engine, the body as bytes, or (AsyncHTTPClient only) streamed: an
/// ``HTTPUploadStream``'s body with its length, any other `httpBodyStream` chunked.
enum HTTPRequestConversion {
    static func clientRequest(from request: URLRequest) throws -> HTTPClient.Request {
        try HTTPClient.Request(
            url: checkedURL(of: request), method: HTTPMethod(rawValue: request.httpMethod ?? "GET"),
            headers: headers(of: request), body: body(of: request))
    }

    /// The client request for a request without a body, made as for the equivalent `URLRequest`:
    /// the same checks, the headers in the same order.
    static func clientRequest(from request: HTTPPlainRequest) throws -> HTTPClient.Request {
        try check(request.url)
        return try HTTPClient.Request(
            url: request.url, method: HTTPMethod(rawValue: request.method), headers: headers(of: request))
    }

    /// The pool's request for a `URLRequest` whose body, if any, is `httpBody`.
    static func poolRequest(from request: URLRequest) throws -> HTTP1Request {
        guard let url = request.url else {
            throw HTTPFailure(kind: .invalidURL, underlying: HTTPInvalidURL(url: nil, problem: "no URL"))
        }
        let body: HTTP1Request.Body =
            if let data = request.httpBody {
                data.isEmpty ? .none : .bytes(ByteBuffer(data: data))
            } else {
                streamedBody(of: request).map { .streamed($0) } ?? .none
            }
        return try HTTP1Request(
            url: url, host: check(url), method: HTTPMethod(rawValue: request.httpMethod ?? "GET"),
            headers: headers(of: request), body: body)
    }

    /// The pool's request for a request without a body.
    static func poolRequest(from request: HTTPPlainRequest) throws -> HTTP1Request {
        try HTTP1Request(
            url: request.url, host: check(request.url), method: HTTPMethod(rawValue: request.method),
            headers: headers(of: request), body: .none)
    }

    /// The URL of `request`, checked.
    private static func checkedURL(of request: URLRequest) throws -> URL {
        guard let url = request.url else {
            throw HTTPFailure(kind: .invalidURL, underlying: HTTPInvalidURL(url: nil, problem: "no URL"))
        }
        try check(url)
        return url
    }

    /// The header fields of `request` by name, without `Content-Length`; several lines of one
    /// name (``HTTPHeaderLines``) each as a line of its own.
    private static func headers(of request: URLRequest) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for field in HTTPHeaderLines.fields(of: request) where !HTTPHeaderName.isContentLength(field.name) {
            headers.add(name: field.name, value: field.value)
        }
        return headers
    }

    /// The header fields of `request` by name, without `Content-Length`, as for the equivalent
    /// `URLRequest`.
    private static func headers(of request: HTTPPlainRequest) -> HTTPHeaders {
        var headers = HTTPHeaders()
        guard !request.headerFields.isEmpty else { return headers }
        headers.reserveCapacity(request.headerFields.count)
        let fields =
            request.headerFields.count == 1
            ? request.headerFields : request.headerFields.sorted { $0.name.lowercased() < $1.name.lowercased() }
        for field in fields where !HTTPHeaderName.isContentLength(field.name) {
            headers.add(name: field.name, value: field.value)
        }
        return headers
    }

    /// Throws unless `url` is http or https with a host; returns the host.
    @discardableResult
    private static func check(_ url: URL) throws -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            let problem = scheme.isEmpty ? "no scheme" : "unsupported scheme \(scheme)"
            throw HTTPFailure(kind: .invalidURL, underlying: HTTPInvalidURL(url: url.absoluteString, problem: problem))
        }
        guard let host = url.host, !host.isEmpty else {
            throw HTTPFailure(
                kind: .invalidURL, underlying: HTTPInvalidURL(url: url.absoluteString, problem: "no host"))
        }
        return host
    }

    /// The client body of `request`: its `httpBody`, else its `httpBodyStream` streamed.
    static func body(of request: URLRequest) -> HTTPClient.Body? {
        if let data = request.httpBody { return .bytes(data) }
        return streamedBody(of: request).map(HTTPUploadWriter.clientBody(for:))
    }

    /// The `httpBodyStream` of `request`, streamed: an ``HTTPUploadStream``'s body with its
    /// length, any other stream chunked. Nil without a stream.
    static func streamedBody(of request: URLRequest) -> HTTPStreamedBody? {
        if let upload = HTTPUploadStream.body(of: request.httpBodyStream) {
            return HTTPUploadWriter.streamedBody(for: upload)
        }
        return request.httpBodyStream.map { HTTPUploadWriter.streamedBody(for: $0) }
    }

    /// The number of body bytes `request` sends: nil when a stream of unknown length.
    static func bodyLength(of request: URLRequest) -> Int64? {
        if let data = request.httpBody { return Int64(data.count) }
        if let upload = HTTPUploadStream.body(of: request.httpBodyStream) { return upload.length }
        return request.httpBodyStream == nil ? 0 : nil
    }
}
