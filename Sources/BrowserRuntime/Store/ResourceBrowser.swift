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

    private var bodies: [String: (timestamp: TimeInterval, body: BodyContent)] = [:]
    private var errorBodies: [String: (timestamp: TimeInterval, body: BodyContent?)] = [:]
    private var progress: [String: Double] = [:]
    private var heads: [String: (date: Double, body: BodyContent)] = [:]
    private var observed: Set<String> = []

    private let exchangeRecorder: ExchangeRecorder?
    private var searchTask: Task<Void, Never>?
    /// The user whose basic-auth password the last preparation lacked.
    private var passwordNeededFor: String?
    /// The request of the form that was sent last, while it runs.
    private var formRequest: (any Request)?
    /// Upload paths being looked at, so each is looked at once.
    private var checkingFiles: Set<String> = []
    /// The watch board's refresh of each pinned resource, while it runs: pausing or unpinning
    /// the resource cancels it.
    private var watchRefreshes: [String: any Request] = [:]
    private var pending: [Action] = []
    private var isDraining = false
    /// True when the state changed since the frame context was last measured.
    private var frameIsStale = true
    /// URLs whose requests a key started and that have not answered yet: their news is drawn at
    /// once, whatever else is going on.
    private var awaited: Set<String> = []
    /// True while the action being handled is a key or a paste.
    private var isHandlingInput = false
    private var resourceListIsStale = false
    /// Pinned resources: their expiration and refreshes.
    private let watchController: WatchController
    /// This run's versions of every resource's data.
    private let versionStore = VersionStore()
    /// The streams read from responses.
    private let streams = StreamController()
    /// The WebSocket console's connection.
    private let webSockets = WebSocketController()
    /// The diff running for each resource.
    private var diffTasks: [String: Task<Void, Never>] = [:]
    /// The version each resource's newest diff belongs to.
    private var latestVersion: [String: Int] = [:]
    /// The diff waiting for each resource's running one to end.
    private var pendingDiffs: [String: (old: ChangeDetector.Version, new: ChangeDetector.Version, id: Int)] = [:]
    /// How the WebSocket console connects (headers, TLS, pings).
    package var webSocketSettings: WebSocketSettings {
        get { webSockets.settings }
        set { webSockets.settings = newValue }
    }
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
        watchController = WatchController(service: service)
        JSONDocumentTransformer.install(on: service)
        watchController.scheduler.refresh = { [weak self] url in self?.refreshPinned(url) ?? false }
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
            let origin = URL(string: state.serviceBaseURL).map { Self.origin(of: $0) }
            workspace.serviceOrigin = origin
            service.configure(
                whenURLMatches: { url in Self.origin(of: url) == origin }, description: "environment auth",
                configurer: { [weak workspace] in
                    for (name, value) in workspace?.authHeaders() ?? [] { $0.headers[name] = value }
                })
            workspace.onEnvironmentChanged = { [weak service] in service?.invalidateConfiguration() }
        }
        if let workspace, let exchangeRecorder {
            exchangeRecorder.onExchange = { [weak workspace] record, body in workspace?.record(record, body: body) }
        }
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
    private var uploadPlace: UploadBodyBuilder.Place {
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
            .map { snapshot(of: $0, rebuildBody: false) }
    }

    // MARK: ResourceObserver

    /// Turns a Siesta event into `.resourceChanged` with the event; the resources list is
    /// refreshed after it.
    public func resourceChanged(_ resource: Resource, event: ResourceEvent) {
        var rebuild = false
        let url = resource.url.absoluteString
        if case .newData = event { rebuild = true }
        if case .requested = event { progress[url] = 0 }
        if !resource.isLoading { progress[url] = nil }
        let snapshot = snapshot(of: resource, rebuildBody: rebuild)
        resourceListIsStale = true
        dispatch(.resourceChanged(snapshot, event: event))
        switch event {
        case .newData:
            if let body = snapshot.latestData?.body {
                recordVersion(of: url, body: body, event: event, size: snapshot.latestData?.byteCount)
            }
            watchController.resourceReported(url)
        case .notModified, .error, .requestCancelled:
            watchController.resourceReported(url)
        case .observerAdded, .requested:
            break
        }
    }

    // MARK: versions and changes

    /// Keeps a new version of `url`'s data and, when there was one before, diffs the two off the
    /// main actor; the result arrives as `.changeDetected`.
    private func recordVersion(of url: String, body: BodyContent, event: ResourceEvent, size: Int?) {
        guard let version = Self.comparable(body) else { return }
        let (added, previous) = versionStore.add(
            url: url, event: event.description, time: Date().timeIntervalSince1970, body: version,
            size: size ?? body.bytes?.count ?? 0, memory: Self.memory(of: version))
        dispatch(.versionsChanged(url: url, versionStore.versions(of: url)))
        guard let previous else { return }
        latestVersion[url] = added.id
        startDiff(url: url, old: previous, new: version, id: added.id)
    }

    /// Diffs two versions off the main actor, one diff per resource at a time: a version that
    /// arrives meanwhile waits, and only the newest waiting one is diffed next.
    private func startDiff(url: String, old: ChangeDetector.Version, new: ChangeDetector.Version, id: Int) {
        guard diffTasks[url] == nil else {
            pendingDiffs[url] = (old, new, id)
            return
        }
        diffTasks[url] = Task.detached(priority: .utility) { [weak self] in
            let change = ChangeDetector.compare(old, new)
            await self?.changeDetected(url: url, version: id, change: change)
        }
    }

    private func changeDetected(url: String, version: Int, change: ResourceChange) {
        diffTasks[url] = nil
        dispatch(.changeDetected(url: url, version: version, change))
        if let next = pendingDiffs.removeValue(forKey: url) {
            startDiff(url: url, old: next.old, new: next.new, id: next.id)
        }
    }

    /// Bytes a kept version holds: a JSON document's index is about as large as its bytes.
    private static func memory(of version: ChangeDetector.Version) -> Int {
        switch version {
        case .json(let document): return document.data.count * 2
        case .text(let text): return text.utf8.count
        case .bytes(let data): return data.count
        }
    }

    /// A body as a version to compare: its JSON document, its text, or its bytes.
    private static func comparable(_ body: BodyContent) -> ChangeDetector.Version? {
        switch body {
        case .json(let outline): return .json(outline.document)
        case .text(let document): return .text(document.text)
        case .binary(let document): return .bytes(document.data)
        case .empty: return nil
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

    /// Shows versions `older` and `newer` of `url` as a diff, computed off the main actor.
    private func compareVersions(url: String, older: Int, newer: Int) {
        guard let old = versionStore.body(of: older), let new = versionStore.body(of: newer) else {
            dispatch(.note("that version's body was let go to save memory: only recent bodies are kept", isError: true))
            return
        }
        // Named as the timeline's rows name them: by their number among this resource's versions.
        let numbers = [older, newer].map { id in versionStore.number(of: id, url: url).map { "#\($0)" } ?? "?" }
        let title = "versions \(numbers[0]) → \(numbers[1]) · \(state.displayPath(url))"
        Task.detached(priority: .userInitiated) { [weak self] in
            let change = ChangeDetector.compare(old, new)
            await self?.dispatch(
                .showViewer(TextViewer(title: title, note: change.summary, text: change.diffText, kind: .diff)))
        }
    }

    /// Writes the session's exchanges as HAR to `path`, off the main actor.
    private func exportHAR(to path: String) {
        guard let exchangeRecorder else {
            dispatch(.note("no exchanges are recorded in this browser", isError: true))
            return
        }
        let exchanges = exchangeRecorder.sessionExchanges()
        let version = version
        let file = (path as NSString).expandingTildeInPath
        Task.detached(priority: .userInitiated) { [weak self] in
            let (data, leftOut) = HARExport.document(exchanges, version: version)
            var message: String
            let failed: Bool
            do throws(FileSystem.Failure) {
                try FileSystem.replace(file, with: data)
                let entries = exchanges.reduce(0) { $0 + 1 + $1.record.redirects.count }
                message =
                    "wrote \(entries) entries (\(Format.bytes(data.count))) as HAR 1.2 to \(file): secret headers, "
                    + "query parameters and form fields masked, bodies as received"
                if let summary = HARExport.leftOutSummary(leftOut) { message += "; " + summary }
                failed = false
            } catch {
                message = "could not write \(error.path): \(error.reason)"
                failed = true
            }
            await self?.dispatch(.note(message, isError: failed))
        }
    }

    /// Records load progress for the isLoading pane.
    public func resourceRequestProgress(for resource: Resource, progress value: Double) {
        progress[resource.url.absoluteString] = value
        dispatch(.resourceChanged(snapshot(of: resource, rebuildBody: false), event: nil))
    }

    // MARK: commands

    private func resource(_ url: String) -> Resource { service.resource(absoluteURL: url) }

    private func observe(_ resource: Resource) {
        let key = resource.url.absoluteString
        if !observed.contains(key) {
            observed.insert(key)
            resource.addObserver(self)
        }
    }

    private func open(_ resource: Resource) {
        let key = resource.url.absoluteString
        observe(resource)
        let before = beforeLoading(resource)
        attachHooks(resource.loadIfNeeded(), to: resource, method: .get, before: before)
        resourceListIsStale = true
        dispatch(.resourceChanged(snapshot(of: resource, rebuildBody: bodies[key] == nil), event: nil))
    }

    func execute(_ command: Command) {
        if isHandlingInput {
            switch command {
            case .show(let url), .load(let url), .loadIfNeeded(let url), .watch(.pin(let url, _)):
                awaited.insert(url)
            default: break
            }
        }
        // While the environment's files are checked, every command waits, so that they keep
        // their order; quitting never waits (a file system that hangs cannot keep hammock open).
        if commandsAwaitingEnvironment != nil, !Self.neverWaits(command) {
            commandsAwaitingEnvironment?.append(command)
            return
        }
        if let workspace, workspace.environment != nil, Self.usesEnvironment(command) {
            commandsAwaitingEnvironment = [command]
            workspace.refreshEnvironment { [weak self] in self?.runCommandsAwaitingEnvironment() }
            return
        }
        perform(command)
    }

    /// Commands held back while the environment's files are checked; nil when none is.
    private var commandsAwaitingEnvironment: [Command]?

    /// Carries out the commands that waited for the environment check, in order.
    private func runCommandsAwaitingEnvironment() {
        guard var commands = commandsAwaitingEnvironment else { return }
        commandsAwaitingEnvironment = nil
        while !commands.isEmpty {
            perform(commands.removeFirst())
            // One of them led to another check: the rest wait for that one.
            if commandsAwaitingEnvironment != nil {
                commandsAwaitingEnvironment?.append(contentsOf: commands)
                return
            }
        }
    }

    /// True for the commands that run at once even while others wait for the environment check.
    private static func neverWaits(_ command: Command) -> Bool {
        if case .quit = command { return true }
        return false
    }

    /// True for the commands that send a request, or show one as it would be sent, with the
    /// environment's variables or auth: they wait until its files were checked.
    private static func usesEnvironment(_ command: Command) -> Bool {
        switch command {
        case .navigate, .navigateTyped, .show, .load, .loadIfNeeded, .send, .workspace(.exportCurl): return true
        default: return false
        }
    }

    private func perform(_ command: Command) {
        switch command {
        case .navigateTyped(let text):
            guard let workspace else {
                dispatch(.note("{{variables}} need a collection with environments", isError: true))
                return
            }
            do {
                let filled = try workspace.fillVariables(in: text)
                if let webSocket = try URLInput.webSocketURL(filled) {
                    dispatch(.openWebSocket(url: webSocket.absoluteString))
                    return
                }
                let url = try URLInput.parse(
                    filled, base: URL(string: state.serviceBaseURL),
                    current: state.currentURL.flatMap(URL.init(string:)))
                // The environment was checked for this command already.
                perform(.navigate(path: url.absoluteString, from: nil))
            } catch let error as URLInputError {
                dispatch(.note(error.message, isError: true))
            } catch let error as UnresolvedVariablesError {
                dispatch(.note(Self.withoutFinalPeriod(error.message) + "; nothing was loaded", isError: true))
            } catch {
                dispatch(.note("\(error)", isError: true))
            }
        case .navigate(let path, let from):
            let target: Resource
            if let from {
                target = resource(from).relative(path)
            } else if path.hasPrefix("http://") || path.hasPrefix("https://") {
                target = service.resource(absoluteURL: path)
            } else {
                target = service.resource(path)
            }
            dispatch(.navigated(url: target.url.absoluteString))
            open(target)
        case .show(let url):
            open(resource(url))
        case .load(let url):
            let target = resource(url)
            attachHooks(target.load(), to: target, method: .get)
        case .loadIfNeeded(let url):
            let target = resource(url)
            let before = beforeLoading(target)
            if let request = target.loadIfNeeded() {
                attachHooks(request, to: target, method: .get, before: before)
            } else {
                dispatch(.note("loadIfNeeded(): up to date or already loading, no request", isError: false))
            }
        case .invalidate(let url):
            let target = resource(url)
            target.invalidate()
            dispatch(.resourceChanged(snapshot(of: target, rebuildBody: false), event: nil))
        case .wipe(let url):
            resource(url).wipe()
        case .cancelLoads(let url):
            let requests = resource(url).loadRequests
            if streams.stop(url) {
                dispatch(.note("stream stopped: r load() starts it again", isError: false))
                if requests.isEmpty { return }
            }
            if requests.isEmpty { dispatch(.note("no load in flight to cancel", isError: false)) }
            for request in requests { request.cancel() }
        case .send(let draft, let from):
            send(draft, from: from)
        case .cancelFormRequest:
            if let formRequest, formRequest.state != .completed {
                formRequest.cancel()
            } else {
                dispatch(.note("the form's request has finished already", isError: false))
            }
        case .overrideLocalContent(let url, let body):
            let target = resource(url)
            switch body {
            case .json(let text):
                if let document = try? JSONDocument(text) { target.overrideLocalContent(with: document) }
            case .text(let text): target.overrideLocalContent(with: text)
            case .urlEncoded:
                if let encoded = body.encoded { target.overrideLocalContent(with: encoded.data) }
            case .none, .multipart, .file: break
            }
        case .startSearch(let url, let query, let generation):
            startSearch(url: url, query: query, generation: generation)
        case .cancelSearch:
            searchTask?.cancel()
            searchTask = nil
        case .workspace(let command):
            guard let workspace else {
                dispatch(.note("history, saved requests and environments are off in this browser", isError: true))
                return
            }
            workspace.perform(command, shownBody: state.shownBody)
        case .watch(let command):
            switch command {
            case .pin(let url, _): observe(resource(url))
            case .pause(let url, true), .unpin(let url): watchRefreshes.removeValue(forKey: url)?.cancel()
            case .pause, .interval: break
            }
            watchController.perform(command)
        case .compareVersions(let url, let older, let newer):
            compareVersions(url: url, older: older, newer: newer)
        case .exportHAR(let path):
            exportHAR(to: path)
        case .webSocket(let command):
            webSockets.perform(command)
        case .quit:
            webSockets.disconnect()
            streams.stopAll()
            watchController.scheduler.stop()
            onEffect(command)
        case .copyToClipboard, .exportSVG, .redraw:
            onEffect(command)
        }
    }

    private func send(_ draft: RequestDraft, from: String) {
        var draft = draft
        if let workspace {
            // {{variables}} and the environment's auth, or nothing is sent.
            do {
                draft = try prepared(draft, by: workspace)
            } catch {
                dispatch(
                    .formFinished(
                        .failed(
                            status: nil, message: Self.withoutFinalPeriod(error.message) + "; nothing was sent",
                            body: nil)))
                if let username = passwordNeededFor {
                    // Asked for without echo; Ctrl-S sends the form again once it is typed.
                    passwordNeededFor = nil
                    dispatch(.askPassword(username: username))
                }
                return
            }
        }
        let target: Resource
        if draft.url == from {
            target = resource(from)
        } else {
            // An edited URL field is read like the g prompt.
            do {
                target = service.resource(
                    absoluteURL: try URLInput.parse(
                        draft.url, base: URL(string: state.serviceBaseURL), current: URL(string: from)))
            } catch {
                dispatch(.formFinished(.failed(status: nil, message: error.message, body: nil)))
                return
            }
        }
        let method = draft.method
        let headers = draft.headers
        let upload: (body: HTTPUploadBody, contentType: String?)?
        do {
            // Files are measured now: one that cannot be read is named, and nothing is sent.
            upload = try UploadBodyBuilder.build(draft.body, headers: headers, in: uploadPlace)
        } catch {
            dispatch(
                .formFinished(
                    .failed(
                        status: nil, message: Self.withoutFinalPeriod(error.description) + "; nothing was sent",
                        body: nil)))
            return
        }
        let mutation: Resource.RequestMutation = { request in
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            if let upload {
                if let contentType = upload.contentType {
                    request.setValue(contentType, forHTTPHeaderField: "Content-Type")
                }
                // Streamed from disk by the transport, with its length.
                request.httpBodyStream = HTTPUploadStream(upload.body)
            }
        }
        let request: any Request
        if let (data, contentType) = draft.body.encoded {
            // The bytes as typed; a Content-Type among the form's headers replaces this one.
            request = target.request(method, data: data, contentType: contentType, requestMutation: mutation)
        } else {
            request = target.request(method, requestMutation: mutation)
        }
        formRequest = request
        attachHooks(request, to: target, method: method, reportsToForm: true)
        let url = target.url.absoluteString
        request.onSuccess { [weak self, weak target, exchangeRecorder] _ in
            guard let self, let target else { return }
            self.followWrite(method, to: target, status: exchangeRecorder?.lastStatus(method: method, url: url))
        }
    }

    /// The draft with its variables filled in from the environment in use and the environment's
    /// auth applied; JSON is checked again once filled.
    private func prepared(_ draft: RequestDraft, by workspace: WorkspaceSession) throws(FormError) -> RequestDraft {
        var bodyText: String?
        switch draft.body {
        case .none: bodyText = nil
        case .json(let text), .text(let text): bodyText = text
        case .urlEncoded(let fields):
            // Fields are filled as typed, then encoded: a value never reaches the server as
            // `%7B%7Bname%7D%7D`.
            bodyText = draft.typedBody ?? fields.map(\.encoded).joined(separator: "&")
        case .multipart(let parts): bodyText = draft.typedBody ?? parts.map(\.spec).joined(separator: "\n")
        case .file(let path): bodyText = draft.typedBody ?? path
        }
        let definition = RequestDefinition(
            method: draft.method.rawValue, url: draft.url,
            headers: draft.headers.map { HeaderField(name: $0.0, value: $0.1) }, body: bodyText)
        let resolved: RequestDefinition
        do {
            resolved = try workspace.prepare(definition)
        } catch {
            if case .passwordNeeded(let username, _) = error { passwordNeededFor = username }
            throw FormError(message: error.message)
        }
        var result = draft
        result.url = resolved.url
        result.headers = resolved.headers.map { ($0.name, $0.value) }
        switch draft.body {
        case .none: break
        case .json:
            let text = resolved.body ?? ""
            do throws(JSONSyntaxError) {
                _ = try JSONDocument(text)
            } catch {
                throw FormError(message: "with its variables filled in, the body is not JSON: \(error.description)")
            }
            result.body = .json(text)
        case .text: result.body = .text(resolved.body ?? "")
        case .urlEncoded(let fields):
            // Each field's name and value are filled as typed, then encoded: a value may hold
            // `&` or `=` and still arrive whole. (Every variable was checked above.)
            var filled: [RequestBody.Field] = []
            for field in fields {
                guard field.encoded.contains("%7B%7B") else {
                    filled.append(field)
                    continue
                }
                guard let name = try? workspace.fillVariables(in: field.name),
                    let value = try? workspace.fillVariables(in: field.value)
                else { throw FormError(message: "a form field's variables could not be filled") }
                filled.append(RequestBody.Field(name, value))
            }
            result.body = .urlEncoded(filled)
        case .multipart(let parts):
            // Each part's value, path, type and file name are filled as typed: a value may hold
            // `;` and stay one value. (Every variable was checked above.)
            var filled: [MultipartPart] = []
            for part in parts {
                do {
                    filled.append(try workspace.fillVariables(in: part))
                } catch {
                    throw FormError(message: error.message)
                }
            }
            result.body = .multipart(filled)
        case .file(let path):
            do {
                result.body = .file(try workspace.fillVariables(in: path))
            } catch {
                throw FormError(message: error.message)
            }
        }
        return result
    }

    /// Logs the request's hooks in the Events pane. `wasLoading` is whether the resource was
    /// loading before the request was made, for a `loadIfNeeded()` (which counts a cache read as
    /// loading); `nil` reads it now.
    /// What is known just before `loadIfNeeded()` is called on a resource: whether it was loading,
    /// and how many responses to a GET of it had arrived. Taken before the call, since an answer
    /// on loopback can arrive before the call returns.
    private struct BeforeLoading {
        var wasLoading: Bool
        var responses: Int?
    }

    private func beforeLoading(_ resource: Resource) -> BeforeLoading {
        BeforeLoading(
            wasLoading: resource.isLoading,
            responses: exchangeRecorder?.responseCount(method: .get, url: resource.url.absoluteString))
    }

    /// Adds the hooks that log a request's outcome. `before` (for `loadIfNeeded()`) tells a
    /// fresh cache hit, which sends nothing, from a request that went out.
    private func attachHooks(
        _ request: (any Request)?, to resource: Resource, method: RequestMethod, reportsToForm: Bool = false,
        before: BeforeLoading? = nil
    ) {
        guard let request else { return }
        let url = resource.url.absoluteString
        // A request() raises no resource event when it ends, yet isRequesting changes.
        request.onCompletion { [weak self, weak resource] _ in
            guard let self, let resource else { return }
            self.resourceListIsStale = true
            self.dispatch(.resourceChanged(self.snapshot(of: resource, rebuildBody: false), event: nil))
        }
        // Only a loadIfNeeded() whose resource was not loading before it can be a fresh cache hit
        // (a load in flight, even one whose response has arrived but is still in the pipeline,
        // keeps isLoading true). For it, a response counted since just before the call answers
        // the request and none means nothing was sent, so no status is shown rather than an
        // older one.
        let mayBeCacheHit = method == .get && before.map { !$0.wasLoading } ?? false
        let responsesBefore = before?.responses
        let statusOfThisRequest: @MainActor () -> Int? = { [exchangeRecorder] in
            guard let exchangeRecorder else { return nil }
            if mayBeCacheHit, exchangeRecorder.responseCount(method: method, url: url) == responsesBefore {
                return nil
            }
            return exchangeRecorder.lastStatus(method: method, url: url)
        }
        // Siesta reports fresh cached data through onSuccess and onNotModified, with no request sent.
        let cacheHit = "no request sent: the cached data is fresh"
        request.onSuccess { [weak self] entity in
            let status = statusOfThisRequest()
            let detail = status == nil && mayBeCacheHit && responsesBefore != nil ? cacheHit : ""
            self?.dispatch(.requestHook(.onSuccess, url: url, method: method, status: status, detail: detail))
            if reportsToForm {
                let response = FormResponse(
                    succeeded: true, method: method, url: url, status: status, headers: entity.headers,
                    contentType: Self.mediaType(of: entity),
                    body: BodyContent.from(content: entity.content, contentType: Self.mediaType(of: entity)))
                self?.dispatch(
                    .formFinished(.succeeded(status: status, body: Self.text(of: entity.content)), response: response))
            }
        }
        request.onNotModified { [weak self] in
            let status = statusOfThisRequest()
            let detail = status == nil && mayBeCacheHit && responsesBefore != nil ? cacheHit : ""
            self?.dispatch(.requestHook(.onNotModified, url: url, method: method, status: status, detail: detail))
        }
        request.onFailure { [weak self] error in
            self?.dispatch(
                .requestHook(
                    .onFailure, url: url, method: method, status: error.httpStatusCode, detail: error.userMessage))
            if reportsToForm {
                let mediaType = error.entity.map { Self.mediaType(of: $0) } ?? ""
                let body = error.entity.map { BodyContent.from(content: $0.content, contentType: mediaType) }
                let response = FormResponse(
                    succeeded: false, method: method, url: url, status: error.httpStatusCode,
                    message: error.userMessage, headers: error.entity?.headers ?? [:],
                    contentType: mediaType, body: body ?? .empty("no response body"))
                self?.dispatch(
                    .formFinished(
                        .failed(
                            status: error.httpStatusCode, message: error.userMessage,
                            body: error.entity.map { Self.text(of: $0.content) }),
                        response: response))
            }
        }
    }

    private func startSearch(url: String, query: String, generation: Int) {
        searchTask?.cancel()
        guard let source = state.resources[url]?.latestData?.body.searchSource,
            let search = BodySearch(source: source, query: query)
        else {
            dispatch(
                .searchUpdate(generation: generation, BodySearch.Update(matches: [], progress: 1, isFinished: true)))
            return
        }
        let report: @Sendable (BodySearch.Update) async -> Void = { [weak self] update in
            guard !Task.isCancelled else { return }
            await self?.dispatch(.searchUpdate(generation: generation, update))
        }
        searchTask = Task.detached(priority: .userInitiated) { await search.run(report: report) }
    }

    /// Scheme, host and port of a URL, the port made explicit.
    nonisolated static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// A sentence without its closing period, to add a clause after it.
    private static func withoutFinalPeriod(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    private static func text(of content: Any) -> String {
        if let document = content as? JSONDocument {
            let range = document.valueRange(document.root)
            return document.withBytes { bytes in
                String(
                    decoding: UnsafeRawBufferPointer(
                        rebasing: bytes[range.clamped(to: range.lowerBound..<(range.lowerBound + 4096))]), as: UTF8.self
                )
            }
        }
        if let text = content as? String { return text }
        if let data = content as? Data { return String(decoding: data.prefix(4096), as: UTF8.self) }
        return String(describing: content)
    }

    // MARK: snapshots

    private func snapshot(of resource: Resource, rebuildBody: Bool) -> ResourceSnapshot {
        let key = resource.url.absoluteString
        var data: EntitySnapshot?
        if let entity = resource.latestData {
            let body: BodyContent
            if !rebuildBody, let cached = bodies[key] {
                body = cached.body
            } else {
                body = BodyContent.from(content: entity.content, contentType: Self.mediaType(of: entity))
                releaseMemoryIfLarge(bodies[key]?.body)
                bodies[key] = (entity.timestamp, body)
            }
            data = EntitySnapshot(
                contentType: Self.mediaType(of: entity), byteCount: Self.byteCount(entity), etag: entity.etag,
                timestamp: Self.unixTime(entity.timestamp), headers: entity.headers, body: body)
        } else {
            releaseMemoryIfLarge(bodies[key]?.body)
            bodies[key] = nil
        }
        var error: ErrorSnapshot?
        if let latestError = resource.latestError {
            let body: BodyContent?
            if let cached = errorBodies[key], cached.timestamp == latestError.timestamp {
                body = cached.body
            } else {
                body = latestError.entity.map { entity in
                    // Bytes in an encoding that was not decoded mean nothing as text: show them as bytes.
                    if let data = entity.content as? Data, !data.isEmpty, Self.hasUndecodedEncoding(entity) {
                        return .binary(HexDocument(data))
                    }
                    return BodyContent.from(content: entity.content, contentType: Self.mediaType(of: entity))
                }
                errorBodies[key] = (latestError.timestamp, body)
            }
            error = ErrorSnapshot(
                userMessage: latestError.userMessage, httpStatusCode: latestError.httpStatusCode, body: body,
                timestamp: Self.unixTime(latestError.timestamp))
            if let entity = latestError.entity {
                error?.bodyDescription = Self.bodyDescription(entity, body: body)
            }
        }
        let record = exchangeRecorder?.lastExchange(method: .get, url: key)
        var head: BodyContent?
        if let record {
            if let cached = heads[key], cached.date == record.date {
                head = cached.body
            } else {
                let body = BodyContent.text(TextDocument(ResponseHead.text(of: record)))
                heads[key] = (record.date, body)
                head = body
            }
        }
        var snapshot = ResourceSnapshot(
            url: key, latestData: data, latestError: error, isLoading: resource.isLoading,
            isRequesting: resource.isRequesting, isUpToDate: resource.isUpToDate,
            loadRequestCount: resource.loadRequests.count, progress: resource.isLoading ? progress[key] : nil,
            timestamp: Self.unixTime(resource.timestamp), expirationTime: resource.configuration.expirationTime,
            retryTime: resource.configuration.retryTime)
        snapshot.lastExchange = record
        snapshot.head = head
        return snapshot
    }

    /// The media type of an entity, lower-cased and without parameters such as the charset
    /// (`application/json`); the headers pane shows the whole `Content-Type`.
    private nonisolated static func mediaType<Content>(of entity: Entity<Content>) -> String {
        HTTPStreamDetection.mediaType(of: entity.contentType)
    }

    /// What an error's body is, for the marker above it: its type and size, and why it may not
    /// look like its type (an encoding hammock cannot decode, text that is not UTF-8).
    private static func bodyDescription(_ entity: Entity<Any>, body: BodyContent?) -> String {
        var parts: [String] = []
        let type = Self.mediaType(of: entity)
        if !type.isEmpty { parts.append(type) }
        if let size = byteCount(entity) { parts.append(Format.bytes(size)) }
        if hasUndecodedEncoding(entity) {
            let encoding = entity.header(forKey: "Content-Encoding") ?? ""
            parts.append("compressed with \(encoding), which hammock cannot decode: shown as bytes")
        } else if let data = entity.content as? Data, case .text? = body,
            String(validating: data, as: UTF8.self) == nil
        {
            parts.append("not valid UTF-8: shown as ISO-8859-1")
        }
        return parts.joined(separator: " · ")
    }

    /// True when the body came with a `Content-Encoding` the transport does not decode (`br`,
    /// `zstd`…).
    private static func hasUndecodedEncoding(_ entity: Entity<Any>) -> Bool {
        let encoding = (entity.header(forKey: "Content-Encoding") ?? "").lowercased()
        return !encoding.isEmpty && !["identity", "gzip", "x-gzip", "deflate"].contains(encoding)
    }

    private func releaseMemoryIfLarge(_ body: BodyContent?) {
        guard let body else { return }
        let size: Int
        switch body {
        case .json(let outline): size = outline.document.data.count
        case .text(let document): size = document.text.utf8.count
        case .binary(let document): size = document.data.count
        case .empty: size = 0
        }
        if size >= MemoryRelease.threshold { MemoryRelease.soon() }
    }

    /// Siesta's timestamps count from the reference date (2001); the browser's from 1970.
    private static func unixTime(_ siestaTime: TimeInterval) -> TimeInterval {
        siestaTime == 0 ? 0 : siestaTime + Date.timeIntervalBetween1970AndReferenceDate
    }

    private static func byteCount(_ entity: Entity<Any>) -> Int? {
        if let length = entity.header(forKey: "Content-Length").flatMap(Int.init) { return length }
        if let data = entity.content as? Data { return data.count }
        if let document = entity.content as? JSONDocument { return document.data.count }
        if let text = entity.content as? String { return text.utf8.count }
        return nil
    }
}
