import Foundation

/// The outcome of one `hammock run`: every file in the order run, each with its requests.
///
/// Everything in it is ready to show or write to a report: URLs, headers, bodies and captured
/// values have their secrets masked already.
public struct RunResult: Sendable, Hashable {
    /// When the run started.
    public var startedAt: Date
    /// How long the whole run took.
    public var duration: Duration
    /// The files, in the order they were given (folders expanded in name order).
    public var files: [RunFileResult]

    /// Creates a result.
    public init(startedAt: Date, duration: Duration, files: [RunFileResult]) {
        self.startedAt = startedAt
        self.duration = duration
        self.files = files
    }

    /// Every request of every file, in order.
    public var requests: [RunRequestResult] { files.flatMap(\.requests) }

    /// How many requests ended each way.
    public func count(_ outcome: RunOutcome) -> Int { requests.count { $0.outcome == outcome } }

    /// The process exit code, following Hurl: 0 all passed, 2 a file could not be read, 3 a
    /// request could not be sent or completed, 4 an assertion failed (the first that applies in
    /// the order 2, 3, 4). Bad usage (1) is decided before a run starts.
    public var exitCode: Int32 {
        if files.contains(where: { $0.problem != nil }) { return RunExitCode.unreadableFile }
        if requests.contains(where: { $0.outcome == .error }) { return RunExitCode.requestFailed }
        if requests.contains(where: { $0.outcome == .failed }) { return RunExitCode.assertionFailed }
        return RunExitCode.success
    }
}
