import OrderedJSON

/// News of a running JSONPath query, for the pane that asked (by generation).
public enum PathQueryUpdate: Sendable {
    /// Still running: this many matches so far.
    case progress(matches: Int)
    /// The expression is not JSONPath; nothing ran.
    case failed(JSONPathSyntaxError)
    /// Done.
    case finished(PathQueryResult)
}
