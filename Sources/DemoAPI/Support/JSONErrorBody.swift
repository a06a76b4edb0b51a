/// The body of every error response: `{"error": "<reason>", "status": N}`.
struct JSONErrorBody: Codable, Equatable, Sendable {
    /// A sentence saying what went wrong.
    var error: String
    /// The HTTP status code of the response carrying this body.
    var status: Int
}
