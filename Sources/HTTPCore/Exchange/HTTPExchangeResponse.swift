import Foundation
import NIOHTTP1

/// A complete HTTP response as the server sent it: status line, every header field in order
/// (repeated names kept apart), the redirects that led to it, the body and the timing.
package struct HTTPExchangeResponse: Sendable {
    /// The status code, e.g. 200.
    package var statusCode: Int
    /// The reason phrase of the status line, e.g. `OK`.
    package var reasonPhrase: String
    /// The protocol version, e.g. `HTTP/1.1`.
    package var httpVersion: String
    /// The header fields in the order received, names as the server spelled them, as the client
    /// parsed them.
    package var headers: HTTPHeaders
    /// The URL that answered (after redirects).
    package var url: URL
    /// The responses that redirected here, first to last; empty when none did.
    package var redirects: [HTTPRedirectHop]
    /// The body after decompression; empty when there was none.
    package var body: Data
    /// When the exchange started, its first response byte arrived and it ended.
    package var timing: HTTPExchangeTiming

    /// Creates a response.
    package init(
        statusCode: Int, reasonPhrase: String, httpVersion: String, headers: HTTPHeaders, url: URL,
        redirects: [HTTPRedirectHop], body: Data, timing: HTTPExchangeTiming
    ) {
        self.statusCode = statusCode
        self.reasonPhrase = reasonPhrase
        self.httpVersion = httpVersion
        self.headers = headers
        self.url = url
        self.redirects = redirects
        self.body = body
        self.timing = timing
    }

    /// The header fields in the order received, names as the server spelled them.
    package var headerFields: [HTTPHeaderField] {
        headers.map { HTTPHeaderField(name: $0.name, value: $0.value) }
    }

    /// The header fields as one value per name (lower-cased names), folded as
    /// ``HTTPHeaderFolding/fold(_:)`` describes.
    package var foldedHeaders: [String: String] {
        HTTPHeaderFolding.fold(headers)
    }

    /// `HTTP/major.minor` for `version`.
    package static func versionText(_ version: HTTPVersion) -> String {
        switch (version.major, version.minor) {
        case (1, 1): "HTTP/1.1"
        case (1, 0): "HTTP/1.0"
        case (2, 0): "HTTP/2.0"
        default: "HTTP/\(version.major).\(version.minor)"
        }
    }
}

/// One header field of a request or response.
package struct HTTPHeaderField: Sendable, Hashable {
    /// The name as sent.
    package var name: String
    /// The value as sent.
    package var value: String

    /// Creates a field.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One redirect on the way to the final response: the request made (method and URL) and the
/// response that moved it on, with every header field it had (`Location`, `Set-Cookie`…).
package struct HTTPRedirectHop: Sendable, Hashable {
    /// The URL that answered with a redirect.
    package var url: URL
    /// The method it was asked with, e.g. `POST` (a later hop may be `GET` after a 303).
    package var method: String
    /// The redirect status, e.g. 302.
    package var statusCode: Int
    /// The reason phrase of the status line, e.g. `Found`.
    package var reasonPhrase: String
    /// The response's header fields in the order received, names as the server spelled them.
    /// `Set-Cookie` values are secrets: mask them before showing.
    package var headerFields: [HTTPHeaderField]

    /// Creates a hop.
    package init(
        url: URL, method: String = "GET", statusCode: Int, reasonPhrase: String = "",
        headerFields: [HTTPHeaderField] = []
    ) {
        self.url = url
        self.method = method
        self.statusCode = statusCode
        self.reasonPhrase = reasonPhrase
        self.headerFields = headerFields
    }

    /// The `Location` header as sent, if any (relative or absolute).
    package var location: String? {
        headerFields.first { $0.name.lowercased() == "location" }?.value
    }
}
