import Foundation

/// A complete response as a transport received it: status, headers with lower-cased names, and
/// body. Siesta's own transport hands this over directly; others go through `HTTPURLResponse`.
struct ReceivedResponse: Sendable {
    /// The HTTP status code.
    var statusCode: Int
    /// One value per header name, names lower-cased.
    var headers: [String: String]
    /// The body, possibly empty.
    var body: Data
}
