import AsyncHTTPClient
import Foundation
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns a `URLRequest` into AsyncHTTPClient's request: http or https with a host only, headers
/// in a stable order (by name), `Content-Length` left to the client, the body as bytes.
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
            body: request.httpBody.map { .bytes($0) })
    }
}
