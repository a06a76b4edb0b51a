/// Draws the Events pane: newest at the bottom, scrolled up by `eventsScroll`.
enum EventsView {
    static func draw(_ state: BrowserState, inner: Rect, into screen: inout Screen) {
        let theme = state.theme
        guard !inner.isEmpty else { return }
        let end = max(0, state.events.count - state.eventsScroll)
        let start = max(0, end - inner.height)
        let nameWidth = 17
        for (row, entry) in state.events[start..<end].enumerated() {
            let slot: ThemeSlot
            switch entry.kind {
            case .success: slot = .success
            case .failure: slot = .error
            case .note: slot = .muted
            case .event:
                if entry.name.hasPrefix("newData") || entry.name == "notModified" {
                    slot = .success
                } else if entry.name == "error" {
                    slot = .error
                } else if entry.name == "requested" {
                    slot = .loading
                } else {
                    slot = .accent
                }
            }
            var name = BrowserView.safe(entry.name, maxColumns: nameWidth)
            name += String(repeating: " ", count: max(1, nameWidth - CharacterWidth.of(name)))
            let resource = BrowserView.safe(SecretMasker.maskURL(entry.resource), maxColumns: inner.width)
            let detail = BrowserView.safe(SecretMasker.maskInlineCredentials(entry.detail), maxColumns: inner.width)
            var spans = [
                Span(entry.clock + " ", theme.style(.muted)),
                Span(name, theme.style(slot, attributes: entry.kind == .event ? [] : .bold)),
            ]
            if !resource.isEmpty { spans.append(Span(resource + " ", theme.style(.text))) }
            if !detail.isEmpty { spans.append(Span(detail, theme.style(.muted))) }
            screen.put(spans: spans, x: inner.x, y: inner.y + row, maxWidth: inner.width)
        }
        if state.events.isEmpty {
            screen.put("no events yet", x: inner.x, y: inner.y, style: theme.style(.muted), maxWidth: inner.width)
        }
    }
}
