/// One request of a run, as it was sent and answered. Secrets are masked in every field.
public struct RunRequestResult: Sendable, Hashable {
    /// The request's name (`name:`, `# @name`, the `###` title, or the file name).
    public var name: String
    /// The file the request is in.
    public var file: String
    /// The line where the request starts in its file; nil for a YAML request file.
    public var line: Int?
    /// The method sent.
    public var method: String
    /// The URL sent, secrets masked.
    public var url: String
    /// The request as sent, in HTTP form (request line, headers, a blank line, the body or its
    /// first part), secrets masked.
    public var requestText: String
    /// The answer's status code; nil when there was no answer.
    public var status: Int?
    /// The answer's headers in order, secrets masked; empty when there was no answer.
    public var responseHeaders: [HeaderField]
    /// The answer's body as text (its first part for a large or binary body).
    public var responseBody: String
    /// How long the last try took, from sending to the last byte.
    public var duration: Duration
    /// How many times it was sent (more than one with `retry`).
    public var attempts: Int
    /// Each assertion, in order.
    public var assertions: [AssertionOutcome]
    /// The values captured, in order; a secret's value is masked.
    public var captures: [CapturedValue]
    /// Why it could not be sent or completed, as a sentence; nil when it was answered.
    public var error: String?
    /// True when it ran because a later request needed one of its values.
    public var ranAsDependency: Bool
    /// How it ended.
    public var outcome: RunOutcome

    /// Creates a request result.
    public init(
        name: String, file: String, line: Int? = nil, method: String, url: String, requestText: String = "",
        status: Int? = nil, responseHeaders: [HeaderField] = [], responseBody: String = "",
        duration: Duration = .zero, attempts: Int = 1, assertions: [AssertionOutcome] = [],
        captures: [CapturedValue] = [], error: String? = nil, ranAsDependency: Bool = false, outcome: RunOutcome
    ) {
        self.name = name
        self.file = file
        self.line = line
        self.method = method
        self.url = url
        self.requestText = requestText
        self.status = status
        self.responseHeaders = responseHeaders
        self.responseBody = responseBody
        self.duration = duration
        self.attempts = attempts
        self.assertions = assertions
        self.captures = captures
        self.error = error
        self.ranAsDependency = ranAsDependency
        self.outcome = outcome
    }

    /// The assertions that did not hold.
    public var failedAssertions: [AssertionOutcome] { assertions.filter { !$0.passed } }
}
