import Siesta
import TUICore
import Workspace

/// Everything that can change `BrowserState`: keys, terminal changes, and Siesta news.
public enum Action {
    /// A key press.
    case key(Key)
    /// Pasted text (inserted as-is into the focused editor).
    case paste(String)
    /// The terminal now has this size.
    case resize(width: Int, height: Int)
    /// Time passed (spinner and ages); `now` is seconds since 1970.
    case tick(now: Double)
    /// A resource changed: through a `ResourceEvent`, or (with `event == nil`) in a way Siesta
    /// does not announce, such as progress or `invalidate()`.
    case resourceChanged(ResourceSnapshot, event: ResourceEvent?)
    /// The resource list of the service changed (`cachedResources`), in order.
    case resourcesListed([ResourceSnapshot])
    /// Open `path` (relative to the service, or an absolute URL) as the current resource: the
    /// start-up resource.
    case open(path: String)
    /// `navigate` resolved to this URL and it is now shown.
    case navigated(url: String)
    /// A request hook fired for a request the browser sent.
    case requestHook(RequestHook, url: String, method: RequestMethod, status: Int?, detail: String)
    /// A form request finished; the form shows the outcome, and `response` (when given) can be
    /// opened in the response viewer.
    case formFinished(RequestForm.Outcome, response: FormResponse? = nil)
    /// A background search found more, or finished; ignored unless `generation` is the current
    /// search's.
    case searchUpdate(generation: Int, BodySearch.Update)
    /// History, saved requests, environments or files answered a ``WorkspaceCommand``.
    case workspace(WorkspaceUpdate)
    /// Put `text` on the clipboard (the terminal layer says how it went); `label` names it.
    case clipboard(String, label: String)
    /// Basic auth needs the password of `username`: ask for it without echo.
    case askPassword(username: String)
    /// The diff of a new version of the resource at `url` with the one before is done.
    case changeDetected(url: String, version: Int, ResourceChange)
    /// The service's API description was found and read.
    case apiDescription(APIState)
    /// No API description was found: no `Link` header named one and none of the `tried` usual
    /// places had one.
    case apiDescriptionNotFound(tried: Int)
    /// A response was checked against the description.
    case schemaChecked(SchemaCheck)
    /// What the JSONPath `path` selects in the latest version of `url`, worked out off the main
    /// actor when the path was set or a first version came.
    case watchedValue(url: String, path: String, String)
    /// The versions of the resource at `url` changed (one arrived, or an old body was let go).
    case versionsChanged(url: String, [ResourceVersion])
    /// Pin `path` (relative to the service, or an absolute URL) to the watch board and show the
    /// board (`--watch`).
    case pin(path: String)
    /// The watch board sent a refresh request for `url`.
    case watchRefreshSent(url: String)
    /// A stream's state or events changed.
    case streamChanged(StreamSnapshot)
    /// Show `viewer` over the main view (a diff of two versions).
    case showViewer(TextViewer)
    /// Open the WebSocket console on `url` (`ws://` or `wss://`) and connect: the start-up URL.
    case openWebSocket(url: String)
    /// The WebSocket console's connection `generation` has news.
    case webSocket(generation: Int, WebSocketConsoleEvent)
    /// A note for the Events pane and status line (saved SVG, copied curl, config errors).
    case note(String, isError: Bool)
    /// A piped command of run `generation` has written `bytes` bytes so far.
    case pipeProgress(generation: Int, bytes: Int)
    /// A piped command of run `generation` ended.
    case pipeFinished(generation: Int, PipeResult)
    /// News of JSONPath query run `generation`.
    case pathQuery(generation: Int, PathQueryUpdate)
    /// News of run `generation` (``Command/startRun(_:generation:)``).
    case run(generation: Int, RunUpdate)
    /// What was found at file paths an open form's body names (by the path as typed): the sizes
    /// the form shows, or why a file cannot be sent.
    case filesChecked([String: FileCheck])
}
