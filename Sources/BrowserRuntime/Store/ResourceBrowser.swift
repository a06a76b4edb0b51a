import Browser
import Foundation
import HTTPCore
import OrderedJSON
import Siesta
import TUICore
import Workspace

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Connects the pure browser model to Siesta: it owns the `BrowserState`, carries out the
/// `Command`s that `update` returns by calling Siesta, and turns resource events and request
/// hooks back into `Action`s.
///
/// It registers itself as a `ResourceObserver` of every resource it opens (held weakly by
/// Siesta, added once), so events for every visited resource reach the Events pane. All of this
/// runs on the main actor, as Siesta requires; searches run in a background task.
///
/// One loop: every change of state is an `Action` put into one queue, and the queue is drained
/// in order, one `update` at a time. An action dispatched while another is being handled (an
/// observer added during a command gets `observerAdded` at once, a command reports what it
/// resolved) waits its turn, so `update` is never re-entered. `onChange` runs once the queue
/// is empty, saying whether the change must be drawn at once (a key, or news about the resource
/// in focus or one a key just asked for) or may be coalesced with other background news.
///
/// It installs ``JSONDocumentTransformer`` on the service, so JSON bodies arrive as
/// `JSONDocument`s: the server's key order, duplicate keys and number text are kept.
@MainActor
public final class ResourceBrowser: ResourceObserver {
    /// The service being browsed.
    public let service: Service
    /// The current state.
    public private(set) var state: BrowserState
    /// Called after every state change that needs a redraw, with how soon it should be drawn
    /// (``FramePacer`` turns that into frames).
    public var onChange: @MainActor (FramePacer.Reason) -> Void = { _ in }
    /// Called for effects outside Siesta: clipboard, SVG export, quit.
    public var onEffect: @MainActor (Command) -> Void = { _ in }
    /// History, saved requests, environments and cookies, when the browser has them.
    public let workspace: WorkspaceSession?

    /// The snapshots of resources the panes show.
    let snapshotter: ResourceSnapshotter
    /// Resources this browser observes.
    private var observed: Set<String> = []

    let exchangeRecorder: ExchangeRecorder?
    var searchTask: Task<Void, Never>?
    /// The request of the form that was sent last, while it runs.
    var formRequest: (any Request)?
    /// Upload paths being looked at, so each is looked at once.
    private var checkingFiles: Set<String> = []
    /// The watch board's refresh of each pinned resource, while it runs: pausing or unpinning
    /// the resource cancels it.
    var watchRefreshes: [String: any Request] = [:]
    private var pending: [Action] = []
    private var isDraining = false
    /// True when the state changed since the frame context was last measured.
    private var frameIsStale = true
    /// URLs whose requests a key started and that have not answered yet: their news is drawn at
    /// once, whatever else is going on.
    var awaited: Set<String> = []
    /// True while the action being handled is a key or a paste.
    var isHandlingInput = false
    var resourceListIsStale = false
    /// Commands held back while the environment's files are checked; nil when none is.
    var commandsAwaitingEnvironment: [Command]?
    /// Pinned resources: their expiration and refreshes.
    let watchController: WatchController
    /// This run's versions of every resource's data, and their diffs.
    let versions = VersionTracker()
    /// The streams read from responses.
    let streams = StreamController()
    /// The WebSocket console's connection.
    let webSockets = WebSocketController()
    /// The shell commands the body is piped to.
    let pipes = PipeRunner()
    /// The query pane's JSONPath queries.
    let pathQueries = PathQueryRunner()
    /// Checks responses against the API description.
    let schemaChecks = SchemaCheckRunner()
    /// Runs saved requests (a request, a folder, the collection) off the main actor.
    let runs = RunController()
    /// How runs of saved requests connect: TLS, proxy, timeouts, default headers (each run has
    /// a cookie jar of its own).
    package var runSettings: HTTPClientSettings {
        get { runs.settings }
        set { runs.settings = newValue }
    }
    /// Finds the API description, once ``findDescription(transport:explicit:)`` starts it.
    var descriptionFinder: DescriptionFinder?
    /// How the WebSocket console connects (headers, TLS, pings).
    package var webSocketSettings: WebSocketSettings {
        get { webSockets.settings }
        set { webSockets.settings = newValue }
    }
    /// Removes a resource's entry from the persistent entity cache, when there is one: a
    /// resource deleted on the server must not come back from the disk. Called before the
    /// resource is wiped; the removal must be queued ahead of the cache read the wipe starts.
    public var forgetCachedEntity: (@MainActor (Resource) -> Void)?
    /// The program's version, for the HAR file's creator.
    public var version = "dev"

    /// Creates a browser for a service with a start state. To show HTTP status codes in success
    /// hooks, pass the `exchangeRecorder` whose `provider()` the service sends through.
    public init(
        service: Service, state: BrowserState, exchangeRecorder: ExchangeRecorder? = nil,
        workspace: WorkspaceSession? = nil
    ) {
        self.service = service
        self.state = state
        self.state.hasCollection = workspace?.collection != nil
        self.exchangeRecorder = exchangeRecorder
        self.workspace = workspace
        snapshotter = ResourceSnapshotter(exchangeRecorder: exchangeRecorder)
        watchController = WatchController(service: service)
        JSONDocumentTransformer.install(on: service)
        watchController.scheduler.refresh = { [weak self] url in self?.refreshPinned(url) ?? false }
        versions.dispatch = { [weak self] action in self?.dispatch(action) }
        pipes.dispatch = { [weak self] action in self?.dispatch(action) }
        pathQueries.dispatch = { [weak self] action in self?.dispatch(action) }
        schemaChecks.dispatch = { [weak self] action in self?.dispatch(action) }
        runs.dispatch = { [weak self] action in self?.dispatch(action) }
        streams.onChange = { [weak self] snapshot in self?.dispatch(.streamChanged(snapshot)) }
        webSockets.onEvent = { [weak self] generation, event in
            self?.dispatch(.webSocket(generation: generation, event))
        }
        exchangeRecorder?.onStream = { [weak self] stream in
            Task { @MainActor [weak self] in
                guard let self else {
                    stream.cancel()
                    return
                }
                self.streams.opened(stream)
            }
        }
        workspace?.dispatch = { [weak self] action in self?.dispatch(action) }
        // The environment's auth goes on every request, loads included.
        if let workspace {
            // Only on the service's own origin: a link to another host never gets the credentials.
            let origin = URL(string: state.serviceBaseURL).map { URLOrigin.of($0) }
            workspace.serviceOrigin = origin
            service.configure(
                whenURLMatches: { url in URLOrigin.of(url) == origin }, description: "environment auth",
                configurer: { [weak workspace] in
                    for (name, value) in workspace?.authHeaders() ?? [] { $0.headers[name] = value }
                })
            workspace.onEnvironmentChanged = { [weak service] in service?.invalidateConfiguration() }
        }
        if let workspace, let exchangeRecorder {
            exchangeRecorder.onExchange = { [weak workspace] exchange in workspace?.record(exchange) }
        }
    }

    /// Starts looking for the service's API description: `explicit` (a file path or URL, from
    /// `--openapi`) when given, else through the `Link` headers of the service's responses and
    /// the usual places (under `startURL`'s folder first), fetched through `transport` (which
    /// records nothing). Once found,
    /// every response of a described operation is checked against its schema.
    package func findDescription(transport: HTTPTransport?, explicit: String?, startURL: URL? = nil) {
        guard let base = URL(string: state.serviceBaseURL) else { return }
        let finder = DescriptionFinder(serviceBaseURL: base, startURL: startURL, transport: transport)
        finder.dispatch = { [weak self] action in
            if case .apiDescription(let api) = action { self?.describedBy(api) }
            self?.dispatch(action)
        }
        descriptionFinder = finder
        if let explicit {
            finder.load(explicit: explicit)
        } else if let exchangeRecorder {
            let earlier = exchangeRecorder.onExchange
            exchangeRecorder.onExchange = { [weak finder] exchange in
                earlier?(exchange)
                Task { @MainActor in finder?.exchangeFinished(exchange) }
            }
        }
    }

    /// A description arrived: responses are checked against it from now on, those already shown
    /// at once.
    private func describedBy(_ api: APIState) {
        schemaChecks.use(api)
        for (url, snapshot) in state.resources {
            if let data = snapshot.latestData { checkResponse(url: url, data: data) }
        }
    }

    /// Checks the data of the resource at `url` against the description.
    func checkResponse(url: String, data: EntitySnapshot) {
        guard schemaChecks.isReady else { return }
        let status = exchangeRecorder?.lastStatus(method: .get, url: url) ?? 200
        schemaChecks.check(method: "GET", url: url, status: status, contentType: data.contentType, body: data.body)
    }

    /// Queues an action and, unless the queue is already being drained, drains it: each action
    /// is applied (with the state's clock set to the current time, so log entries carry the time
    /// they happened) and its commands carried out before the next one is taken.
    public func dispatch(_ action: Action) {
        pending.append(action)
        guard !isDraining else { return }
        isDraining = true
        var reason = FramePacer.Reason.background
        var index = 0
        while index < pending.count {
            let next = pending[index]
            index += 1
            state.now = Date().timeIntervalSince1970
            if reason == .background { reason = state.frameReason(for: next, awaited: awaited) }
            if case .resourceChanged(let snapshot, let event?) = next, !snapshot.isLoading, Self.isAnswer(event) {
                awaited.remove(snapshot.url)
            }
            switch next {
            case .key, .paste:
                isHandlingInput = true
                // Keys read the pages as they are on screen (or would be, when keys come faster
                // than frames): measured from the state they act on.
                if frameIsStale { state.frame = BrowserView.frameContext(of: state) }
                frameIsStale = false
            default:
                isHandlingInput = false
            }
            for command in state.update(next) { execute(command) }
            frameIsStale = true
            isHandlingInput = false
            // Snapshots of every resource are taken only while the list is shown (with a hundred
            // watched resources they are not free); hidden, the list follows only new resources.
            if index == pending.count, resourceListIsStale,
                state.showResources || service.cachedResources.count != state.resourceOrder.count
            {
                resourceListIsStale = false
                pending.append(.resourcesListed(resourceList()))
            }
        }
        pending.removeAll(keepingCapacity: true)
        isDraining = false
        checkUploadFiles()
        onChange(reason)
    }

    /// Draws the state into a new screen and keeps what the frame's keys need to know of it
    /// (``BrowserState/frame``).
    public func renderFrame() -> Screen {
        var screen = Screen(width: state.width, height: state.height)
        state.frame = BrowserView.render(state, into: &screen)
        frameIsStale = false
        return screen
    }

    /// Looks, off the main actor, at the files the open form's body names that it has not seen
    /// yet, and reports their sizes (or why they cannot be sent) with `.filesChecked`.
    private func checkUploadFiles() {
        guard let form = state.topLayer as? RequestForm else { return }
        let paths = form.uploadPaths.filter { form.files[$0] == nil && !checkingFiles.contains($0) }
        guard !paths.isEmpty else { return }
        checkingFiles.formUnion(paths)
        let place = uploadPlace
        Task { @MainActor [weak self] in
            let checks = await Task.detached { UploadBodyBuilder.check(paths, in: place) }.value
            guard let self else { return }
            self.checkingFiles.subtract(paths)
            self.dispatch(.filesChecked(checks))
        }
    }

    /// Where upload paths are read from: the home folder and the working folder.
    var uploadPlace: UploadBodyBuilder.Place {
        .current(environment: workspace?.processEnvironment ?? ProcessInfo.processInfo.environment)
    }

    /// True for the events that end a request: data, not modified, an error, a cancel.
    private static func isAnswer(_ event: ResourceEvent) -> Bool {
        switch event {
        case .newData, .notModified, .error, .requestCancelled: return true
        case .observerAdded, .requested: return false
        }
    }

    /// Opens the service's root (or `path` relative to it) at start-up.
    public func start(path: String? = nil) {
        dispatch(.open(path: path ?? ""))
    }

    /// The resources list: a snapshot of each of `service.cachedResources`, by URL.
    private func resourceList() -> [ResourceSnapshot] {
        service.cachedResources
            .sorted { $0.url.absoluteString < $1.url.absoluteString }
            .map { snapshotter.snapshot(of: $0, rebuildBody: false) }
    }

    // MARK: ResourceObserver

    /// Turns a Siesta event into `.resourceChanged` with the event; the resources list is
    /// refreshed after it.
    public func resourceChanged(_ resource: Resource, event: ResourceEvent) {
        var rebuild = false
        let url = resource.url.absoluteString
        if case .newData = event { rebuild = true }
        if case .requested = event { snapshotter.progress[url] = 0 }
        if !resource.isLoading { snapshotter.progress[url] = nil }
        let snapshot = snapshotter.snapshot(of: resource, rebuildBody: rebuild)
        resourceListIsStale = true
        dispatch(.resourceChanged(snapshot, event: event))
        switch event {
        case .newData:
            if let data = snapshot.latestData {
                versions.record(data.body, of: url, event: event, size: data.byteCount)
                checkResponse(url: url, data: data)
            }
            watchController.resourceReported(url)
        case .error:
            // An error the server answered with a body is checked against its status's schema.
            if schemaChecks.isReady, let error = resource.latestError, let status = error.httpStatusCode {
                let mediaType = error.entity.map { ResourceSnapshotter.mediaType(of: $0) } ?? ""
                schemaChecks.check(
                    method: "GET", url: url, status: status, contentType: mediaType, body: snapshot.latestError?.body)
            }
            watchController.resourceReported(url)
        case .notModified, .requestCancelled:
            watchController.resourceReported(url)
        case .observerAdded, .requested:
            break
        }
    }

    /// The watch board's refresh of a pinned resource: `loadIfNeeded()`, unless it is loading.
    /// Returns whether a request is under way.
    private func refreshPinned(_ url: String) -> Bool {
        // A pinned refresh does not wait for the environment's files: an edit found now applies
        // from the next request on.
        workspace?.refreshEnvironment()
        let target = resource(url)
        observe(target)
        // A live stream is its own refresh: loading again would start it over.
        if target.isLoading || streams.isLive(url) { return true }
        let before = beforeLoading(target)
        guard let request = target.loadIfNeeded() else { return false }
        attachHooks(request, to: target, method: .get, before: before)
        watchRefreshes[url] = request
        request.onCompletion { [weak self, weak request] _ in
            guard let self, let request, let current = self.watchRefreshes[url], current === request else { return }
            self.watchRefreshes[url] = nil
        }
        dispatch(.watchRefreshSent(url: url))
        return true
    }

    /// Writes the session's exchanges as HAR to `path`, off the main actor.
    func exportHAR(to path: String) {
        guard let exchangeRecorder else {
            dispatch(.note("no exchanges are recorded in this browser", isError: true))
            return
        }
        let exchanges = exchangeRecorder.sessionExchanges()
        let version = version
        let file = (path as NSString).expandingTildeInPath
        Task.detached(priority: .userInitiated) { [weak self] in
            let outcome = HARExport.write(exchanges, version: version, to: file)
            await self?.dispatch(.note(outcome.message, isError: outcome.failed))
        }
    }

    /// Records load progress for the isLoading pane.
    public func resourceRequestProgress(for resource: Resource, progress value: Double) {
        snapshotter.progress[resource.url.absoluteString] = value
        dispatch(.resourceChanged(snapshotter.snapshot(of: resource, rebuildBody: false), event: nil))
    }

    // MARK: commands

    func resource(_ url: String) -> Resource { service.resource(absoluteURL: url) }

    func observe(_ resource: Resource) {
        let key = resource.url.absoluteString
        if !observed.contains(key) {
            observed.insert(key)
            resource.addObserver(self)
        }
    }

    func open(_ resource: Resource) {
        let key = resource.url.absoluteString
        observe(resource)
        let before = beforeLoading(resource)
        attachHooks(resource.loadIfNeeded(), to: resource, method: .get, before: before)
        resourceListIsStale = true
        dispatch(
            .resourceChanged(
                snapshotter.snapshot(of: resource, rebuildBody: !snapshotter.hasBody(for: key)), event: nil))
    }
}
