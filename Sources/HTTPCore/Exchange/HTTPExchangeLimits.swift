import Foundation

/// The limits one exchange runs under, as its delegate needs them to refuse a response and to
/// name the limit in the failure.
struct HTTPExchangeLimits: Sendable {
    /// The most body bytes kept.
    var maximumBodySize: Int
    /// The most a compressed body may expand.
    var decompressionRatio: Int
    /// Seconds without receiving a byte before the exchange fails; nil for none.
    var readTimeout: TimeInterval?
    /// The request's own timeout in seconds; nil for none.
    var requestTimeout: TimeInterval?
    /// How to raise each limit.
    var advice = HTTPLimitAdvice()

    /// The most bytes of header fields a response may carry, in total and in one field: NIO's
    /// HTTP/1 decoder refuses more, and AsyncHTTPClient does not let it be changed.
    static let headerBytes = 80 * 1024
}
