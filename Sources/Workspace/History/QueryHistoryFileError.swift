/// Why the query history file could not be used; its description is a sentence naming the file.
public enum QueryHistoryFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but could not be read as a query history; it is left as it was.
    case unreadable(path: String, reason: String)
    /// The file could not be written.
    case unwritable(path: String, reason: String)

    /// `query history /x/history.queries.json is not used: it is not a query history file (…)`.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "query history \(path) is left as it was and not used: \(reason)"
        case .unwritable(let path, let reason):
            return "query history \(path) could not be written: \(reason)"
        }
    }
}
