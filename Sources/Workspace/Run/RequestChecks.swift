/// What a saved request does with its answer when it is run: the values it captures for later
/// requests, the assertions the answer must meet, how often to try again until they hold, and
/// how long its captured values stay fresh.
///
/// Each part is kept as the text the person wrote (an assertion line, a capture's query), so a
/// file reads back exactly as written; ``RunAssertion/parse(_:)`` and ``RunQuery/parse(_:)``
/// read the text when the request runs, and a file with a bad line is reported with the line.
///
/// In a request file:
///
/// ```yaml
/// capture:
///   - token: $.token
///   - etag: header ETag
/// assert:
///   - status == 200
///   - $.items count >= 1
/// retry:
///   count: 10
///   interval: 500ms
/// fresh: 10m
/// ```
public struct RequestChecks: Sendable, Hashable {
    /// Values taken from the answer into variables, in order.
    public var captures: [CaptureRule]
    /// Assertion lines, in order (`status == 200`).
    public var assertions: [String]
    /// Trying again until the assertions hold; nil to try once.
    public var retry: RetryRule?
    /// How long the captured values stay fresh before a request that needs them runs this one
    /// again; nil for the whole run.
    public var freshFor: Duration?

    /// Creates checks; all parts default to none.
    public init(
        captures: [CaptureRule] = [], assertions: [String] = [], retry: RetryRule? = nil, freshFor: Duration? = nil
    ) {
        self.captures = captures
        self.assertions = assertions
        self.retry = retry
        self.freshFor = freshFor
    }

    /// No captures, assertions, retry or freshness.
    public static let none = RequestChecks()

    /// True when nothing is set.
    public var isEmpty: Bool { captures.isEmpty && assertions.isEmpty && retry == nil && freshFor == nil }
}
