/// One file of a run: its requests, or why it could not be read.
public struct RunFileResult: Sendable, Hashable {
    /// The path as given or found (relative to the current folder when it was given so).
    public var path: String
    /// The requests run, in file order (dependencies run on the way included where they ran).
    public var requests: [RunRequestResult]
    /// Why the file could not be read or parsed (`api.http:12:1: …`); nil when it was read.
    public var problem: String?

    /// Creates a file result.
    public init(path: String, requests: [RunRequestResult] = [], problem: String? = nil) {
        self.path = path
        self.requests = requests
        self.problem = problem
    }

    /// Total time of the file's requests.
    public var duration: Duration { requests.reduce(.zero) { $0 + $1.duration } }
}
