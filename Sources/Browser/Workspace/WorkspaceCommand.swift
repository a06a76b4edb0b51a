import Workspace

/// Work on what hammock remembers that `update` asks for: files and the history database,
/// done off the main actor by ``WorkspaceSession``, which reports back with
/// ``Action/workspace(_:)``.
public enum WorkspaceCommand: Sendable {
    /// List the history, newest first.
    case listHistory
    /// Show the body of history entry `id` read-only.
    case openHistoryEntry(id: String)
    /// Send history entry `id`'s request again (GET: go there and load; others: a filled form).
    case resendHistoryEntry(id: String)
    /// Diff the bodies of two history entries (older first).
    case diffHistoryEntries(String, String)
    /// List the saved requests of the collection.
    case listCollection
    /// Open saved request `id` (GET: go there and load; others: a filled form).
    case openSavedRequest(id: String)
    /// Save a request with its checks into the collection under `name`; with `replacing`, write
    /// that saved request's file again.
    case saveRequest(
        name: String, method: String, url: String, headers: [(String, String)], body: String?, mode: BodyMode,
        checks: RequestChecks, replacing: String?)
    /// Rename saved request `id`.
    case renameSavedRequest(id: String, name: String)
    /// Copy saved request `id`.
    case duplicateSavedRequest(id: String)
    /// Delete saved request `id`.
    case deleteSavedRequest(id: String)
    /// List the environments.
    case listEnvironments
    /// Use environment `name` (nil: none).
    case selectEnvironment(String?)
    /// Keep the basic-auth password for the environment in use, for this run.
    case setPassword(String)
    /// List the cookies in the jar (values as secrets, revealed one at a time).
    case listCookies
    /// Delete the cookie `id` (``WorkspaceSession/cookieID(_:)``) from the jar and list the jar again.
    case deleteCookie(id: String)
    /// Turn a curl command into a filled form.
    case importCurl(String)
    /// Show a request as a curl command to copy (secrets in it, as it must work): the request as
    /// written, headers hammock adds to every request included; the session fills its variables,
    /// adds the environment's auth and the jar's cookies, and makes file paths absolute.
    case exportCurl(RequestDefinition)
    /// Write the shown body of the resource at `url` to `path`.
    case saveBody(url: String, path: String)
    /// Keep `expression`, given in the JSONPath query pane over a resource of `origin`, across
    /// runs.
    case rememberQuery(origin: String, expression: String)
    /// Write a request per operation of `description` into the collection (merged with what an
    /// earlier import wrote, as `hammock import openapi` does), and show what changed.
    case importDescription(APIDescription, source: String)
}
