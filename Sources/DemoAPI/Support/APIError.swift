import Hummingbird

/// An error that the server turns into a response with the JSON error body
/// `{"error": "<reason>", "status": N}`.
///
/// Route handlers throw it; ``ErrorBodyMiddleware`` also wraps every other error in one, so no
/// 4xx or 5xx response leaves the server without that body.
struct APIError: Error, HTTPResponseError {
    /// The response status, expected to be a 4xx or 5xx.
    let status: HTTPResponse.Status
    /// A sentence describing the failure, sent as the `error` field.
    let message: String
    /// Extra response headers, such as `Retry-After` or `WWW-Authenticate`.
    let headers: HTTPFields

    /// Creates an error with a status, a message and optional extra headers.
    init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// Creates an error whose message is the status's reason phrase ("Service Unavailable"), or
    /// "HTTP 599" for a code without a standard phrase.
    init(status: HTTPResponse.Status, headers: HTTPFields = [:]) {
        let phrase = status.reasonPhrase.isEmpty ? "HTTP \(status.code)" : status.reasonPhrase
        self.init(status, phrase, headers: headers)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = JSONErrorBody(error: message, status: status.code)
        var headers = self.headers
        headers[.contentType] = ContentType.json
        return Response(
            status: status,
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try JSONCoding.encode(body)))
        )
    }
}
