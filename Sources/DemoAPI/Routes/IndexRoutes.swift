import HTTPTypes
import Hummingbird

/// `GET /`: the entry point, naming the server and linking every top-level route.
struct IndexRoutes {
    /// The links of the index, by name; all root-relative paths.
    static let links: [String: String] = [
        "users": "/users",
        "posts": "/posts",
        "comment": "/comments/1",
        "text": "/text",
        "ordered": "/ordered",
        "slow": "/slow",
        "flaky": "/flaky",
        "large": "/large",
        "download": "/download",
        "chunked": "/chunked",
        "echo": "/echo",
        "anything": "/anything",
        "headers": "/headers",
        "errors": "/errors/500",
        "counter": "/counter",
        "paged": "/paged",
        "retry": "/retry",
        "ratelimited": "/ratelimited",
        "cookies": "/cookies/pair",
        "redirect": "/redirect/3",
        "auth": "/auth",
        "login": "/login",
        "me": "/me",
        "logins": "/logins",
        "jobs": "/jobs",
        "hostile": "/hostile",
        "hostileJSON": "/hostile.json",
        "unicode": "/unicode.json",
        "charsets": "/charsets/euc-jp",
        "brokenClose": "/broken/close",
        "brokenJSON": "/broken/json",
        "brokenUTF8": "/broken/utf8",
        "brokenScalar": "/broken/scalar",
        "brokenEmpty": "/broken/empty",
        "brokenCharset": "/broken/charset",
        "brokenDrip": "/broken/drip",
        "brokenEndless": "/broken/endless",
        "brokenStall": "/broken/stall",
        "brokenHeaders": "/broken/headers",
        "brokenHeaderLine": "/broken/header-line",
        "brokenChunkedClose": "/broken/chunked-close",
        "orders": "/orders",
        "order": "/orders/7",
        "liveCounter": "/live/counter",
        "liveList": "/live/list",
        "liveStatic": "/live/static",
        "events": "/events",
        "ndjsonStream": "/live/ndjson",
        "inventory": "/inventory",
        "openapi": DemoDescription.path,
    ]

    /// Adds the route to `router`.
    func register(on router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in
            try ResponseBuilder.json(
                JSONValue.object([
                    "name": .string("hammock demo API"),
                    "links": .object(Self.links.mapValues { .string($0) }),
                ]),
                headers: [HTTPField.Name("Link")!: DemoDescription.link],
                for: request
            )
        }
    }
}
