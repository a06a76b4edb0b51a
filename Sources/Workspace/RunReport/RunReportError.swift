/// A `--report` that could not be understood or written. The message is one sentence for
/// people, naming the path when a file could not be written:
/// `Could not write the JUnit report to out/run.xml: out: a part of the path is a file, not a folder.`
public struct RunReportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The report file concerned; nil when the `--report` value itself was wrong.
    public var path: String?
    /// The message for people.
    public var message: String

    /// Creates the error.
    public init(path: String?, message: String) {
        self.path = path
        self.message = message
    }

    /// Same as ``message``.
    public var description: String { message }
}
