import Workspace

/// One row of the run results: a request of the run, waiting, being sent, or done with its
/// result. A request that runs again (its values went stale) gets a row for each time.
public struct RunResultRow: Sendable, Equatable {
    /// Where the request is.
    public enum State: Sendable, Equatable {
        /// Not sent yet (after the run: not run at all).
        case waiting
        /// Being sent; `attempt` counts from 1 (more with `retry`).
        case running(attempt: Int)
        /// Done: passed, failed, an error, or skipped.
        case done(RunRequestResult)
        /// The run was cancelled while it was being sent.
        case cancelled
    }

    /// Tells the requests of a run apart (``key(file:line:name:)``).
    public var key: String
    /// The request's name.
    public var name: String
    /// The file it is in.
    public var file: String
    /// Its method.
    public var method: String
    /// True when it ran because a later request needed one of its values.
    public var ranFirst: Bool
    /// Where it is.
    public var state: State

    /// Creates a row.
    public init(
        key: String, name: String, file: String, method: String, ranFirst: Bool = false, state: State = .waiting
    ) {
        self.key = key
        self.name = name
        self.file = file
        self.method = method
        self.ranFirst = ranFirst
        self.state = state
    }

    /// The row of a finished request.
    public init(result: RunRequestResult) {
        self.init(
            key: Self.key(file: result.file, line: result.line, name: result.name), name: result.name,
            file: result.file, method: result.method, ranFirst: result.ranAsDependency, state: .done(result))
    }

    /// The key of the request named `name` in `file` (at `line`, for a file of several).
    public static func key(file: String, line: Int?, name: String) -> String { "\(file)#\(line ?? 0)#\(name)" }

    /// The result, once done.
    public var result: RunRequestResult? {
        if case .done(let result) = state { return result }
        return nil
    }

    /// True while it waits or is being sent.
    public var isPending: Bool {
        switch state {
        case .waiting, .running: true
        case .done, .cancelled: false
        }
    }
}
