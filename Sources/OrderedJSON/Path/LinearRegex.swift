/// An I-Regexp (RFC 9485) run in time linear in the string: the engine of JSONPath's `match()`
/// and `search()`, for other callers that want a regular expression no input can make slow
/// (JSON Schema's `pattern`, when the expression is one).
///
/// ```swift
/// let digits = LinearRegex("[0-9]+")!
/// digits.search(in: "HMK-0001")   // true
/// digits.wholeMatch("12a")        // false
/// ```
///
/// `^` and `$` anchor at the start and end of the string; `.` is any code point but `\n` and
/// `\r`. Matching works on Unicode scalars. The compiled program is shared and immutable, and
/// each call runs with working memory of its own, so one expression serves many tasks at once.
public final class LinearRegex: Sendable {
    /// The expression as given.
    public let source: String
    private let program: IRegexpProgram

    /// Compiles `source`; nil when it is not an I-Regexp, or goes beyond the limits (counted
    /// repetition to 1000, nesting 64 deep, 100,000 instructions).
    public init?(_ source: String) {
        guard let program = IRegexp.compile(source) else { return nil }
        self.source = source
        self.program = program
    }

    /// True when the whole of `text` matches.
    public func wholeMatch(_ text: String) -> Bool { run(text, .whole) }

    /// True when some part of `text` matches (an empty expression matches any text).
    public func search(in text: String) -> Bool { run(text, .substring) }

    private func run(_ text: String, _ extent: IRegexpMatcher.Extent) -> Bool {
        IRegexpMatcher(program).matches(text, extent)
    }
}
