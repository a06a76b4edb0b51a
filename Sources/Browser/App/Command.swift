import Foundation
import OrderedJSON

/// A side effect `update` asks for. The Siesta wiring (`ResourceBrowser`) carries them out;
/// tests inspect them without any network.
public enum Command {
    /// Resolve `path` against the resource at `from` (`relative()`), observe it,
    /// `loadIfNeeded()`, and report `.navigated(url)`. With `from == nil`, against the service.
    case navigate(path: String, from: String?)
    /// Fill the `{{variables}}` of text typed in the `g` prompt from the environment in use,
    /// read the result like the prompt, then navigate. Only typed text is filled: a link in a
    /// body never is.
    case navigateTyped(String)
    /// Observe the resource at `url` and call `loadIfNeeded()` (history moves, start-up).
    case show(url: String)
    /// `load()`.
    case load(url: String)
    /// `loadIfNeeded()`.
    case loadIfNeeded(url: String)
    /// `invalidate()`.
    case invalidate(url: String)
    /// `wipe()`.
    case wipe(url: String)
    /// Cancel every request in `loadRequests`.
    case cancelLoads(url: String)
    /// Cancel the request of the open form, if it is still in flight.
    case cancelFormRequest
    /// Send a form's request through `resource.request(...)` with hooks.
    case send(RequestDraft, from: String)
    /// `overrideLocalContent(with:)` on the resource.
    case overrideLocalContent(url: String, body: RequestBody)
    /// Search the body of the resource at `url` for `query` off the main actor, reporting
    /// `.searchUpdate(generation:…)`; a running search stops first.
    case startSearch(url: String, query: String, generation: Int)
    /// Stop the running search, if any.
    case cancelSearch
    /// Put text on the system clipboard (OSC 52).
    case copyToClipboard(String)
    /// Save the current screen as SVG.
    case exportSVG
    /// Clear the terminal and write every cell again (Ctrl-L).
    case redraw
    /// Work on history, saved requests, environments, cookies or files (``WorkspaceSession``).
    case workspace(WorkspaceCommand)
    /// Pin, unpin, pause, resume or retime resources on the watch board.
    case watch(WatchCommand)
    /// Diff two versions of a resource (by ``ResourceVersion/id``, older first) off the main
    /// actor and show the diff.
    case compareVersions(url: String, older: Int, newer: Int)
    /// Write the session's exchanges as HAR 1.2 to `path` (off the main actor).
    case exportHAR(path: String)
    /// Connect, send, close or end the WebSocket console's connection.
    case webSocket(WebSocketCommand)
    /// Run `command` with `/bin/sh -c`, its standard input the bytes `input` (the body shown,
    /// as received), off the main actor, reporting `.pipeProgress` and then `.pipeFinished`
    /// for `generation`.
    case runPipe(command: String, input: Data, generation: Int)
    /// Stop the command of `generation` (its whole process group), keeping what it wrote.
    case stopPipe(generation: Int)
    /// Run JSONPath `expression` over `document` off the main actor, once typing pauses,
    /// reporting `.pathQuery` for `generation`; a run still going stops first.
    case runPathQuery(expression: String, document: JSONDocument, generation: Int)
    /// Stop the running JSONPath query, if any.
    case cancelPathQuery
    /// Run `target` of the collection off the main actor with the environment in use,
    /// reporting `.run(generation:…)` as it goes.
    case startRun(RunTarget, generation: Int)
    /// Cancel run `generation` (the requests in flight stop; the rest do not run).
    case cancelRun(generation: Int)
    /// Leave the program.
    case quit
}
