import Hummingbird

/// Counts every request that reaches the router by its exact path (no query), whatever the
/// method and whether or not a route matches, before any route runs.
struct RequestCountingMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Where the counts are kept.
    let store: DemoStore

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        store.countRequest(forPath: request.uri.path)
        return try await next(request, context)
    }
}
