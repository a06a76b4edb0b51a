import Foundation
import OrderedJSON
import Safety
import Siesta
import TUICore
import Workspace

extension BrowserState {
    // MARK: keys

    /// `P`, `v`, `D`, `T`, `A` and `E` in the main view.
    mutating func performWatch(_ command: KeyCommand) -> [Command] {
        switch command {
        case .pin:
            let target: String?
            if focus == .resources, resourceOrder.indices.contains(resourcesCursor) {
                target = resourceOrder[resourcesCursor]
            } else if focus == .watch {
                target = watch.selected?.url
            } else {
                target = currentURL
            }
            guard let url = target else { return [] }
            return togglePin(url)
        case .watchBoard:
            // A board that shows without focus takes it; a focused one hides.
            if watch.isShown, focus != .watch, layout.frames[.watch] != nil {
                focus = .watch
                return []
            }
            watch.isShown.toggle()
            if watch.isShown {
                focus = .watch
                status = StatusMessage(
                    watch.entries.isEmpty
                        ? "nothing pinned yet: P pins the resource shown"
                        : "watch board: Enter opens · Space pauses · + − = interval · x unpins")
            } else if focus == .watch {
                focus = .latestData
            }
            clampPositions()
        case .showChanges:
            let url = focus == .watch ? watch.selected?.url : currentURL
            guard let url else { return [] }
            guard let change = changes[url] else {
                status = StatusMessage(
                    "no change seen yet for \(displayPath(url)): the first version has nothing to compare")
                return []
            }
            open(
                TextViewer(
                    title: "what changed · \(displayPath(url))", note: change.summary,
                    text: change.diffText, kind: .diff))
        case .timeline:
            let url = focus == .watch ? watch.selected?.url : currentURL
            guard let url else { return [] }
            open(timelinePicker(url: url))
        case .pauseAll:
            guard !watch.entries.isEmpty else {
                status = StatusMessage("nothing pinned: P pins the resource shown")
                return []
            }
            let pause = !watch.isAllPaused
            var commands: [Command] = []
            for index in watch.entries.indices where watch.entries[index].isPaused != pause {
                watch.entries[index].isPaused = pause
                commands.append(.watch(.pause(url: watch.entries[index].url, pause)))
            }
            status = StatusMessage(pause ? "every pinned resource paused (A resumes)" : "every pinned resource resumed")
            return commands
        case .exportHAR:
            open(Prompt(purpose: .exportHAR, text: Self.defaultHARName(now: now)))
        default:
            break
        }
        return []
    }

    /// Pins `url`, or unpins it when it is pinned.
    mutating func togglePin(_ url: String) -> [Command] {
        if let index = watch.index(of: url) {
            watch.entries.remove(at: index)
            watch.cursor = min(watch.cursor, max(0, watch.entries.count - 1))
            status = StatusMessage("unpinned \(displayPath(url))")
            clampPositions()
            return [.watch(.unpin(url: url))]
        }
        guard watch.entries.count < WatchBoard.maximumEntries else {
            status = StatusMessage(
                "the watch board holds \(WatchBoard.maximumEntries) resources at most", isError: true)
            return []
        }
        var entry = WatchEntry(url: url, interval: watch.defaultInterval, label: SecretMasker.maskURL(displayPath(url)))
        if let snapshot = resources[url], let data = snapshot.latestData {
            entry.lastEvent = "newData"
            entry.lastEventTime = data.timestamp
        }
        watch.entries.append(entry)
        status = StatusMessage(
            "pinned \(displayPath(url)): refreshes every \(Format.duration(entry.interval)) (v shows the board)")
        return [.watch(.pin(url: url, interval: entry.interval))]
    }

    /// While the board has focus, the selected row is the resource shown in the panes: one
    /// marker, and `D`, `T` and the panes all speak of the same resource. Moving the selection
    /// shows the next one in place of the last one the board showed (history does not fill up
    /// with every row passed).
    mutating func showBoardSelection() -> [Command] {
        guard focus == .watch, watch.isShown, layers.isEmpty, let url = watch.selected?.url, url != currentURL else {
            return []
        }
        if let index = watch.previewHistoryIndex, index == historyIndex, history.indices.contains(index) {
            if index > 0, history[index - 1] == url {
                // Back on the resource shown before the board's selection moved: no entry of its own.
                history.removeSubrange(index...)
                historyIndex = index - 1
                watch.previewHistoryIndex = nil
                paneLeft = [:]
                clampPositions()
                return [.show(url: url)]
            }
            history[index] = url
        } else {
            if historyIndex + 1 < history.count { history.removeSubrange((historyIndex + 1)...) }
            history.append(url)
            historyIndex = history.count - 1
        }
        watch.previewHistoryIndex = historyIndex
        paneLeft = [:]
        clampPositions()
        return [.show(url: url)]
    }

    /// Keys the watch board takes while it has focus; nil leaves the key to the key map.
    mutating func handleWatchKey(_ key: Key) -> [Command]? {
        guard focus == .watch, let entry = watch.selected else { return nil }
        let url = entry.url
        switch key {
        case .enter:
            // The resource in the full view: the board steps aside.
            watch.isShown = false
            focus = .latestData
            return [.navigate(path: url, from: nil)]
        case .character(" "):
            watch.entries[watch.cursor].isPaused.toggle()
            let paused = watch.entries[watch.cursor].isPaused
            status = StatusMessage((paused ? "paused " : "resumed ") + displayPath(url))
            return [.watch(.pause(url: url, paused))]
        case .character("+"), .character("-"):
            let interval = WatchBoard.clamp(key == .character("+") ? entry.interval * 2 : entry.interval / 2)
            return setInterval(interval, of: url)
        case .character("="):
            open(Prompt(purpose: .watchInterval(url: url), text: Self.intervalText(entry.interval)))
            return []
        case .character("$"):
            open(Prompt(purpose: .watchPath(url: url), text: suggestedWatchPath(for: entry)))
            return []
        case .character("x"), .delete:
            return togglePin(url)
        default:
            return nil
        }
    }

    /// Sets the refresh interval of the pinned `url`.
    mutating func setInterval(_ interval: Double, of url: String) -> [Command] {
        guard let index = watch.index(of: url) else { return [] }
        watch.entries[index].interval = interval
        status = StatusMessage("\(displayPath(url)) refreshes every \(Format.duration(interval))")
        return [.watch(.interval(url: url, interval))]
    }

    /// The answer to the interval and HAR prompts.
    mutating func answerWatchPrompt(_ purpose: Prompt.Purpose, text: String) -> [Command] {
        switch purpose {
        case .watchInterval(let url):
            var number = text.lowercased().trimmingCharacters(in: .whitespaces)
            if number.hasSuffix("ms"), let value = Double(number.dropLast(2).trimmingCharacters(in: .whitespaces)) {
                number = String(value / 1000)
            } else if number.hasSuffix("s") {
                number.removeLast()
            }
            guard let seconds = Double(number.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds > 0
            else {
                status = StatusMessage("not an interval: \(text) (seconds, e.g. 2, 0.5 or 500ms)", isError: true)
                return []
            }
            let clamped = WatchBoard.clamp(seconds)
            let commands = setInterval(clamped, of: url)
            if clamped != seconds {
                status = StatusMessage(
                    "intervals go from \(Self.intervalText(WatchBoard.minimumInterval)) s to a day: "
                        + "\(displayPath(url)) refreshes every \(Format.duration(clamped))")
            }
            return commands
        case .watchPath(let url):
            return setWatchPath(text.isEmpty ? nil : text, of: url)
        case .exportHAR:
            return [.exportHAR(path: text)]
        default:
            return []
        }
    }

    /// What the path prompt of `entry` starts with: its path, else the resource's last query in
    /// the `$` pane, else the path under latestData's cursor when it shows that resource.
    func suggestedWatchPath(for entry: WatchEntry) -> String {
        if let path = entry.path { return path }
        if let query = pathQueries[entry.url], query != "$" { return query }
        if entry.url == currentURL, let cursorPath { return cursorPath.path }
        return "$"
    }

    /// Watches the pinned `url` by `path` (nil: the whole body again), once it parses.
    mutating func setWatchPath(_ path: String?, of url: String) -> [Command] {
        guard let index = watch.index(of: url) else { return [] }
        if let path {
            do throws(JSONPathSyntaxError) {
                _ = try JSONPath(path)
            } catch {
                status = StatusMessage("not watched by that path: \(error.description)", isError: true)
                return []
            }
        }
        guard watch.entries[index].path != path else { return [] }
        watch.entries[index].path = path
        watch.entries[index].watchedValue = nil
        watch.entries[index].lastChange = nil
        watch.entries[index].lastChangeTime = nil
        status = StatusMessage(
            path.map { "\(displayPath(url)) is watched at \($0): changes elsewhere in its body are left out" }
                ?? "\(displayPath(url)) is watched whole again")
        return [.watch(.path(url: url, path))]
    }

    // MARK: news

    /// Keeps a pinned resource's last event and counts up to date.
    mutating func noteWatchEvent(_ event: ResourceEvent, url: String) {
        guard let index = watch.index(of: url) else { return }
        switch event {
        case .observerAdded, .requested: return
        default: break
        }
        watch.entries[index].lastEvent = event.description
        watch.entries[index].lastEventTime = now
        if case .notModified = event { watch.entries[index].notModifiedCount += 1 }
    }

    /// A diff finished: remember it, highlight it, and say it in Events and on the board.
    mutating func applyChange(url: String, version: Int, change: ResourceChange) {
        if var list = versions[url], let index = list.firstIndex(where: { $0.id == version }) {
            list[index].change = change.summary
            versions[url] = list
            // A late diff of an older version says nothing more.
            if index != list.count - 1 { return }
        }
        // A diff made for another watch path than the row's now is not this row's news.
        if let entry = watch.entries.first(where: { $0.url == url }), entry.path != change.watchedPath { return }
        changes[url] = change
        // Only the resource shown is highlighted: another's change never takes it away.
        if !change.highlightedEntries.isEmpty, url == currentURL {
            highlight = (url, now + BrowserState.highlightDuration)
        }
        if let index = watch.index(of: url) {
            let entry = watch.entries[index]
            if change.watchedPath == entry.path {
                // A change with nothing at the path is not news on the board.
                if !change.isEmpty || entry.path == nil {
                    watch.entries[index].lastChange = change.summary
                    watch.entries[index].lastChangeTime = now
                }
                if let value = change.watchedValue { watch.entries[index].watchedValue = value }
            }
        }
        // The newData line of this resource gets what changed, in front of its size.
        let path = displayPath(url)
        for index in events.indices.reversed().prefix(300) {
            guard events[index].resource == path, case .resourceEvent(.newData) = events[index].kind else { continue }
            let size = events[index].detail
            events[index].detail = change.summary + (size.isEmpty ? "" : "  · " + size)
            break
        }
    }

    /// The timeline list of `url`.
    func timelinePicker(url: String) -> Picker {
        let list = versions[url] ?? []
        var picker = Picker(purpose: .timeline(url: url), items: timelineItems(list), isLoading: false)
        picker.message = timelineMessage(url: url, count: list.count)
        return picker
    }

    /// The line under the timeline: how many versions are kept.
    func timelineMessage(url: String, count: Int) -> String {
        switch count {
        case 0: return "no version of \(displayPath(url)) in this run yet"
        case 1: return "1 version of \(displayPath(url)); each new one is compared with the one before"
        default:
            return "\(count) versions of \(displayPath(url)) (the last \(ResourceVersion.maximumPerResource) are kept)"
        }
    }

    /// Timeline rows, newest first, each led by its number (`#3`), which a diff's title names.
    func timelineItems(_ list: [ResourceVersion]) -> [PickerItem] {
        list.reversed().map { version in
            let clock = EventLogEntry(time: version.time, name: "", resource: "", kind: .note).clock
            var detail = [version.size.map(Format.bytes) ?? "", version.change ?? "first version in this run"]
            if !version.hasBody { detail.append("body let go") }
            return PickerItem(
                id: String(version.id), label: "#\(version.number)  \(clock)  \(version.event)",
                detail: detail.filter { !$0.isEmpty }.joined(separator: " · "))
        }
    }

    /// Ends a highlight that has run its time.
    mutating func expireHighlight() {
        if let highlight, now >= highlight.until { self.highlight = nil }
    }

    static func intervalText(_ interval: Double) -> String {
        interval == interval.rounded() ? String(Int(interval)) : String(interval)
    }

    /// `hammock-20261123-140312.har`, in the current folder.
    static func defaultHARName(now: Double) -> String {
        var components = tm()
        var raw = time_t(Int(now))
        localtime_r(&raw, &components)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "hammock-\(components.tm_year + 1900)\(two(components.tm_mon + 1))\(two(components.tm_mday))-"
            + "\(two(components.tm_hour))\(two(components.tm_min))\(two(components.tm_sec)).har"
    }
}
