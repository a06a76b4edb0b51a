import Foundation
import Workspace

/// The whole state of the browser: one value, changed only by `update(_:)`, drawn by
/// `BrowserView.render(_:into:)`.
///
/// Resources appear here as `ResourceSnapshot`s copied from Siesta, so the state can be built
/// and driven in tests without a network. Bodies inside snapshots are reference types that
/// cache their layout (fold state, line offsets); the state is used on the main actor only.
public struct BrowserState {
    /// Terminal width in columns.
    public var width: Int
    /// Terminal height in rows.
    public var height: Int
    /// The service's `baseURL` text.
    public var serviceBaseURL: String
    /// Headers configured for every request (`--header`), shown masked.
    public var configuredHeaders: [(String, String)]
    /// Headers the transport adds to every request that has none of that name (`User-Agent`,
    /// `Accept`), so a request copied as curl is the one sent.
    public var defaultHeaders: [(String, String)] = []
    /// Visited URLs; `historyIndex` points at the current one.
    public var history: [String] = []
    /// Index of the current URL in `history` (-1 when empty).
    public var historyIndex = -1
    /// True when a collection folder is open, so requests can be saved (F2).
    public var hasCollection = false
    /// The lines given to each kind of prompt (answered, or cancelled with Esc or Ctrl-C), for
    /// Up / Down recall, by ``Prompt/recallKey``.
    public var promptRecall: [String: LineRecall] = [:]
    /// Answers given to the go prompt, oldest first (at most ``maximumPromptHistory``).
    public var goHistory: [String] { promptRecall[Prompt.Purpose.goTo.recallKey ?? ""]?.lines ?? [] }
    /// How many lines each prompt's recall keeps.
    public static let maximumPromptHistory = 200
    /// Latest snapshot per resource URL.
    public var resources: [String: ResourceSnapshot] = [:]
    /// `service.cachedResources` order, as URLs.
    public var resourceOrder: [String] = []
    /// The event log, oldest first, at most `maximumEvents`.
    public var events: [EventLogEntry] = []
    /// The focused pane.
    public var focus: Pane = .latestData
    /// Cursor and scroll position per resource URL in latestData.
    public var positions: [String: Viewport] = [:]
    /// The folded JSON containers of what latestData's pane shows, by the same keys as
    /// ``positions``; forgotten when the body they belong to is replaced.
    public var folds: [String: JSONFolds] = [:]
    /// Lines scrolled up from the newest event (0 follows new events).
    public var eventsScroll = 0
    /// The first visible column of each pane other than latestData (which keeps its own per
    /// resource), when scrolled sideways.
    public var paneLeft: [Pane: Int] = [:]
    /// Selected row in the resources list.
    public var resourcesCursor = 0
    /// True when the resources list is shown.
    public var showResources = false
    /// The layers open over the main view, bottom first: the top one takes keys first
    /// (``Layer``).
    public var layers: [any Layer] = []
    /// The sizes of the scrolling pages in the frame last drawn, which key handling reads
    /// (``FrameContext``); the runtime sets it once per frame.
    public var frame = FrameContext()
    /// Forms closed with Esc after they were edited and before they were sent, by kind and
    /// resource (``RequestForm/draftKey``): opening the same kind of form on the same resource
    /// brings one back, so Esc never throws typing away. At most ``maximumKeptForms``; the
    /// oldest goes first.
    public var keptForms: [String: RequestForm] = [:]
    /// The order the kept forms were kept in, oldest first.
    public var keptFormOrder: [String] = []
    /// How many unsent drafts are kept at once.
    public static let maximumKeptForms = 20
    /// The last search's query (`n` / `N` search for it again in another body).
    public var searchQuery: String?
    /// The search in progress or last finished, with its matches.
    public var search: SearchState?
    /// The generation of the latest search started; never reused, so a late update from an
    /// earlier search is always told apart.
    public var searchGeneration = 0
    /// True when latestData's pane shows the response as HTTP sent it (status line, headers,
    /// redirects, timing) instead of the body (`m` toggles).
    public var showsResponseHead = false
    /// True when long lines in latestData wrap at the pane's edge instead of being cut.
    public var wrapsLines = false
    /// Themes `t` cycles through (never empty).
    public var themes: [Theme]
    /// Index of the current theme.
    public var themeIndex = 0
    /// The key map.
    public var keyMap: KeyMap
    /// The status line message.
    public var status: StatusMessage?
    /// The current time (seconds since 1970), advanced by ticks.
    public var now: Double
    /// Spinner frame counter.
    public var spinnerFrame = 0
    /// The environment whose values fill `{{variables}}` (nil: none chosen).
    public var environment: String?
    /// True once quit was requested.
    public var isQuitting = false
    /// When Ctrl-C last cancelled something (a second press soon after quits).
    public var lastInterrupt: Double?
    /// The pinned resources and the watch board's view.
    public var watch = WatchBoard()
    /// The last change of each resource's data, by URL (`D` shows it whole).
    public var changes: [String: ResourceChange] = [:]
    /// The resource whose changed lines are highlighted, and until when (seconds since 1970);
    /// the next key press ends it too.
    public var highlight: (url: String, until: Double)?
    /// How long changed lines stay highlighted, in seconds.
    public static let highlightDuration = 4.0
    /// This run's versions of each resource's data, oldest first, by URL.
    public var versions: [String: [ResourceVersion]] = [:]
    /// The streams read from responses (Server-Sent Events, NDJSON), by URL.
    public var streams: [String: StreamSnapshot] = [:]
    /// The number of the newest WebSocket connection asked for (the console's news is matched
    /// against it).
    public var webSocketGeneration = 0
    /// The number of the latest piped command (`|`); never reused, so a late report of an
    /// earlier run is ignored.
    public var pipeGeneration = 0
    /// The number of the latest JSONPath query run; never reused.
    public var pathQueryGeneration = 0
    /// The number of the latest run of saved requests; never reused.
    public var runGeneration = 0
    /// What each run still going runs, by generation (its list may be closed).
    public var runTargets: [Int: RunTarget] = [:]
    /// The path of the JSON value under latestData's cursor, as the border shows it.
    public var cursorPath: CursorPath?
    /// The JSONPath expression last given for each resource, by URL: `$` opens with it.
    public var pathQueries: [String: String] = [:]
    /// The API description of the service, once found.
    public var api: APIState? {
        didSet { currentOperation = nil }
    }
    /// The operation the current URL is (its id and path template), worked out when the URL
    /// changes; `url` is the URL it was worked out for.
    public var currentOperation: (url: String, operation: APIOperation?)?
    /// The last check of each resource's response against the description, by URL.
    public var schemaChecks: [String: SchemaCheck] = [:]
    /// True while certificate verification is off (`--insecure`): the URL pane shows `INSECURE`.
    public var isInsecure = false

    /// The most events kept.
    public static let maximumEvents = 2000

    /// Creates the start state.
    public init(
        width: Int, height: Int, serviceBaseURL: String, configuredHeaders: [(String, String)] = [],
        themes: [Theme] = [.standard], themeIndex: Int = 0, keyMap: KeyMap = .standard,
        now: Double = Date().timeIntervalSince1970
    ) {
        self.width = width
        self.height = height
        self.serviceBaseURL = serviceBaseURL
        self.configuredHeaders = configuredHeaders
        self.themes = themes.isEmpty ? [.standard] : themes
        self.themeIndex = min(max(0, themeIndex), self.themes.count - 1)
        self.keyMap = keyMap
        self.now = now
    }

    /// The URL shown, if any.
    public var currentURL: String? { history.indices.contains(historyIndex) ? history[historyIndex] : nil }

    /// The snapshot of the shown resource (an empty one before the first event).
    public var current: ResourceSnapshot? { currentURL.map { resources[$0] ?? ResourceSnapshot(url: $0) } }

    /// The theme in use.
    public var theme: Theme { themes[themeIndex] }

    /// The layout for the current size.
    public var layout: BrowserLayout {
        BrowserLayout(
            width: width, height: height, showResources: showResources,
            watchRows: watch.isShown ? watch.entries.count : nil)
    }

    /// The position in what latestData's pane shows of the current resource.
    public var position: Viewport {
        get { positionKey.flatMap { positions[$0] } ?? Viewport(cursor: 0) }
        set { if let key = positionKey { positions[key] = newValue } }
    }

    /// The key of ``position`` in `positions`: the URL for the body, the URL and ` head` for
    /// the response head.
    var positionKey: String? {
        currentURL.map { url in
            if showsResponseHead { return url + " head" }
            return streams[url] != nil ? url + " stream" : url
        }
    }

    /// What latestData's pane shows: the response head when toggled on; else latestData's
    /// body; else, when latestData is nil, latestError's body (under a marker).
    public var shownBody: BodyContent? {
        guard let current else { return nil }
        let body: BodyContent?
        if showsResponseHead {
            body = current.head
        } else if let stream = streams[current.url] {
            body = stream.body
        } else {
            body = current.latestData?.body ?? current.latestError?.body
        }
        return body?.withFolds(positionKey.flatMap { folds[$0] })
    }

    /// Changes what latestData's pane shows (folds a container, unfolds around a match) and
    /// keeps its folds in ``folds``; nil when nothing is shown.
    mutating func changeShownBody<Result>(_ change: (inout BodyContent) -> Result?) -> Result? {
        guard var body = shownBody, let key = positionKey else { return nil }
        let result = change(&body)
        folds[key] = body.folds
        return result
    }

    /// The URL written relative to the service when it lies below it (`/users/1`), else whole,
    /// with non-ASCII characters shown decoded (``PercentEncoding/readable(_:)``): for reading
    /// only, never for sending.
    public func displayPath(_ url: String) -> String {
        var base = serviceBaseURL
        if base.hasSuffix("/") { base.removeLast() }
        if !base.isEmpty, url.hasPrefix(base), url.count > base.count {
            return PercentEncoding.readable(String(url.dropFirst(base.count)))
        }
        return url == serviceBaseURL ? "/" : PercentEncoding.readable(url)
    }

    /// Appends an event, dropping the oldest past `maximumEvents`; keeps a scrolled-up view
    /// steady.
    public mutating func log(_ entry: EventLogEntry) {
        events.append(entry)
        if events.count > BrowserState.maximumEvents { events.removeFirst(events.count - BrowserState.maximumEvents) }
        if eventsScroll > 0 { eventsScroll += 1 }
    }
}
