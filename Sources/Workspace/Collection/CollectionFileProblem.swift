/// Why a file of a collection could not be read as a request: the file, the line when known,
/// and the reason. The file is listed anyway (see ``SavedRequest/problem``), never dropped.
public struct CollectionFileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's full path.
    public var path: String
    /// The 1-based line of the problem, when known.
    public var line: Int?
    /// What is wrong, as a phrase (`unknown key “hedaers” …`).
    public var reason: String
    /// The 1-based column of the problem, when known.
    public var column: Int?

    /// Creates a problem.
    public init(path: String, line: Int?, reason: String, column: Int? = nil) {
        self.path = path
        self.line = line
        self.reason = reason
        self.column = column
    }

    /// `path:line:column: reason.` (as compilers write it), for command-line output.
    public var location: String {
        var place = path
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return "\(place): \(reason)."
    }

    /// One sentence naming the file and line: `/p/.hammock/users/new.yaml, line 4: the key “url”
    /// is missing.`
    public var message: String {
        let place = line.map { "\(path), line \($0)" } ?? path
        return "\(place): \(reason)."
    }

    /// Same as ``message``.
    public var description: String { message }
}
