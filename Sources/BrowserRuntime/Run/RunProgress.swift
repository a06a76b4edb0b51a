import Workspace

/// What a run reports while it goes, for a live line per request.
package enum RunProgress: Sendable {
    /// A request is being sent (`attempt` counts from 1).
    case started(RunItem, attempt: Int, asDependency: Bool)
    /// A request finished.
    case finished(RunRequestResult)
    /// A file could not be read.
    case unreadable(RunFile)
}
