import Hummingbird

/// Turns every error thrown by a route, or by the router itself (an unknown path gives a
/// Hummingbird `HTTPError(.notFound)`), into a response with the JSON error body.
///
/// Errors thrown later, while a streamed body is being written, are not seen here: they end the
/// connection instead, which is what the broken-connection route relies on.
struct ErrorBodyMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPError {
            let converted =
                if let message = error.body, !message.isEmpty {
                    APIError(error.status, message, headers: error.headers)
                } else if error.status == .notFound {
                    APIError(.notFound, "No route matches \(request.method) \(request.uri.path).")
                } else {
                    APIError(status: error.status, headers: error.headers)
                }
            return try converted.response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            return try APIError(status: error.status).response(from: request, context: context)
        } catch {
            return try APIError(.internalServerError, "The server failed to handle the request.")
                .response(from: request, context: context)
        }
    }
}
