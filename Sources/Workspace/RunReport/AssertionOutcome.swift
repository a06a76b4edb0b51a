/// One assertion of a request, checked against the answer.
public struct AssertionOutcome: Sendable, Hashable {
    /// The assertion as written (`$.items count == 3`).
    public var source: String
    /// True when it held.
    public var passed: Bool
    /// What was expected, in words or JSON (`== 3`, `a value at $.id`).
    public var expected: String
    /// What the answer had (`2`, `nothing at $.id`), secrets masked.
    public var actual: String
    /// Where in the answer: a JSONPath's normalized path (`$['items']`), `header ETag`,
    /// `status`; nil for the whole body.
    public var path: String?
    /// For a body compared with a file or value: the differences by path, one a line
    /// (`~ $['name']: "Ada" → "Bob"`); empty otherwise.
    public var differences: [String]

    /// Creates an outcome.
    public init(
        source: String, passed: Bool, expected: String, actual: String, path: String? = nil,
        differences: [String] = []
    ) {
        self.source = source
        self.passed = passed
        self.expected = expected
        self.actual = actual
        self.path = path
        self.differences = differences
    }

    /// One line for a failure: `$.items count == 3: expected == 3, actual 2 (at $['items'])`.
    public var message: String {
        var text = "\(source): expected \(expected), actual \(actual)"
        if let path { text += " (at \(path))" }
        return text
    }
}
