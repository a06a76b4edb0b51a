import Foundation
import Safety
import Siesta
import TUICore
import Workspace

extension BrowserState {
    /// Applies an action and returns the side effects to carry out, in order.
    ///
    /// Pure apart from the lazy caches inside bodies: no I/O, no Siesta calls. Keys go to the
    /// open overlay first; in the main view they are looked up in the key map.
    public mutating func update(_ action: Action) -> [Command] {
        defer {
            refreshCursorPath()
            refreshCurrentOperation()
        }
        switch action {
        case .key(let key):
            let before = (onBoard: focus == .watch, selected: watch.selected?.url)
            let commands = handleKey(key)
            // Focus that comes to the board lands on the resource being looked at, when it is
            // pinned: the selected row is what the panes show, so the view does not jump.
            if !before.onBoard, focus == .watch, let url = currentURL,
                let row = watch.entries.firstIndex(where: { $0.url == url })
            {
                watch.cursor = row
            }
            // The board's selection shows when a key moved it, or moved focus onto the board.
            guard focus == .watch, !before.onBoard || before.selected != watch.selected?.url else { return commands }
            return commands + showBoardSelection()
        case .paste(let text):
            return layout.isTooSmall ? [] : pasteIntoTopLayer(text)
        default:
            return apply(action)
        }
    }

    /// A key press: to the open overlay first; in the main view, the key map's command.
    mutating func handleKey(_ key: Key) -> [Command] {
        status = nil
        highlight = nil
        // Below the smallest size only the notice shows: q quits as it says, and no key types
        // into a form or prompt that cannot be seen.
        if layout.isTooSmall {
            switch keyMap.command(for: key) {
            case .redraw?, .interrupt?:
                break
            default:
                guard key == .character("q") else { return [] }
                isQuitting = true
                return [.quit]
            }
        }
        // Saving and redrawing the screen work everywhere, overlays included (forms use no
        // other control keys than Ctrl-S, Ctrl-T, Ctrl-R, Ctrl-G, Ctrl-O and the editing keys
        // Ctrl-A, Ctrl-E, Ctrl-U, Ctrl-K, Ctrl-W).
        if case .control = key {
            switch keyMap.command(for: key) {
            case .exportSVG?: return [.exportSVG]
            case .redraw?: return [.redraw]
            case .interrupt?: return layers.isEmpty ? interrupt() : interruptTopLayer()
            default: break
            }
        }
        if let commands = routeToLayers(key) { return commands }
        if key == .escape, search?.isRunning == true { return stopSearch() }
        if let commands = handleWatchKey(key) { return commands }
        guard let command = keyMap.command(for: key) else { return [] }
        return perform(command)
    }

    /// Every action but keys and pastes.
    mutating func apply(_ action: Action) -> [Command] {
        switch action {
        case .key, .paste:
            return []
        case .resize(let newWidth, let newHeight):
            width = max(0, newWidth)
            height = max(0, newHeight)
            if !layout.focusablePanes.contains(focus) { focus = .latestData }
            paneLeft = [:]
            clampPositions()
            return []
        case .tick(let time):
            now = time
            spinnerFrame &+= 1
            expireHighlight()
            return []
        case .resourceChanged(let snapshot, let event):
            let oldBody = resources[snapshot.url]?.latestData?.body
            let newBody = snapshot.latestData?.body
            // The same document (a notModified or a progress event) keeps the view as it is; a new
            // body starts at its left edge, while the line position is kept (and clamped).
            let unchanged = oldBody.flatMap { old in newBody.map { $0.isSameDocument(as: old) } } ?? false
            var commands: [Command] = []
            // Folds name containers of the body they were made in.
            if !unchanged || resources[snapshot.url]?.latestError?.timestamp != snapshot.latestError?.timestamp {
                folds[snapshot.url] = nil
            }
            if !unchanged {
                positions[snapshot.url]?.left = 0
                positions[snapshot.url]?.topRow = 0
                // Matches point into the old body: forget them.
                if search?.url == snapshot.url {
                    if search?.isRunning == true { commands.append(.cancelSearch) }
                    search = nil
                }
            }
            resources[snapshot.url] = snapshot
            if !resourceOrder.contains(snapshot.url) { resourceOrder.append(snapshot.url) }
            // New data after a stream ended is an ordinary body again.
            if case .newData? = event, let stream = streams[snapshot.url], !stream.isLive {
                streams[snapshot.url] = nil
            }
            // The query pane over this resource follows its new data.
            if !unchanged, case .newData? = event { commands += pathQueryFollowsNewData(url: snapshot.url) }
            if let event {
                noteWatchEvent(event, url: snapshot.url)
                log(
                    EventLogEntry(
                        time: now, event: event, resource: displayPath(snapshot.url),
                        detail: detail(for: snapshot, event: event)))
            }
            if snapshot.url == currentURL { clampPositions() }
            return commands
        case .searchUpdate(let generation, let update):
            applySearchUpdate(generation: generation, update)
            return []
        case .resourcesListed(let snapshots):
            for snapshot in snapshots { resources[snapshot.url] = snapshot }
            resourceOrder = snapshots.map(\.url)
            resourcesCursor = min(resourcesCursor, max(0, resourceOrder.count - 1))
            return []
        case .open(let path):
            return [.navigate(path: path, from: nil)]
        case .openWebSocket(let url):
            return openWebSocket(url)
        case .webSocket(let generation, let event):
            applyWebSocketEvent(generation: generation, event)
            return []
        case .navigated(let url):
            if currentURL != url {
                if historyIndex + 1 < history.count { history.removeSubrange((historyIndex + 1)...) }
                history.append(url)
                historyIndex = history.count - 1
            }
            // Another resource fills the panes: they start at their first column again.
            paneLeft = [:]
            focus = .latestData
            return []
        case .requestHook(let hook, let url, let method, let statusCode, let text):
            let statusText = statusCode.map { "\($0) " } ?? ""
            log(
                EventLogEntry(
                    time: now, hook: hook, resource: displayPath(url), detail: "\(statusText)\(method) \(text)"))
            return []
        case .formFinished(let outcome, let response):
            // The form may be under help, a curl viewer or a save-as prompt while its request runs.
            updateLayer(RequestForm.self) { form in
                form.outcome = outcome
                form.response = response
            }
            return []
        case .workspace(let update):
            return applyWorkspaceUpdate(update)
        case .clipboard(let text, _):
            return [.copyToClipboard(text)]
        case .askPassword(let username):
            open(Prompt(purpose: .password(username: username)))
            return []
        case .changeDetected(let url, let version, let change):
            applyChange(url: url, version: version, change: change)
            return []
        case .apiDescription(let api):
            applyDescription(api)
            return []
        case .schemaChecked(let check):
            applySchemaCheck(check)
            return []
        case .apiDescriptionNotFound(let tried):
            // One line in Events, no status: most APIs browsed publish none.
            log(
                EventLogEntry(
                    time: now, name: "openapi", resource: "",
                    detail: "no description found (\(tried) usual places tried; --openapi names one)", kind: .note))
            return []
        case .watchedValue(let url, let path, let value):
            if let index = watch.index(of: url), watch.entries[index].path == path {
                watch.entries[index].watchedValue = value
            }
            return []
        case .versionsChanged(let url, var list):
            // What changed is known here (the diffs arrive as actions); the list keeps it.
            let known = Dictionary((versions[url] ?? []).compactMap { v in v.change.map { (v.id, $0) } }) { a, _ in a }
            for index in list.indices where list[index].change == nil { list[index].change = known[list[index].id] }
            versions[url] = list
            let items = timelineItems(list)
            let message = timelineMessage(url: url, count: list.count)
            updatePicker(.timeline(url: url)) { picker in
                let selectedID = picker.selected?.id
                picker.items = items
                picker.message = message
                // The cursor stays on the version it was on, however many arrive above it.
                if let selectedID, let index = picker.visibleItems.firstIndex(where: { $0.id == selectedID }) {
                    picker.cursor = index
                }
            }
            return []
        case .pin(let path):
            let base = URL(string: serviceBaseURL)
            guard let url = try? URLInput.parse(path, base: base, current: base) else {
                log(
                    EventLogEntry(
                        time: now, name: "problem", resource: "", detail: "--watch \(path): not a URL", kind: .error))
                return []
            }
            watch.isShown = true
            focus = .watch
            if watch.isPinned(url.absoluteString) { return showBoardSelection() }
            return togglePin(url.absoluteString) + showBoardSelection()
        case .watchRefreshSent(let url):
            if let index = watch.index(of: url) { watch.entries[index].requestCount += 1 }
            return []
        case .streamChanged(let snapshot):
            // A view at the last event follows new ones, like `tail -f`; one scrolled up stays.
            let follows =
                snapshot.url == currentURL && !showsResponseHead
                && (streams[snapshot.url].map { !$0.body.hasLine(position.cursor + 1) } ?? true)
            streams[snapshot.url] = snapshot
            if follows, let body = shownBody {
                var followed = position
                followed.cursor = max(0, body.lineCount - 1)
                position = followed
                clampPositions()
            } else if snapshot.url == currentURL {
                clampPositions()
            }
            return []
        case .showViewer(let viewer):
            // Over what is open (a diff asked for from the timeline goes back to it on Esc).
            open(viewer)
            return []
        case .note(let text, let isError):
            status = StatusMessage(text, isError: isError)
            log(
                EventLogEntry(
                    time: now, name: isError ? "problem" : "note", resource: "", detail: text,
                    kind: isError ? .error : .note))
            return []
        case .pipeProgress(let generation, let bytes):
            applyPipeProgress(generation: generation, bytes: bytes)
            return []
        case .pipeFinished(let generation, let result):
            applyPipeResult(generation: generation, result)
            return []
        case .pathQuery(let generation, let update):
            applyPathQueryUpdate(generation: generation, update)
            return []
        case .run(let generation, let update):
            applyRunUpdate(generation: generation, update)
            return []
        case .filesChecked(let checks):
            updateLayer(RequestForm.self) { form in form.files.merge(checks) { _, new in new } }
            return []
        }
    }

    func detail(for snapshot: ResourceSnapshot, event: ResourceEvent) -> String {
        switch event {
        case .newData:
            guard let data = snapshot.latestData else { return "" }
            return [data.contentType, data.byteCount.map(Format.bytes)].compactMap { $0 }.joined(separator: " ")
        case .error:
            guard let error = snapshot.latestError else { return "" }
            return (error.httpStatusCode.map { "\($0) " } ?? "") + error.userMessage
        case .observerAdded, .requested, .requestCancelled, .notModified:
            return ""
        }
    }
}
