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
        switch action {
        case .key(let key):
            let before = (onBoard: focus == .watch, selected: watch.selected?.url)
            let commands = handleKey(key)
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
    private mutating func handleKey(_ key: Key) -> [Command] {
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
    private mutating func apply(_ action: Action) -> [Command] {
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
        case .filesChecked(let checks):
            updateLayer(RequestForm.self) { form in form.files.merge(checks) { _, new in new } }
            return []
        }
    }

    private func detail(for snapshot: ResourceSnapshot, event: ResourceEvent) -> String {
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

    // MARK: main-view commands

    private mutating func perform(_ command: KeyCommand) -> [Command] {
        let url = currentURL
        var commands: [Command] = []
        switch command {
        case .load, .loadIfNeeded, .invalidate, .wipe, .cancel:
            guard let url else { return [] }
            log(
                EventLogEntry(
                    time: now, name: command.summary.components(separatedBy: " ")[0], resource: displayPath(url),
                    kind: .note))
            switch command {
            case .load: return [.load(url: url)]
            case .loadIfNeeded: return [.loadIfNeeded(url: url)]
            case .invalidate: return [.invalidate(url: url)]
            case .wipe: return [.wipe(url: url)]
            default: return [.cancelLoads(url: url)]
            }
        case .goTo:
            // Starts from the current URL, ready to edit (Ctrl-U clears it).
            open(Prompt(purpose: .goTo, text: currentURL ?? ""))
        case .search:
            open(Prompt(purpose: .search))
        case .follow:
            return follow()
        case .back:
            guard historyIndex > 0 else {
                status = StatusMessage("no earlier resource in history")
                return []
            }
            historyIndex -= 1
            paneLeft = [:]
            return [.show(url: history[historyIndex])]
        case .forward:
            guard historyIndex + 1 < history.count else {
                status = StatusMessage("no later resource in history")
                return []
            }
            historyIndex += 1
            paneLeft = [:]
            return [.show(url: history[historyIndex])]
        case .post, .put, .patch, .overrideLocal:
            guard let url else { return [] }
            let purpose: RequestForm.Purpose
            switch command {
            case .post: purpose = .send(.post)
            case .put: purpose = .send(.put)
            case .patch: purpose = .send(.patch)
            default: purpose = .overrideLocal
            }
            let key = RequestForm.draftKey(command: command, url: url)
            if let kept = keptForms.removeValue(forKey: key) {
                keptFormOrder.removeAll { $0 == key }
                open(kept)
                status = StatusMessage("draft restored")
                return []
            }
            let prefill = (command == .put || command == .overrideLocal) ? currentJSONText() : ""
            open(RequestForm(purpose: purpose, url: url, body: prefill))
        case .delete:
            guard let url else { return [] }
            open(ConfirmLayer.delete(url: url))
        case .copyCurl:
            guard let url else { return [] }
            // Shown whole in a viewer (to select by hand) and copied; the log keeps it masked.
            log(
                EventLogEntry(
                    time: now, name: "copied", resource: displayPath(url), detail: curlCommand(url: url, masked: true),
                    kind: .note))
            return [.workspace(.exportCurl(RequestDefinition(method: "GET", url: url, headers: sentHeaders([]))))]
        case .nextPane, .previousPane:
            let panes = layout.focusablePanes
            guard !panes.isEmpty else { return [] }
            let index = panes.firstIndex(of: focus) ?? 0
            let step = command == .nextPane ? 1 : panes.count - 1
            focus = panes[(index + step) % panes.count]
        case .scrollDown: scroll(by: 1)
        case .scrollUp: scroll(by: -1)
        case .scrollLeft, .scrollRight: scrollSideways(right: command == .scrollRight)
        case .pageDown, .pageUp:
            let page = max(1, layout.innerHeight(focus == .events || focus == .resources ? focus : .latestData) - 1)
            if wrapsLines, focus != .events, focus != .resources, current?.latestData != nil {
                scrollWrappedRows(by: command == .pageDown ? page : -page)
            } else {
                scroll(by: command == .pageDown ? page : -page)
            }
        case .top: scroll(by: Int.min / 2)
        case .bottom: scroll(by: Int.max / 2)
        case .toggleFold:
            if let line = shownBody?.toggleFold(atLine: position.cursor) { position.cursor = line }
            clampPositions()
        case .searchNext, .searchPrevious:
            return nextMatch(forward: command == .searchNext)
        case .copyValue:
            return copyValue()
        case .toggleWrap:
            wrapsLines.toggle()
            position.left = 0
            position.topRow = 0
            status = StatusMessage(wrapsLines ? "long lines wrap" : "long lines are cut at the edge (←/→ scroll)")
            clampPositions()
        case .history, .savedRequests, .environments, .cookies, .importCurl, .saveBody:
            return openWorkspace(command)
        case .pin, .watchBoard, .showChanges, .timeline, .pauseAll, .exportHAR:
            return performWatch(command)
        case .editQuery:
            guard let url else { return [] }
            open(QueryEditor(url: url))
        case .toggleHead:
            if search?.isRunning == true { commands.append(.cancelSearch) }
            search = nil
            showsResponseHead.toggle()
            focus = .latestData
            if showsResponseHead, current?.head == nil {
                status = StatusMessage("no response to this URL in this run yet: r load() sends one")
            } else {
                status = StatusMessage(showsResponseHead ? "response head (m: the body again)" : "body")
            }
            clampPositions()
            return commands
        case .nextTheme:
            themeIndex = (themeIndex + 1) % themes.count
            status = StatusMessage("theme: \(theme.name)")
        case .toggleResources:
            showResources.toggle()
            if !showResources && focus == .resources { focus = .latestData }
            if showResources { focus = .resources }
        case .help:
            open(HelpLayer(mainView: keyMap))
        case .exportSVG:
            return [.exportSVG]
        case .redraw:
            return [.redraw]
        case .interrupt:
            return interrupt()
        case .quit:
            isQuitting = true
            return [.quit]
        }
        return []
    }

    /// Ctrl-C in the main view: cancels the focused resource's loads in flight; with nothing in
    /// flight, or a second time within two seconds, quits.
    private mutating func interrupt() -> [Command] {
        let isSecondPress = lastInterrupt.map { now - $0 < 2 } ?? false
        lastInterrupt = now
        if !isSecondPress {
            if let url = currentURL, let snapshot = current, snapshot.isLoading {
                log(EventLogEntry(time: now, name: "cancel()", resource: displayPath(url), kind: .note))
                status = StatusMessage("cancelled the load: Ctrl-C again quits")
                return [.cancelLoads(url: url)]
            }
        }
        isQuitting = true
        return [.quit]
    }

    private mutating func follow() -> [Command] {
        if focus == .resources {
            guard resourceOrder.indices.contains(resourcesCursor) else { return [] }
            return [.navigate(path: resourceOrder[resourcesCursor], from: nil)]
        }
        guard let snapshot = current, let body = shownBody else { return [] }
        if let link = body.link(atLine: position.cursor) {
            return [.navigate(path: link, from: snapshot.url)]
        }
        if let line = body.toggleFold(atLine: position.cursor) {
            position.cursor = line
            clampPositions()
        } else {
            status = StatusMessage("nothing to follow on this line (links are strings like /users/1 or http://…)")
        }
        return []
    }

    private mutating func scroll(by amount: Int) {
        switch focus {
        case .events:
            let visible = layout.innerHeight(.events)
            let maximum = max(0, events.count - visible)
            eventsScroll = min(maximum, max(0, eventsScroll - clampStep(amount)))
        case .resources:
            resourcesCursor = min(max(0, resourceOrder.count - 1), max(0, resourcesCursor + clampStep(amount)))
        case .watch:
            watch.cursor = min(max(0, watch.entries.count - 1), max(0, watch.cursor + clampStep(amount)))
        default:
            guard let body = shownBody else { return }
            var position = self.position
            if amount >= Int.max / 4 {
                position.cursor = max(0, body.lineCount - 1)
            } else if amount <= Int.min / 4 {
                position.cursor = 0
            } else {
                var target = max(0, position.cursor + amount)
                if !body.hasLine(target) {
                    // Step back to the last existing line without counting the whole body.
                    var low = position.cursor
                    var high = target
                    while low + 1 < high {
                        let middle = low + (high - low) / 2
                        if body.hasLine(middle) { low = middle } else { high = middle }
                    }
                    target = low
                }
                position.cursor = target
            }
            keepCursorVisible(&position, body: body)
            self.position = position
        }
    }

    /// Moves `top` (and, with wrapped lines, `topRow`) so the cursor line's first row shows.
    private func keepCursorVisible(_ position: inout Viewport, body: BodyContent?) {
        let height = max(1, layout.innerHeight(.latestData))
        guard wrapsLines, let body else {
            position.topRow = 0
            position.keepCursorVisible(height: height)
            return
        }
        let width = layout.innerWidth(.latestData)
        if position.cursor < position.top {
            position.top = position.cursor
            position.topRow = 0
            return
        }
        // The top line may have fewer rows than before (a resize, a new body).
        if position.topRow > 0 {
            let rows = wrappedRowCount(body, line: position.top, width: width, maximum: position.topRow + 1)
            position.topRow = min(position.topRow, rows - 1)
        }
        if position.cursor == position.top { return }
        // Every line takes a row at least, so a cursor this far down is out of view.
        if position.cursor - position.top >= height {
            position.top = position.cursor
            position.topRow = 0
            return
        }
        // Rows past a page do not matter: such a line leaves the window either way.
        var rowCounts: [Int] = []
        for line in position.top..<position.cursor {
            let skipped = line == position.top ? position.topRow : 0
            rowCounts.append(wrappedRowCount(body, line: line, width: width, maximum: skipped + height + 1) - skipped)
        }
        var rows = rowCounts.reduce(0, +)
        var index = 0
        while rows >= height, position.top < position.cursor {
            rows -= rowCounts[index]
            index += 1
            position.top += 1
            position.topRow = 0
        }
    }

    /// Rows line `line` takes when wrapped, counting at most `maximum` (a cheap answer to "does
    /// it have more than N rows" for very long lines).
    private func wrappedRowCount(
        _ body: BodyContent, line: Int, width: Int, maximum: Int = BodyLineView.maximumWrappedRows
    ) -> Int {
        BodyLineView.wrappedRows(body, line: line, theme: theme, width: width, maximumRows: maximum)?.count ?? 1
    }

    /// With wrapped lines, scrolls latestData by rows (a long line can be read row by row);
    /// the cursor goes to the line at the top of the window.
    private mutating func scrollWrappedRows(by amount: Int) {
        guard let body = shownBody else { return }
        let width = layout.innerWidth(.latestData)
        var position = self.position
        position.topRow += amount
        if amount > 0 {
            while true {
                let rows = wrappedRowCount(body, line: position.top, width: width, maximum: position.topRow + 1)
                if position.topRow < rows { break }
                guard body.hasLine(position.top + 1) else {
                    position.topRow = max(0, rows - 1)
                    break
                }
                position.topRow -= rows
                position.top += 1
            }
        } else {
            while position.topRow < 0 {
                guard position.top > 0 else {
                    position.topRow = 0
                    break
                }
                position.top -= 1
                position.topRow += wrappedRowCount(body, line: position.top, width: width)
            }
        }
        position.cursor = position.top
        self.position = position
    }

    /// Moves the focused pane's first visible column by half the pane's width. Moving right
    /// stops once no visible line is cut off on the right, so the view never scrolls into
    /// emptiness.
    private mutating func scrollSideways(right: Bool) {
        if focus != .latestData {
            let step = max(1, layout.innerWidth(focus) / 2)
            let left = paneLeft[focus] ?? 0
            if right {
                guard frame.isCutRight(FrameContext.Page(focus)), left < PaneViewport.maximumLeft else {
                    status = StatusMessage("no more text to the right")
                    return
                }
                paneLeft[focus] = left + step
            } else {
                paneLeft[focus] = max(0, left - step)
            }
            return
        }
        guard shownBody != nil else { return }
        if wrapsLines {
            status = StatusMessage("lines wrap: nothing to scroll sideways (W cuts them again)")
            return
        }
        let width = layout.innerWidth(.latestData)
        guard width > 0 else { return }
        let step = max(1, width / 2)
        var position = self.position
        if right {
            guard frame.isCutRight(.latestData) else {
                status = StatusMessage("no more text to the right")
                return
            }
            position.left += step
        } else {
            position.left = max(0, position.left - step)
        }
        self.position = position
    }

    private func clampStep(_ amount: Int) -> Int { max(-1_000_000, min(1_000_000, amount)) }

    mutating func clampPositions() {
        guard let body = shownBody else { return }
        var position = self.position
        if !body.hasLine(position.cursor) {
            var low = 0
            var high = position.cursor
            while low + 1 < high {
                let middle = (low + high) / 2
                if body.hasLine(middle) { low = middle } else { high = middle }
            }
            position.cursor = low
        }
        keepCursorVisible(&position, body: body)
        self.position = position
    }

    // MARK: search

    /// Starts a background search of the current body for `query`.
    mutating func startSearch(_ query: String) -> [Command] {
        guard let url = currentURL, let body = shownBody, body.searchSource != nil else {
            status = StatusMessage("nothing to search here", isError: true)
            return []
        }
        searchGeneration += 1
        let generation = searchGeneration
        search = SearchState(
            query: query, url: url, generation: generation, startPosition: body.searchPosition(atLine: position.cursor))
        focus = .latestData
        return [.startSearch(url: url, query: query, generation: generation)]
    }

    private mutating func stopSearch() -> [Command] {
        guard var search, search.isRunning else { return [] }
        search.isRunning = false
        self.search = search
        status = StatusMessage(
            "search stopped at \(Int(search.progress * 100))%: \(search.matchSummary) for \(search.query)")
        return [.cancelSearch]
    }

    private mutating func applySearchUpdate(generation: Int, _ update: BodySearch.Update) {
        guard var search, search.generation == generation, search.isRunning else { return }
        search.matches += update.matches
        search.progress = update.progress
        search.reachedLimit = update.reachedLimit
        search.isRunning = !update.isFinished
        if !search.hasMoved, search.url == currentURL {
            if let next = search.matches.first(where: { $0 > search.startPosition }) {
                moveToMatch(next)
                search.hasMoved = true
            } else if update.isFinished, let first = search.matches.first {
                moveToMatch(first)
                search.hasMoved = true
                status = StatusMessage("search wrapped to the top: \(search.matchSummary) for \(search.query)")
            }
        }
        if update.isFinished, search.matches.isEmpty {
            status = StatusMessage("no match for \(search.query)", isError: true)
        }
        self.search = search
    }

    /// `n` / `N`: the next or previous match of the search, wrapping around; a new search when
    /// the last one was in another body.
    private mutating func nextMatch(forward: Bool) -> [Command] {
        guard let query = searchQuery else {
            status = StatusMessage("no search yet: / searches")
            return []
        }
        guard let search, search.url == currentURL, let body = shownBody else {
            return startSearch(query)
        }
        guard !search.matches.isEmpty else {
            status =
                search.isRunning
                ? StatusMessage("searching for \(query): \(Int(search.progress * 100))%")
                : StatusMessage("no match for \(query)", isError: true)
            return []
        }
        let here = body.searchPosition(atLine: position.cursor)
        let matches = search.matches
        // The first match after `here` (forward) or the last before it (backward), by bisection.
        var low = 0
        var high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if forward ? matches[middle] <= here : matches[middle] < here { low = middle + 1 } else { high = middle }
        }
        let target: Int
        if forward {
            target = low < matches.count ? matches[low] : matches[0]
        } else {
            target = low > 0 ? matches[low - 1] : matches[matches.count - 1]
        }
        moveToMatch(target)
        return []
    }

    private mutating func moveToMatch(_ match: Int) {
        guard let body = shownBody else { return }
        var position = self.position
        position.cursor = body.revealMatch(match)
        keepCursorVisible(&position, body: body)
        self.position = position
        focus = .latestData
    }

    private mutating func copyValue() -> [Command] {
        guard case .json(let outline)? = shownBody, let entry = outline.entry(atLine: position.cursor)
        else {
            status = StatusMessage("no JSON value under the cursor to copy", isError: true)
            return []
        }
        let document = outline.document
        let value = document.kind(entry).isClosing ? document.matchingEntry(entry) : entry
        let size = document.valueRange(value).count
        guard size <= BrowserState.maximumCopyBytes else {
            status = StatusMessage(
                "this value is \(Format.bytes(size)); values up to \(Format.bytes(BrowserState.maximumCopyBytes)) "
                    + "can be copied through the terminal", isError: true)
            return []
        }
        let text = document.rawText(value)
        status = StatusMessage("copied \(Format.bytes(text.utf8.count)) of JSON, as sent, to the clipboard")
        return [.copyToClipboard(text)]
    }

    /// The current JSON body, re-indented with every key and scalar as sent, for the PUT and
    /// overrideLocalContent forms; empty above `maximumPrefillBytes`.
    private func currentJSONText() -> String {
        guard case .json(let outline)? = current?.latestData?.body else { return "" }
        return outline.document.prettyPrinted(limit: BrowserState.maximumPrefillBytes) ?? ""
    }

    /// The largest value `Y` copies (terminals cap clipboard escapes; most take a few MB).
    public static let maximumCopyBytes = 4 * 1024 * 1024

    /// The largest body a form starts with.
    public static let maximumPrefillBytes = 1024 * 1024

    /// A curl command that repeats a GET of `url` as hammock sends it (the configured headers and
    /// the ones every request gets); secrets masked when `masked` is true. The environment's
    /// auth and the jar's cookies, which the copied command also carries, are secrets and not in
    /// it.
    public func curlCommand(url: String, masked: Bool) -> String {
        CurlCommand.render(RequestDefinition(method: "GET", url: url, headers: sentHeaders([])), masked: masked)
    }

    /// `headers` after the configured ones, then the ones the transport adds to every request
    /// whose name none of them has: the header lines a request goes out with.
    func sentHeaders(_ headers: [(String, String)]) -> [HeaderField] {
        let own = configuredHeaders + headers
        let names = Set(own.map { $0.0.lowercased() })
        return (own + defaultHeaders.filter { !names.contains($0.0.lowercased()) }).map {
            HeaderField(name: $0.0, value: $0.1)
        }
    }
}
