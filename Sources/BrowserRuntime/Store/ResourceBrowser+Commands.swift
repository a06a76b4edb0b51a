import Browser
import Foundation
import HTTPCore
import OrderedJSON
import Siesta
import Workspace

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The browser's commands carried out: Siesta calls, forms sent, searches, the workspace, the
/// watch board, streams and the WebSocket console. A command that sends a request, or shows one
/// as it would be sent, waits until the environment's files were checked, so an edit made
/// outside hammock applies to it; the commands behind it keep their order.
extension ResourceBrowser {
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

    /// Carries out the commands that waited for the environment check, in order.
    func runCommandsAwaitingEnvironment() {
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
        case .navigate, .navigateTyped, .show, .load, .loadIfNeeded, .send, .workspace(.exportCurl), .startRun:
            return true
        default: return false
        }
    }

    func perform(_ command: Command) {
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
            dispatch(.resourceChanged(snapshotter.snapshot(of: target, rebuildBody: false), event: nil))
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
                // Expressions are kept for this run in the state; without a workspace, not on disk.
                if case .rememberQuery = command { return }
                dispatch(.note("history, saved requests and environments are off in this browser", isError: true))
                return
            }
            workspace.perform(command, shownBody: state.shownBody)
        case .watch(let command):
            switch command {
            case .pin(let url, _): observe(resource(url))
            case .pause(let url, true): watchRefreshes.removeValue(forKey: url)?.cancel()
            case .unpin(let url):
                watchRefreshes.removeValue(forKey: url)?.cancel()
                versions.watch(url, by: nil)
            case .path(let url, let path): versions.watch(url, by: path)
            case .pause, .interval: break
            }
            watchController.perform(command)
        case .compareVersions(let url, let older, let newer):
            versions.compare(url: url, older: older, newer: newer, path: state.displayPath(url))
        case .exportHAR(let path):
            exportHAR(to: path)
        case .webSocket(let command):
            webSockets.perform(command)
        case .runPipe(let command, let input, let generation):
            pipes.run(command, input: input, generation: generation)
        case .stopPipe(let generation):
            pipes.stop(generation)
        case .runPathQuery(let expression, let document, let generation):
            pathQueries.run(expression, over: document, generation: generation)
        case .cancelPathQuery:
            pathQueries.cancel()
        case .startRun(let target, let generation):
            runs.start(
                target, generation: generation, collection: workspace?.collection, options: runOptions(),
                serviceBase: state.serviceBaseURL)
        case .cancelRun(let generation):
            runs.cancel(generation)
        case .quit:
            runs.cancelAll()
            pipes.stopAll()
            webSockets.disconnect()
            streams.stopAll()
            watchController.scheduler.stop()
            onEffect(command)
        case .copyToClipboard, .exportSVG, .redraw:
            onEffect(command)
        }
    }

    func send(_ draft: RequestDraft, from: String) {
        var draft = draft
        if let workspace {
            // {{variables}} and the environment's auth, or nothing is sent.
            do throws(DraftPreparer.Failure) {
                draft = try DraftPreparer.prepared(draft, by: workspace)
            } catch {
                dispatch(
                    .formFinished(
                        .failed(
                            status: nil, message: Self.withoutFinalPeriod(error.message) + "; nothing was sent",
                            body: nil)))
                if let username = error.passwordNeededFor {
                    // Asked for without echo; Ctrl-S sends the form again once it is typed.
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
            // A name the form has replaces the configured value; several lines of it go out as
            // they were typed, each a line of its own.
            var typed: [(name: String, values: [String])] = []
            for (name, value) in headers {
                if let index = typed.firstIndex(where: { HTTPHeaderName.equal($0.name, name) }) {
                    typed[index].values.append(value)
                } else {
                    typed.append((name, [value]))
                }
            }
            for (name, values) in typed { HTTPHeaderLines.set(values, named: name, in: &request) }
            if let upload {
                if let contentType = upload.contentType {
                    request.setValue(contentType, forHTTPHeaderField: "Content-Type")
                }
                // Streamed from disk by the transport, with its length.
                request.httpBodyStream = HTTPUploadStream(upload.body)
            }
        }
        if let (data, contentType) = draft.body.encoded,
            case let type = headers.last(where: { $0.0.lowercased() == "content-type" })?.1 ?? contentType,
            type.lowercased().contains("json")
        {
            // Checked against the description while it goes: a warning, never a block.
            schemaChecks.checkRequestBody(
                method: method.rawValue.uppercased(), url: target.url.absoluteString, contentType: type,
                body: String(decoding: data, as: UTF8.self))
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

    /// How a run from the browser goes: the environment in use (as its files are now), the
    /// process environment, and the API description's checker for `schema` assertions.
    func runOptions() -> RunOptions {
        var options = RunOptions()
        options.environment = workspace?.environment ?? .none
        options.processEnvironment = workspace?.processEnvironment ?? ProcessInfo.processInfo.environment
        options.checker = schemaChecks.checker
        return options
    }

    func startSearch(url: String, query: String, generation: Int) {
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

    /// A sentence without its closing period, to add a clause after it.
    static func withoutFinalPeriod(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
