import Foundation
import HTTPCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a ``NetworkRequest`` sends: a plain request when no request mutation needs a
/// `URLRequest` (a ``Resource/load()`` without configured mutations), else the `URLRequest`
/// that the mutations left.
enum OutgoingRequest: Sendable {
    /// Method, URL and headers, sent without a Foundation request by transports that can.
    case plain(HTTPPlainRequest)
    /// A Foundation request.
    case foundation(URLRequest)

    /// The request as a `URLRequest`, for transports that take one.
    var urlRequest: URLRequest {
        switch self {
        case .plain(let request): request.urlRequest
        case .foundation(let request): request
        }
    }

    /// The URL the request goes to.
    var url: URL? {
        switch self {
        case .plain(let request): request.url
        case .foundation(let request): request.url
        }
    }

    /// The method it is sent with; GET for a method Siesta does not know.
    var method: RequestMethod {
        let token: String? =
            switch self {
            case .plain(let request): request.method
            case .foundation(let request): request.httpMethod
            }
        return token.flatMap { RequestMethod(token: $0) } ?? .get
    }
}
