import Hummingbird

/// Redirects on demand, for testing how clients follow them (in the style of httpbin).
///
/// - `/redirect-to?url=<URL>&status_code=<3xx>` for `GET`, `POST`, `PUT`, `PATCH` and `DELETE`:
///   answers the status (302 by default, any of 300–399) with `Location: <URL>`, as given
///   (absolute or relative). Without `url` it is a 400. A request body is read to its end (and
///   dropped) before the answer, as servers that read their requests do, so a client still
///   sending it gets the redirect rather than a connection closed under its upload.
/// - `GET /redirect-loop`: `302 Found` to itself, for ever.
struct RedirectRoutes {
    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        for method in EchoRoutes.methods {
            router.on("redirect-to", method: method) { request, _ -> Response in
                let query = QueryParameters(request)
                guard let url = query.string("url"), !url.isEmpty else {
                    throw APIError(.badRequest, "The query parameter \"url\" names where to redirect to.")
                }
                let status = try query.int("status_code", default: 302, in: 300...399)
                for try await _ in request.body {}
                return Response(status: HTTPResponse.Status(code: status), headers: [.location: url])
            }
        }
        router.get("redirect-loop") { _, _ in
            Response(status: .found, headers: [.location: "/redirect-loop"])
        }
    }
}
