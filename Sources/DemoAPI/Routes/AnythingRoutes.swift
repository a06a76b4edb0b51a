import Foundation
import Hummingbird

/// `/anything` (and any path below it) for every method the demo answers, in the style of
/// httpbin: it returns what it received, with a form-urlencoded body decoded into its fields.
///
/// The answer has `method`, `url` (path and query as received), `args` (the query, decoded),
/// `headers`, `data` (the body as text, or "" when empty or not UTF-8), `form` (for an
/// `application/x-www-form-urlencoded` body: name → value, or an array of values when a name
/// repeats, as httpbin does) and `fields` (the same fields as `[name, value]` pairs in the order
/// sent, which `form`'s sorted keys cannot show).
struct AnythingRoutes {
    /// Where the last body of each path is kept, for tests that check the bytes sent.
    let store: DemoStore

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let store = self.store
        for method in EchoRoutes.methods {
            for path in ["anything", "anything/**"] {
                router.on(RouterPath(path), method: method) { request, _ in
                    try ResponseBuilder.json(try await Self.describe(request, store: store), for: request)
                }
            }
        }
    }

    /// The answer for one request.
    static func describe(_ request: Request, store: DemoStore) async throws -> JSONValue {
        let body = try await RequestBodyReader.data(of: request)
        if !body.isEmpty { store.recordBody(body, forPath: request.uri.path) }
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        let isForm = contentType.hasPrefix("application/x-www-form-urlencoded")
        let fields = isForm ? Self.fields(of: String(decoding: body, as: UTF8.self)) : []
        var form: [String: JSONValue] = [:]
        for (name, value) in fields {
            switch form[name] {
            case nil: form[name] = .string(value)
            case .array(let values)?: form[name] = .array(values + [.string(value)])
            case let first?: form[name] = .array([first, .string(value)])
            }
        }
        var args: [String: JSONValue] = [:]
        for (name, value) in Self.fields(of: request.uri.query ?? "") where args[name] == nil {
            args[name] = .string(value)
        }
        return .object([
            "method": .string(request.method.rawValue),
            "url": .string(request.uri.description),
            "args": .object(args),
            "headers": EchoRoutes.headers(of: request),
            "data": .string(String(bytes: body, encoding: .utf8) ?? ""),
            "form": .object(form),
            "fields": .array(fields.map { .array([.string($0.0), .string($0.1)]) }),
        ])
    }

    /// The `name=value` pairs of a form-urlencoded text, decoded as browsers encode them: `+` is
    /// a space, `%XX` a byte; a pair without `=` has an empty value; empty pairs are skipped.
    static func fields(of text: String) -> [(String, String)] {
        text.split(separator: "&").map { pair in
            let equals = pair.firstIndex(of: "=") ?? pair.endIndex
            let value = equals == pair.endIndex ? "" : pair[pair.index(after: equals)...]
            return (decoded(pair[..<equals]), decoded(value))
        }
    }

    private static func decoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
