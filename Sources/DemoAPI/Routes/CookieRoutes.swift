import Foundation
import Hummingbird

/// `/cookies` in the style of httpbin: show the cookies a client sends, and set or delete some
/// with a redirect back to `/cookies`, so a client's cookie handling across redirects can be seen.
///
/// - `GET /cookies`: `{"cookies": {"name": "value", …}}` from the request's `Cookie` headers.
/// - `GET /cookies/set?name=value&…`: sets each query parameter as a cookie (`Path=/`) and
///   answers `302 Found` to `/cookies`.
/// - `GET /cookies/delete?name&…`: expires each named cookie (`Max-Age=0` and an `Expires` in
///   1970) and answers `302 Found` to `/cookies`.
struct CookieRoutes {
    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        router.get("cookies") { request, _ in
            var cookies: [String: JSONValue] = [:]
            for header in request.headers[values: .cookie] {
                for pair in header.split(separator: ";") {
                    let equals = pair.firstIndex(of: "=") ?? pair.endIndex
                    let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
                    let value = equals == pair.endIndex ? "" : String(pair[pair.index(after: equals)...])
                    if !name.isEmpty { cookies[name] = .string(value.trimmingCharacters(in: .whitespaces)) }
                }
            }
            return try ResponseBuilder.json(JSONValue.object(["cookies": .object(cookies)]), for: request)
        }
        router.get("cookies/set") { request, _ in
            var headers: HTTPFields = [.location: "/cookies"]
            for (name, value) in Self.parameters(of: request) {
                headers.append(.init(name: .setCookie, value: "\(name)=\(value); Path=/"))
            }
            return Response(status: .found, headers: headers)
        }
        router.get("cookies/delete") { request, _ in
            var headers: HTTPFields = [.location: "/cookies"]
            for (name, _) in Self.parameters(of: request) {
                headers.append(
                    .init(
                        name: .setCookie, value: "\(name)=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/"))
            }
            return Response(status: .found, headers: headers)
        }
    }

    /// The query's parameters in order, names and values percent-decoded.
    private static func parameters(of request: Request) -> [(String, String)] {
        request.uri.queryParameters.map { key, value in
            (String(key).removingPercentEncoding ?? String(key), String(value))
        }
    }
}
