/// Sentences that tell a person how to raise each of the transport's limits, added to the
/// message of a failure that hit it. Each program names its own knob: the browser its
/// command-line options, Siesta the provider's parameters. Nil adds nothing.
package struct HTTPLimitAdvice: Sendable, Hashable {
    /// How to raise ``HTTPClientSettings/maximumBodySize``.
    package var bodySize: String?
    /// How to raise ``HTTPClientSettings/readTimeout``.
    package var readTimeout: String?
    /// How to raise a request's own timeout (its `timeoutInterval`).
    package var requestTimeout: String?
    /// How to raise ``HTTPClientSettings/maximumRedirects``.
    package var redirects: String?

    /// Creates the advice; every sentence is optional.
    package init(
        bodySize: String? = nil, readTimeout: String? = nil, requestTimeout: String? = nil, redirects: String? = nil
    ) {
        self.bodySize = bodySize
        self.readTimeout = readTimeout
        self.requestTimeout = requestTimeout
        self.redirects = redirects
    }
}
