/// Something a key does in the main view. The raw value is the name key-map files use.
public enum KeyCommand: String, CaseIterable, Sendable {
    /// `load()` on the focused resource.
    case load
    /// `loadIfNeeded()`.
    case loadIfNeeded
    /// `invalidate()`.
    case invalidate
    /// `wipe()`.
    case wipe
    /// Cancels the load requests in flight.
    case cancel
    /// Prompts for a URL, read by ``URLInput``.
    case goTo
    /// Follows the link under the cursor, or folds/unfolds the container there.
    case follow
    /// Back in history.
    case back
    /// Forward in history.
    case forward
    /// Opens a POST form.
    case post
    /// Opens a PUT form.
    case put
    /// Opens a PATCH form.
    case patch
    /// Asks to confirm, then sends DELETE.
    case delete
    /// Opens a form whose body replaces `latestData` locally (`overrideLocalContent`).
    case overrideLocal
    /// Copies the request as a curl command.
    case copyCurl
    /// Copy the JSON value under the cursor, as the server sent it.
    case copyValue
    /// Wrap long lines in latestData, or cut them at the edge again.
    case toggleWrap
    /// Shows the response as HTTP sent it (status line, headers, redirects, timing, sizes) in
    /// latestData's pane, or the body again.
    case toggleHead
    /// Focus moves to the next pane.
    case nextPane
    /// Focus moves to the previous pane.
    case previousPane
    /// Cursor down one line.
    case scrollDown
    /// Cursor up one line.
    case scrollUp
    /// Shows columns further left in latestData (horizontal scroll).
    case scrollLeft
    /// Shows columns further right in latestData, while some visible line is cut off.
    case scrollRight
    /// One page down.
    case pageDown
    /// One page up.
    case pageUp
    /// First line.
    case top
    /// Last line.
    case bottom
    /// Folds or unfolds the JSON container under the cursor.
    case toggleFold
    /// Prompts for a search.
    case search
    /// Next match.
    case searchNext
    /// Previous match.
    case searchPrevious
    /// Next theme.
    case nextTheme
    /// Shows or hides the resources list.
    case toggleResources
    /// Shows the help overlay.
    case help
    /// Saves the screen as SVG.
    case exportSVG
    /// Clears the terminal and draws everything again.
    case redraw
    /// Edits the current URL's query parameters, one a line.
    case editQuery
    /// Opens the request history.
    case history
    /// Opens the collection's saved requests.
    case savedRequests
    /// Opens the list of environments.
    case environments
    /// Shows the cookie jar.
    case cookies
    /// Asks for a curl command and turns it into a filled form.
    case importCurl
    /// Asks for a file name and writes the shown body to it.
    case saveBody
    /// Asks for a shell command and pipes the shown body's bytes to it.
    case pipe
    /// Opens the JSONPath query pane over latestData.
    case pathQuery
    /// Copies the normalized path of the JSON value under the cursor.
    case copyPath
    /// Lists the operations of the API description, by tag.
    case operations
    /// Shows the check of the resource shown against the API description's schema.
    case schemaCheck
    /// Pins the current resource to the watch board (or the one selected in the resources
    /// list), or unpins it.
    case pin
    /// Shows or hides the watch board.
    case watchBoard
    /// Shows the full diff of the resource's last change.
    case showChanges
    /// Lists the resource's versions in this run, to compare any two.
    case timeline
    /// Pauses every pinned resource, or resumes them all.
    case pauseAll
    /// Writes the session's exchanges to a HAR 1.2 file.
    case exportHAR
    /// Cancels what is in flight (the focused resource's loads, a form's request); with
    /// nothing in flight, or pressed twice within two seconds, quits.
    case interrupt
    /// Quits.
    case quit

    /// The help group this command is listed under, in `?` and `hammock --help`.
    public var group: KeyGroup {
        switch self {
        case .load, .loadIfNeeded, .invalidate, .wipe, .cancel, .overrideLocal: return .siesta
        case .goTo, .follow, .back, .forward, .editQuery, .toggleResources, .nextPane, .previousPane: return .navigation
        case .scrollDown, .scrollUp, .scrollLeft, .scrollRight, .pageDown, .pageUp, .top, .bottom, .toggleFold,
            .toggleWrap, .toggleHead, .search, .searchNext, .searchPrevious, .copyValue, .saveBody, .pipe, .pathQuery,
            .copyPath:
            return .body
        case .post, .put, .patch, .delete, .copyCurl, .importCurl: return .requests
        case .history, .savedRequests, .environments, .cookies: return .workspace
        case .operations, .schemaCheck: return .api
        case .pin, .watchBoard, .showChanges, .timeline, .pauseAll, .exportHAR: return .watching
        case .nextTheme, .help, .exportSVG, .redraw, .interrupt, .quit: return .program
        }
    }

    /// The Siesta call or effect shown in the help overlay.
    public var summary: String {
        switch self {
        case .load: return "load()"
        case .loadIfNeeded: return "loadIfNeeded()"
        case .invalidate: return "invalidate()"
        case .wipe: return "wipe()"
        case .cancel: return "cancel() the loads in flight"
        case .goTo: return "go to a URL or path, then loadIfNeeded()"
        case .follow: return "follow link / fold"
        case .back: return "back"
        case .forward: return "forward"
        case .post: return "request(.post, …) form"
        case .put: return "request(.put, …) form"
        case .patch: return "request(.patch, …) form"
        case .delete: return "request(.delete)"
        case .overrideLocal: return "overrideLocalContent(with:) form"
        case .copyCurl: return "copy request as curl"
        case .copyValue: return "copy the value under the cursor, as sent"
        case .toggleWrap: return "wrap long lines / cut them at the edge"
        case .toggleHead: return "response head: status, headers, timing / body"
        case .nextPane: return "next pane"
        case .previousPane: return "previous pane"
        case .scrollDown: return "down"
        case .scrollUp: return "up"
        case .scrollLeft: return "scroll left (long lines)"
        case .scrollRight: return "scroll right (long lines)"
        case .pageDown: return "page down"
        case .pageUp: return "page up"
        case .top: return "top"
        case .bottom: return "bottom"
        case .toggleFold: return "fold / unfold JSON"
        case .search: return "search latestData"
        case .searchNext: return "next match"
        case .searchPrevious: return "previous match"
        case .nextTheme: return "next theme"
        case .toggleResources: return "service.cachedResources list"
        case .help: return "this help"
        case .exportSVG: return "save screen as SVG"
        case .redraw: return "redraw the whole screen"
        case .editQuery: return "edit the query parameters (?k=v), one a line"
        case .history: return "history: filter, open, re-send, diff two"
        case .savedRequests: return "saved requests (the collection)"
        case .environments: return "choose the environment for {{variables}}"
        case .cookies: return "the cookie jar"
        case .importCurl: return "paste a curl command into a form"
        case .saveBody: return "save the body shown to a file"
        case .pipe: return "pipe the body to a command (jq, grep…)"
        case .pathQuery: return "JSONPath query over the body, live"
        case .copyPath: return "copy the JSONPath of the value under the cursor"
        case .operations: return "the API's operations (OpenAPI)"
        case .schemaCheck: return "this response against its schema: violations"
        case .pin: return "pin / unpin on the watch board (loadIfNeeded())"
        case .watchBoard: return "watch board: pinned resources, live"
        case .showChanges: return "what changed: the last change's full diff"
        case .timeline: return "timeline: this run's versions, compare any two"
        case .pauseAll: return "pause / resume every pinned resource"
        case .exportHAR: return "export the session as HAR 1.2 (secrets masked)"
        case .interrupt: return "cancel the loads; idle (or twice): quit"
        case .quit: return "quit"
        }
    }

    /// Where the command stands in the main view's footer and the footer's word for it: lower
    /// places are kept longer when the row is short; nil when the footer leaves it out.
    public var footer: (place: Int, label: String)? {
        switch self {
        case .help, .quit: return (0, rawValue)
        case .load: return (2, "load()")
        case .loadIfNeeded: return (3, "loadIfNeeded()")
        case .goTo: return (4, "go")
        case .back: return (5, "back")
        case .invalidate: return (6, "invalidate()")
        case .post: return (7, "POST")
        case .wipe: return (8, "wipe()")
        default: return nil
        }
    }
}
