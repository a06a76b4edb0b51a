import Foundation
import Hummingbird

/// `/echo` (and any path below it) for `GET`, `POST`, `PUT`, `PATCH` and `DELETE`,
/// `GET /headers`, and `GET /target` (and any path below it), which answers the request target
/// exactly as it arrived, escapes included: they describe the request they received.
struct EchoRoutes {
    /// The methods `/echo` answers.
    static let methods: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete]

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        for method in Self.methods {
            for path in ["echo", "echo/**"] {
                router.on(RouterPath(path), method: method) { request, _ in
                    try ResponseBuilder.json(try await Self.describe(request), for: request)
                }
            }
        }
        router.get("headers") { request, _ in
            try ResponseBuilder.json(Self.headers(of: request), for: request)
        }
        for path in ["target", "target/**"] {
            router.get(RouterPath(path)) { request, _ in
                try ResponseBuilder.json(JSONValue.object(["target": .string(request.uri.description)]), for: request)
            }
        }
    }

    /// The echo body: method, path, query, headers and the body as text (`null` when the body is
    /// empty or not valid UTF-8), as base64, and its length in bytes.
    static func describe(_ request: Request) async throws -> JSONValue {
        let body = try await RequestBodyReader.data(of: request)
        let text = body.isEmpty ? nil : String(bytes: body, encoding: .utf8)
        var query: [String: JSONValue] = [:]
        for (key, value) in request.uri.queryParameters {
            let name = String(key).removingPercentEncoding ?? String(key)
            if query[name] == nil {
                query[name] = .string(String(value))
            }
        }
        return .object([
            "method": .string(request.method.rawValue),
            "path": .string(request.uri.path),
            "query": .object(query),
            "headers": headers(of: request),
            "body": text.map(JSONValue.string) ?? .null,
            "bodyBase64": .string(body.base64EncodedString()),
            "bodyLength": .int(body.count),
        ])
    }

    /// The request headers as an object with lower-cased names; repeated headers are joined with
    /// ", ".
    static func headers(of request: Request) -> JSONValue {
        var headers: [String: String] = [:]
        // HTTPTypes keeps the Host header as the request's authority, not among the fields.
        if let authority = request.head.authority {
            headers["host"] = authority
        }
        for field in request.headers {
            let name = field.name.canonicalName.lowercased()
            if let existing = headers[name] {
                headers[name] = existing + ", " + field.value
            } else {
                headers[name] = field.value
            }
        }
        return .object(headers.mapValues(JSONValue.string))
    }
}
