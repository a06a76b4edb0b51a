extension HTTPFailure {
    /// The failure in a few words, for a log line or a report (`connection refused by
    /// 127.0.0.1:8080`, `timed out`, `cancelled`): the one short form history, HAR and streams use.
    package var summary: String {
        if let connection = underlying as? HTTPConnectionFailure { return connection.summary }
        switch kind {
        case .cancelled: return Self.cancelledSummary
        case .timedOut: return "timed out"
        case .cannotConnect: return "could not connect"
        case .unknownHost: return "unknown host"
        case .connectionClosed: return "the connection closed early"
        case .malformedResponse: return "not a valid HTTP response"
        case .protocolViolation: return "refused: \(reason)"
        case .invalidURL: return "not a URL that can be requested"
        case .bodyTooLarge(let limit): return "body larger than \(HTTPLimitFailure.size(Int64(limit)))"
        case .decompressionLimit: return "body expanded past the decompression limit"
        case .tls: return "TLS failed: \(reason)"
        case .other: return reason
        }
    }

    /// The summary of a cancelled exchange.
    package static let cancelledSummary = "cancelled"
}
