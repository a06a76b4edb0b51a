/// A problem in a key-map file.
public struct KeyMapError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `path:line: message`.
    public var description: String { file + (line.map { ":\($0)" } ?? "") + ": " + message }
}
