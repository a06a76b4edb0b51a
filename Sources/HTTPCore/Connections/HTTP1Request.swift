import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A request as ``HTTP1Pool`` writes it: the request line, every header field in the order it
/// goes out (the caller's, then `host` when the caller set none, then the framing field), and
/// the body: bytes, or streamed (``HTTPStreamedBody``, chunked when its length is not known).
///
/// The head is framed as AsyncHTTPClient frames the requests it sends, so that a request leaves
/// the same way whichever engine sends it: field names and values are checked (a name outside
/// RFC 9110's token characters, or a value with a control character other than a tab, is refused
/// before anything is sent), a `TRACE` with a body is refused, `Content-Length` and
/// `Transfer-Encoding` are replaced by the framing of the body (no `Content-Length` for a
/// `GET`, `HEAD`, `DELETE`, `CONNECT` or `TRACE` without a body, `Content-Length: 0` for any other
/// method without one), and the request target is the URL's percent-encoded path (`/` when
/// empty) and query, exactly as typed.
struct HTTP1Request: Sendable {
    /// The connection's destination.
    let origin: HTTP1Origin
    /// The URL the request is for.
    let url: URL
    /// What a request sends after its head.
    enum Body: Sendable {
        /// Nothing.
        case none
        /// These bytes.
        case bytes(ByteBuffer)
        /// A body produced as it is sent; it can be sent again from its first byte only when
        /// its source allows (a file does, a one-time input stream does not).
        case streamed(HTTPStreamedBody)

        /// The number of bytes, when known.
        var length: Int64? {
            switch self {
            case .none: 0
            case .bytes(let buffer): Int64(buffer.readableBytes)
            case .streamed(let body): body.length
            }
        }
    }

    /// The request line and header fields as written.
    let head: HTTPRequestHead
    /// What follows the head.
    let body: Body
    /// Whether the caller asked for the connection to be closed after this exchange.
    let closesConnection: Bool

    /// Frames a request for `url` (http) with `headers` in their order and `body`; `host` is the
    /// URL's host, which must not be empty. Throws AsyncHTTPClient's own errors for what it
    /// refuses, so failures read the same for both engines.
    init(url: URL, host: String, method: HTTPMethod, headers: HTTPHeaders, body: Body) throws {
        guard !host.isEmpty else { throw HTTPClientError.emptyHost }
        let bodyLength = body.length
        if method == .TRACE && bodyLength != 0 { throw HTTPClientError.traceRequestWithBody }
        try Self.checkNames(of: headers)
        try Self.checkValues(of: headers)
        var fields = headers
        let port = url.port ?? 80
        if !fields.contains(name: "host") {
            // An IPv6 address keeps (or gets) its brackets, so that the port stays apart.
            let name = host.contains(":" as Character) && !host.hasPrefix("[") ? "[\(host)]" : host
            fields.add(name: "host", value: port == 80 ? name : "\(name):\(port)")
        }
        fields.remove(name: "content-length")
        fields.remove(name: "transfer-encoding")
        switch bodyLength {
        case nil:
            fields.add(name: "Transfer-Encoding", value: "chunked")
        case 0:
            switch method {
            case .GET, .HEAD, .DELETE, .CONNECT, .TRACE: break
            default: fields.add(name: "Content-Length", value: "0")
            }
        case let length?:
            fields.add(name: "Content-Length", value: String(length))
        }
        origin = HTTP1Origin(host: HTTPHost.unbracketed(host), port: port)
        self.url = url
        head = HTTPRequestHead(version: .http1_1, method: method, uri: Self.target(of: url), headers: fields)
        self.body = body
        closesConnection =
            fields.contains(name: "connection")
            && fields[canonicalForm: "connection"].contains { $0.lowercased() == "close" }
    }

    /// The request target: the percent-encoded path as the URL spells it (`/` when it has none),
    /// then `?` and the query when it has one.
    static func target(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        var target = path.isEmpty ? "/" : path
        if let query = url.query(percentEncoded: true) {
            target += "?" + query
        }
        return target
    }

    /// Throws unless every field name is an RFC 9110 token.
    private static func checkNames(of headers: HTTPHeaders) throws {
        let invalid = headers.compactMap { name, _ in name.utf8.allSatisfy(isTokenByte) && !name.isEmpty ? nil : name }
        if !invalid.isEmpty { throw HTTPClientError.invalidHeaderFieldNames(invalid) }
    }

    /// Throws when a field value holds a control character other than a horizontal tab (CR, LF
    /// and NUL among them, which could split the request).
    private static func checkValues(of headers: HTTPHeaders) throws {
        let invalid = headers.compactMap { _, value in
            value.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F } ? value : nil
        }
        if !invalid.isEmpty { throw HTTPClientError.invalidHeaderFieldValues(invalid) }
    }

    /// Whether `byte` may appear in a token (RFC 9110 §5.6.2): letters, digits and
    /// ``!#$%&'*+-.^_`|~``.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
