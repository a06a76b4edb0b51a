import Safety
import TUICore

/// Draws the Events pane: newest at the bottom, scrolled up by `eventsScroll`.
enum EventsView {
    static func draw(_ state: BrowserState, inner: Rect, into screen: inout Screen) {
        let theme = state.theme
        guard !inner.isEmpty else { return }
        let end = max(0, state.events.count - state.eventsScroll)
        let start = max(0, end - inner.height)
        let nameWidth = 17
        for (row, entry) in state.events[start..<end].enumerated() {
            let slot = Self.slot(of: entry.kind)
            let isEvent: Bool
            if case .resourceEvent = entry.kind { isEvent = true } else { isEvent = false }
            // The name is never cut (`newData(localOverride)`): it pushes the URL and detail right.
            var name = BrowserView.safe(entry.name, maxColumns: 64)
            name += String(repeating: " ", count: max(1, nameWidth - CharacterWidth.of(name)))
            let resource = BrowserView.safe(SecretMasker.maskURL(entry.resource), maxColumns: inner.width)
            let detail = BrowserView.safe(SecretMasker.maskInlineCredentials(entry.detail), maxColumns: inner.width)
            var spans = [
                Span(entry.clock + " ", theme.style(.muted)),
                Span(name, theme.style(slot, attributes: isEvent ? [] : .bold)),
            ]
            if !resource.isEmpty { spans.append(Span(resource + " ", theme.style(.text))) }
            if !detail.isEmpty { spans.append(Span(detail, theme.style(.muted))) }
            screen.put(spans: spans, x: inner.x, y: inner.y + row, maxWidth: inner.width)
        }
        if state.events.isEmpty {
            screen.put("no events yet", x: inner.x, y: inner.y, style: theme.style(.muted), maxWidth: inner.width)
        }
    }

    /// The colour of a line of this kind.
    static func slot(of kind: EventLogEntry.Kind) -> ThemeSlot {
        switch kind {
        case .resourceEvent(.newData), .resourceEvent(.notModified): return .success
        case .resourceEvent(.error): return .error
        case .resourceEvent(.requested): return .loading
        case .resourceEvent: return .accent
        case .hook(let hook): return hook.succeeded ? .success : .error
        case .note: return .muted
        case .error: return .error
        }
    }
}
