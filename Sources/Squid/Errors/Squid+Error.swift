import Foundation
import Safety

extension Squid {

    /// The one error type of the library: every failure of a scheduled request is reported as one
    /// of these cases.
    ///
    /// Services may translate it into their own error type with ``HttpService/mapError(_:)``;
    /// retriers and hooks always see this type. Use ``description`` for a one-line sentence that
    /// names the status code and the URL where they are known; untrusted text taken from the
    /// server (the response body) is shortened and its control characters are escaped, so the
    /// text is safe to print on a terminal.
    ///
    /// ```swift
    /// switch error {
    /// case .requestFailed(statusCode: 404, _): print("not found")
    /// case .timeout: print("too slow")
    /// default: print(error)
    /// }
    /// ```
    public enum Error: Swift.Error, CustomStringConvertible {

        /// The request cannot be sent as declared, e.g. a GET or HEAD request with a body, or a
        /// header value containing a line break. Nothing was sent.
        case invalidRequest(message: String)

        /// The body or a parameter could not be encoded (e.g. the `Encodable` value of a JSON body
        /// threw). Nothing was sent.
        case encodingFailed(message: String)

        /// The service's URL, combined with the request's routes and query, is not a valid
        /// `http`/`https` URL. The associated value is the offending text.
        case invalidUrl(String)

        /// No complete response arrived within the request's timeout (or the connection could not
        /// be established within the connect timeout).
        case timeout(url: URL)

        /// The connection could not be established or broke down before a response arrived
        /// (refused, reset, closed early). `reason` is a short, sanitised explanation.
        case noConnection(url: URL, reason: String)

        /// The host name of the URL could not be resolved.
        case unknownHost(url: URL)

        /// The server answered, but not with a readable HTTP response (e.g. a body that ended
        /// before its announced length).
        case invalidResponse(url: URL, reason: String)

        /// The server answered with a status code outside the request's
        /// ``Request/acceptedStatusCodes``. `response` holds the status, the headers (e.g.
        /// `Retry-After`) and the raw body of the answer.
        case requestFailed(statusCode: Int, response: HttpResponse)

        /// The response was accepted but ``Request/decode(_:)`` failed. Errors of other types
        /// thrown by a custom `decode` are wrapped as `DecodingError.dataCorrupted` with the
        /// original error as `underlyingError`.
        case decodingFailed(DecodingError, url: URL)

        /// The service's asynchronous header provider (``HttpService/asyncHeader``) threw; the
        /// request was not sent.
        case headerFailed(any Swift.Error)

        /// The request was cancelled: every subscriber cancelled, or the awaiting task was
        /// cancelled. Subscribers that cancelled never receive this; it reaches `async` callers.
        case cancelled

        /// A ``Stream`` was closed by its peer (or its connection ended without a close frame:
        /// ``StreamCloseCode/abnormalClosure``). The code carries the peer's reason.
        case closedStream(code: StreamCloseCode)

        /// A failure that none of the other cases describes, carrying the original error.
        case unknown(any Swift.Error)

        /// The URL the failure is about, when it is known.
        public var url: URL? {
            switch self {
            case .timeout(let url), .unknownHost(let url):
                return url
            case .noConnection(let url, _), .invalidResponse(let url, _), .decodingFailed(_, let url):
                return url
            case .requestFailed(_, let response):
                return response.url
            default:
                return nil
            }
        }

        /// The HTTP status code of the failed response, or `nil` when no response was received.
        public var statusCode: Int? {
            if case .requestFailed(let statusCode, _) = self {
                return statusCode
            }
            return nil
        }

        /// One sentence describing the failure, naming the status code and the URL when known.
        ///
        /// Untrusted parts (the body excerpt, the URL, messages from the transport) pass through
        /// the same escaping: control characters, escape sequences and bidi overrides are shown as
        /// `\u{…}` escapes, and a body excerpt is cut at 200 characters.
        public var description: String {
            switch self {
            case .invalidRequest(let message):
                return "Invalid request: \(UnsafeText.clean(message))"
            case .encodingFailed(let message):
                return "Encoding the request failed: \(UnsafeText.clean(message))"
            case .invalidUrl(let text):
                return "Invalid URL: \(UnsafeText.clean(text))"
            case .timeout(let url):
                return "The request to \(Self.show(url)) timed out."
            case .noConnection(let url, let reason):
                return "No connection to \(Self.show(url)): \(UnsafeText.clean(reason))."
            case .unknownHost(let url):
                return "Unknown host for \(Self.show(url))."
            case .invalidResponse(let url, let reason):
                return "Invalid response from \(Self.show(url)): \(UnsafeText.clean(reason))."
            case .requestFailed(let statusCode, let response):
                var text = "Request to \(Self.show(response.url)) failed with status code \(statusCode)"
                let excerpt = UnsafeText.excerpt(of: response.body, limit: 200)
                if !excerpt.isEmpty {
                    text += ": \(excerpt)"
                }
                return text
            case .decodingFailed(let error, let url):
                return "Decoding the response from \(Self.show(url)) failed: \(Self.explain(error))"
            case .headerFailed(let error):
                return "Providing the request headers failed: \(UnsafeText.clean(String(describing: error)))"
            case .cancelled:
                return "The request was cancelled."
            case .closedStream(let code):
                let shown = UnsafeText.clean(code.description)
                switch code.closedBy {
                case .peer: return "The stream was closed by the peer: \(shown)."
                case .local: return "The stream was closed: \(shown)."
                case .nobody: return "The stream's connection was lost: \(shown)."
                }
            case .unknown(let error):
                return "The request failed: \(UnsafeText.clean(String(describing: error)))"
            }
        }

        private static func show(_ url: URL) -> String {
            UnsafeText.clean(url.absoluteString)
        }

        private static func explain(_ error: DecodingError) -> String {
            let context: DecodingError.Context
            let what: String
            switch error {
            case .typeMismatch(let type, let ctx):
                context = ctx
                what = "type mismatch for \(type)"
            case .valueNotFound(let type, let ctx):
                context = ctx
                what = "missing value of \(type)"
            case .keyNotFound(let key, let ctx):
                context = ctx
                what = "missing key \"\(key.stringValue)\""
            case .dataCorrupted(let ctx):
                context = ctx
                what = "data corrupted"
            @unknown default:
                return UnsafeText.clean(String(describing: error))
            }
            let path = context.codingPath.map { key in
                key.intValue.map { "[\($0)]" } ?? key.stringValue
            }
            let location = path.isEmpty ? "" : " at \(path.joined(separator: "."))"
            return UnsafeText.clean("\(what)\(location) (\(context.debugDescription))")
        }
    }
}
