import AsyncHTTPClient
import Foundation
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns a `URLRequest` into AsyncHTTPClient's request: http or https with a host only, headers
/// in a stable order (by name), `Content-Length` left to the client, the body as bytes.
enum HTTPRequestConversion {
    /// Why a request cannot be sent.
    struct InvalidURL: Error, CustomStringConvertible {
        /// The URL as given, or `<none>`.
        var url: String
        /// What is wrong with it.
        var problem: String
        var description: String { "\(problem): \(url)" }
    }

    static func clientRequest(from request: URLRequest) throws -> HTTPClient.Request {
        guard let url = request.url else {
            throw HTTPFailure(kind: .invalidURL, underlying: InvalidURL(url: "<none>", problem: "no URL"))
        }
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            let problem = scheme.isEmpty ? "no scheme" : "unsupported scheme \(scheme)"
            throw HTTPFailure(kind: .invalidURL, underlying: InvalidURL(url: url.absoluteString, problem: problem))
        }
        guard url.host?.isEmpty == false else {
            throw HTTPFailure(kind: .invalidURL, underlying: InvalidURL(url: url.absoluteString, problem: "no host"))
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
