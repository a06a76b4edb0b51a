import AsyncHTTPClient
import Foundation
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns a `URLRequest` into AsyncHTTPClient's request: http or https with a host only, headers
/// in a stable order (by name), `Content-Length` left to the client, the body as bytes, or
/// streamed: an ``HTTPUploadStream``'s body with its length, any other `httpBodyStream` chunked.
enum HTTPRequestConversion {
    static func clientRequest(from request: URLRequest) throws -> HTTPClient.Request {
        guard let url = request.url else {
            throw HTTPFailure(kind: .invalidURL, underlying: HTTPInvalidURL(url: nil, problem: "no URL"))
        }
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            let problem = scheme.isEmpty ? "no scheme" : "unsupported scheme \(scheme)"
            throw HTTPFailure(kind: .invalidURL, underlying: HTTPInvalidURL(url: url.absoluteString, problem: problem))
        }
        guard url.host?.isEmpty == false else {
            throw HTTPFailure(
                kind: .invalidURL, underlying: HTTPInvalidURL(url: url.absoluteString, problem: "no host"))
        }
        var headers = HTTPHeaders()
        let fields = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key.lowercased() < $1.key.lowercased() }
        for (name, value) in fields where name.lowercased() != "content-length" {
            headers.add(name: name, value: value)
        }
        return try HTTPClient.Request(
            url: url, method: HTTPMethod(rawValue: request.httpMethod ?? "GET"), headers: headers,
            body: body(of: request))
    }

    /// The client body of `request`: its `httpBody`, else its `httpBodyStream` streamed.
    static func body(of request: URLRequest) -> HTTPClient.Body? {
        if let data = request.httpBody { return .bytes(data) }
        if let upload = HTTPUploadStream.body(of: request.httpBodyStream) {
            return HTTPUploadWriter.clientBody(for: upload)
        }
        return request.httpBodyStream.map { HTTPUploadWriter.clientBody(for: $0) }
    }

    /// The number of body bytes `request` sends: nil when a stream of unknown length.
    static func bodyLength(of request: URLRequest) -> Int64? {
        if let data = request.httpBody { return Int64(data.count) }
        if let upload = HTTPUploadStream.body(of: request.httpBodyStream) { return upload.length }
        return request.httpBodyStream == nil ? 0 : nil
    }
}
