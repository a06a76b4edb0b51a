import Workspace

/// News of a run started from the browser, from the runtime that runs it off the main actor.
public enum RunUpdate: Sendable {
    /// The requests read, in the order they run (each ``RunResultRow/State/waiting``), the files
    /// that could not be read (`path: sentence`), and the environment in use.
    case planned([RunResultRow], problems: [String], environment: String?)
    /// A request is being sent: `row` says which (``RunResultRow/ranFirst`` when a later request
    /// needs its values), `attempt` counts from 1.
    case started(RunResultRow, attempt: Int)
    /// A request is done (or skipped).
    case finished(RunRequestResult)
    /// The request named `request` ran first because `neededBy` uses `placeholders` of it
    /// (`{{token}}`, `{{login.response.body}}`).
    case ranFirst(request: String, placeholders: [String], neededBy: String)
    /// The run is over: every request ran, or it was cancelled.
    case ended(RunResult, cancelled: Bool)
    /// The run could not start (no collection, a folder that is gone), as a sentence.
    case failed(String)
}
