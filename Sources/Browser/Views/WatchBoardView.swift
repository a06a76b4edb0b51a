import Safety
import TUICore
import Workspace

/// Draws the watch board: one row per pinned resource with its state letter, pause mark, path,
/// the age of its data, its refresh interval, its last event, the JSONPath it is watched by with
/// what that selects, and what changed last.
public enum WatchBoardView {
    /// The board's box title: how many are pinned, paused, and the 304s seen.
    static func title(_ state: BrowserState, focused: Bool) -> [Span] {
        let theme = state.theme
        let titleStyle = theme.style(focused ? .focus : .accent, attributes: .bold)
        let entries = state.watch.entries
        var facts = ["\(entries.count) pinned"]
        let paused = entries.filter(\.isPaused).count
        if paused > 0 { facts.append("\(paused) paused") }
        let requests = entries.reduce(0) { $0 + $1.requestCount }
        let notModified = entries.reduce(0) { $0 + $1.notModifiedCount }
        if requests > 0 { facts.append("\(requests) refreshes · \(notModified) notModified") }
        return [Span("watch", titleStyle), Span("  " + facts.joined(separator: " · ") + " ", theme.style(.muted))]
    }

    /// The keys of the board, for its bottom border while it has focus.
    static let keyHints = " Enter open · Space pause · + − = interval · $ path · x unpin · D diff · T timeline "

    /// Draws the rows inside the board's box.
    static func draw(_ state: BrowserState, inner: Rect, focused: Bool, into screen: inout Screen) {
        let theme = state.theme
        guard !inner.isEmpty else { return }
        let entries = state.watch.entries
        guard !entries.isEmpty else {
            screen.put(
                "nothing pinned: P pins the resource shown (or the one selected in the s list)", x: inner.x,
                y: inner.y, style: theme.style(.muted), maxWidth: inner.width)
            return
        }
        let count = entries.count
        let top = max(0, min(state.watch.cursor - inner.height + 1, count - inner.height))
        // The pane's own width: `inner` is as wide as sideways scrolling may need.
        let width = max(1, state.layout.innerWidth(.watch))
        let pathWidth = min(max(12, width * 24 / 100), 40)
        for row in 0..<inner.height {
            let index = top + row
            guard index < count else { break }
            let entry = entries[index]
            let snapshot = state.resources[entry.url] ?? ResourceSnapshot(url: entry.url)
            var letter = snapshot.stateLetter
            if letter == "D", !snapshot.isUpToDate(at: state.now) { letter = "S" }
            if state.streams[entry.url]?.isLive == true { letter = "~" }
            let slot: ThemeSlot =
                letter == "L"
                ? .loading : letter == "E" ? .error : letter == "D" ? .success : letter == "S" ? .warning : .muted
            let marker = entry.url == state.currentURL ? "▸" : " "
            let age = snapshot.latestData.map { Format.duration(max(0, state.now - $0.timestamp)) } ?? "-"
            let path = rowLabel(entry.label, maxColumns: pathWidth)
            let padding = String(repeating: " ", count: max(0, pathWidth - CharacterWidth.of(path)))
            // `newData(network)` reads as `newData`: the source matters less than the room.
            let event = (entry.lastEvent ?? "-").replacingOccurrences(of: "(network)", with: "")
            var spans = [
                Span(marker, theme.style(.accent)),
                Span(String(letter), theme.style(slot, attributes: .bold)),
                Span(entry.isPaused ? "‖ " : "  ", theme.style(.warning, attributes: .bold)),
                Span(path + padding, theme.style(.text)),
                Span(" " + pad(age, 7), theme.style(.muted)),
                Span(pad("↻" + Format.duration(entry.interval), 8), theme.style(entry.isPaused ? .muted : .accent)),
                Span(pad(event, 13), theme.style(eventSlot(event))),
            ]
            if let path = entry.path {
                spans.append(Span(BrowserView.safe(path) + " ", theme.style(.muted)))
                spans.append(
                    Span(BrowserView.safe(entry.watchedValue ?? "…") + "  ", theme.style(.accent, attributes: .bold)))
            }
            if let change = entry.lastChange {
                let recent = entry.lastChangeTime.map { state.now - $0 < BrowserState.highlightDuration } ?? false
                spans.append(
                    Span(
                        BrowserView.safe(change),
                        theme.style(recent ? .warning : .text, attributes: recent ? .bold : [])))
            }
            screen.put(spans: spans, x: inner.x, y: inner.y + row, maxWidth: inner.width)
            if focused && index == state.watch.cursor {
                screen.addAttributes(.reverse, in: Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1))
            }
        }
    }

    /// A row's label in at most `maxColumns`: a URL of another origin loses its scheme, then the
    /// end of its host, so that its path still shows (`local…:18777/users`); a path too long
    /// for the room keeps its end (`…/items/42`).
    static func rowLabel(_ label: String, maxColumns: Int) -> String {
        var text = TextSanitizer.sanitize(label)
        for scheme in ["https://", "http://"] where text.hasPrefix(scheme) { text.removeFirst(scheme.count) }
        guard CharacterWidth.of(text) > maxColumns, maxColumns > 1 else { return text }
        let slash = text.firstIndex(of: "/") ?? text.endIndex
        let host = String(text[..<slash])
        let path = String(text[slash...])
        let pathColumns = CharacterWidth.of(path)
        if !host.isEmpty, pathColumns + 2 <= maxColumns {
            // Keep the path and as much of the host's start as fits.
            let hostStart = BrowserView.abbreviated(host, maxColumns: maxColumns - pathColumns)
            return hostStart + path
        }
        // Only the end of the path fits.
        var tail = ""
        for character in text.reversed() {
            if CharacterWidth.of(tail) + CharacterWidth.of(character) + 1 > maxColumns { break }
            tail.insert(character, at: tail.startIndex)
        }
        // From a segment's start when there is one.
        if let slash = tail.firstIndex(of: "/"), slash != tail.startIndex { tail = String(tail[slash...]) }
        return "…" + tail
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        let columns = CharacterWidth.of(text)
        return columns >= width ? text + " " : text + String(repeating: " ", count: width - columns)
    }

    private static func eventSlot(_ event: String) -> ThemeSlot {
        if event.hasPrefix("newData") { return .success }
        if event.hasPrefix("error") { return .error }
        if event == "notModified" { return .muted }
        return .text
    }
}
