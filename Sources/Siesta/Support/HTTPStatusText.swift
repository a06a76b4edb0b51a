/// Reason phrases for HTTP status codes, written as sentences for ``RequestError/userMessage``.
enum HTTPStatusText {
    private static let phrases: [Int: String] = [
        400: "bad request", 401: "unauthorized", 402: "payment required", 403: "forbidden",
        404: "not found", 405: "method not allowed", 406: "not acceptable",
        407: "proxy authentication required", 408: "request timeout", 409: "conflict", 410: "gone",
        411: "length required", 412: "precondition failed", 413: "content too large",
        414: "URI too long", 415: "unsupported media type", 416: "range not satisfiable",
        417: "expectation failed", 418: "I'm a teapot", 421: "misdirected request",
        422: "unprocessable content", 423: "locked", 424: "failed dependency", 425: "too early",
        426: "upgrade required", 428: "precondition required", 429: "too many requests",
        431: "request header fields too large", 451: "unavailable for legal reasons",
        500: "internal server error", 501: "not implemented", 502: "bad gateway",
        503: "service unavailable", 504: "gateway timeout", 505: "HTTP version not supported",
        506: "variant also negotiates", 507: "insufficient storage", 508: "loop detected",
        510: "not extended", 511: "network authentication required",
    ]

    /// “Not found” for 404; “Client error” / “Server error” for codes without a known phrase.
    static func sentence(for statusCode: Int) -> String {
        let phrase =
            phrases[statusCode]
            ?? (statusCode >= 500 ? "server error" : statusCode >= 400 ? "client error" : "HTTP \(statusCode)")
        return phrase.prefix(1).uppercased() + phrase.dropFirst()
    }
}
