import Foundation
import Safety
import Siesta
import TUICore
import Workspace

extension BrowserState {
    /// Runs a main-view command (a key the key map binds in the main view).
    mutating func perform(_ command: KeyCommand) -> [Command] {
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
            let cursor = position.cursor
            if let line = changeShownBody({ $0.toggleFold(atLine: cursor) }) { position.cursor = line }
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
        case .pipe:
            return openPipePrompt()
        case .pathQuery:
            return openPathQuery()
        case .operations:
            return openOperations()
        case .schemaCheck:
            showSchemaCheck()
        case .copyPath:
            return copyCursorPath()
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
    mutating func interrupt() -> [Command] {
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

    mutating func follow() -> [Command] {
        if focus == .resources {
            guard resourceOrder.indices.contains(resourcesCursor) else { return [] }
            return [.navigate(path: resourceOrder[resourcesCursor], from: nil)]
        }
        guard let snapshot = current, let body = shownBody else { return [] }
        if let link = body.link(atLine: position.cursor) {
            return [.navigate(path: link, from: snapshot.url)]
        }
        let cursor = position.cursor
        if let line = changeShownBody({ $0.toggleFold(atLine: cursor) }) {
            position.cursor = line
            clampPositions()
        } else {
            status = StatusMessage("nothing to follow on this line (links are strings like /users/1 or http://…)")
        }
        return []
    }

    mutating func copyValue() -> [Command] {
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
    func currentJSONText() -> String {
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
