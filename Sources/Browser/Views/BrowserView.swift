import Foundation
import Safety
import TUICore
import Workspace

/// Draws a `BrowserState` into a `Screen`: a pure function of the state (apart from lazy body
/// caches). Every piece of untrusted text goes through `TextSanitizer` here, and every header
/// or URL through `SecretMasker`.
public enum BrowserView {
    static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// Renders the state into a new screen of the state's size.
    public static func render(_ state: BrowserState) -> Screen {
        var screen = Screen(width: state.width, height: state.height)
        render(state, into: &screen)
        return screen
    }

    /// Renders the state into `screen` (which should have the state's size) and returns what
    /// key handling needs to know of the frame drawn (``BrowserState/frame``).
    @discardableResult
    public static func render(_ state: BrowserState, into screen: inout Screen) -> FrameContext {
        let theme = state.theme
        let background =
            theme.isMonochrome
            ? Style.plain : Style(foreground: theme.color(.text), background: theme.color(.background))
        screen.fill(screen.bounds, style: background)
        let layout = state.layout
        var context = FrameContext()
        if layout.isTooSmall {
            drawTooSmall(state, into: &screen, style: background)
            return context
        }
        for (pane, frame) in layout.frames {
            drawPane(pane, frame: frame, state: state, layout: layout, into: &screen)
            let inner = pane == .url && !layout.isURLBoxed ? frame.insetHorizontally(by: 1) : frame.inset(by: 1)
            let isCutRight = (0..<inner.height).contains { screen[inner.maxX, inner.y + $0].character == "›" }
            context.pages[FrameContext.Page(pane)] = FrameContext.PageSize(
                height: max(1, layout.innerHeight(pane)), width: max(1, layout.innerWidth(pane)),
                isCutRight: isCutRight)
        }
        drawStatusLine(state, frame: layout.status, into: &screen)
        for layer in state.layers { layer.draw(state, into: &screen) }
        if let page = state.topLayer?.pageSize(state) { context.pages[.layer] = page }
        return context
    }

    /// What key handling needs to know of the frame `state` would draw, drawn off screen.
    public static func frameContext(of state: BrowserState) -> FrameContext {
        var screen = Screen(width: state.width, height: state.height)
        return render(state, into: &screen)
    }

    static func drawTooSmall(_ state: BrowserState, into screen: inout Screen, style: Style) {
        let lines = [
            "Terminal too small",
            "\(state.width)×\(state.height), need \(BrowserLayout.minimumWidth)×\(BrowserLayout.minimumHeight)",
            "q quits",
        ]
        let top = max(0, (state.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let width = CharacterWidth.of(line)
            screen.put(line, x: max(0, (state.width - width) / 2), y: top + offset, style: style)
        }
    }

    // MARK: panes

    /// The normalized path of the cursor's value on a box's bottom border; a path too long for
    /// the room keeps its end (`…['items'][3]['id']`).
    static func drawPathLabel(
        _ path: String, theme: Theme, x: Int, y: Int, maxWidth: Int, into screen: inout Screen
    ) {
        guard maxWidth > 6 else { return }
        var text = safe(path, maxColumns: 4096)
        if CharacterWidth.of(text) > maxWidth - 2 {
            while CharacterWidth.of(text) > maxWidth - 3, !text.isEmpty { text.removeFirst() }
            text = "…" + text
        }
        screen.put(" " + text + " ", x: x, y: y, style: theme.style(.muted), maxWidth: maxWidth)
    }

    static func drawBox(
        _ frame: Rect, title: [Span], focused: Bool, theme: Theme, into screen: inout Screen
    ) {
        screen.fill(frame, style: surfaceStyle(theme))
        let border = focused ? theme.style(.focus, attributes: .bold) : theme.style(.border)
        screen.box(frame, title: title, style: border)
    }

    static func drawPane(
        _ pane: Pane, frame: Rect, state: BrowserState, layout: BrowserLayout, into screen: inout Screen
    ) {
        let theme = state.theme
        let focused = state.focus == pane
        let titleStyle = theme.style(focused ? .focus : .accent, attributes: .bold)
        var title = [Span(pane.rawValue, titleStyle)]
        let inner = frame.inset(by: 1)
        switch pane {
        case .url:
            let insecure = Span(" INSECURE ", theme.style(.warning, attributes: [.bold, .reverse]))
            if state.isInsecure && layout.isURLBoxed { title.append(insecure) }
            defer {
                if state.isInsecure && !layout.isURLBoxed && frame.width > 20 {
                    screen.put(spans: [insecure], x: frame.maxX - 10, y: frame.y, maxWidth: 10)
                }
            }
            if layout.isURLBoxed {
                drawBox(frame, title: title, focused: focused, theme: theme, into: &screen)
                scrolled(pane, state: state, inner: inner, into: &screen) { screen, inner in
                    drawURL(state, inner: inner, compact: layout.isCompact, into: &screen)
                }
            } else {
                screen.fill(frame, style: surfaceStyle(theme))
                // The first and last columns hold the ‹ › marks, as a box's borders would.
                scrolled(pane, state: state, inner: frame.insetHorizontally(by: 1), into: &screen) { screen, inner in
                    drawURL(state, inner: inner, compact: layout.isCompact, into: &screen)
                }
                // No border to make bold: a mark in the first column says the lines have focus.
                if focused, screen[frame.x, frame.y].character == " " {
                    screen.put("▸", x: frame.x, y: frame.y, style: theme.style(.focus, attributes: .bold))
                }
            }
        case .latestData:
            if state.showsResponseHead {
                title.append(Span("  response head ", theme.style(.accent)))
                if let record = state.current?.lastExchange {
                    title.append(Span("· \(record.timingSummary) ", theme.style(.muted)))
                }
            } else if let current = state.current, let stream = state.streams[current.url] {
                var facts = [
                    stream.kindName, stream.eventCount == 1 ? "1 event" : "\(stream.eventCount) events",
                    stream.phaseText(now: state.now),
                ]
                if stream.droppedCount > 0 { facts.append("\(stream.droppedCount) dropped") }
                if stream.isLive { facts.append("c stops") }
                title.append(
                    Span(
                        "  " + safe(facts.joined(separator: " · ")) + " ",
                        theme.style(stream.isLive ? .loading : .muted)))
            } else if let data = state.current?.latestData {
                if let url = state.currentURL, let change = state.changes[url], state.highlight?.url == url {
                    title.append(Span("  changed \(change.counts) (D)", theme.style(.warning, attributes: .bold)))
                }
                title += schemaBadge(state)
                title += metadataSpans(data, state: state)
            } else {
                // An error's body shown in latestData's place is checked too.
                title += schemaBadge(state)
            }
            drawBox(frame, title: title, focused: focused, theme: theme, into: &screen)
            drawData(state, inner: inner, focused: focused, into: &screen)
            if state.shownBody != nil {
                let position = state.position
                let label =
                    " line \(position.cursor + 1)" + (position.left > 0 ? " · col \(position.left + 1) " : " ")
                    + (state.wrapsLines ? "· wrap " : "")
                let width = CharacterWidth.of(label)
                if frame.width > width + 4 {
                    screen.put(label, x: frame.maxX - width - 2, y: frame.maxY - 1, style: theme.style(.muted))
                }
                if let search = state.search, search.url == state.currentURL {
                    drawSearchLabel(
                        search, state: state, x: frame.x + 2, y: frame.maxY - 1, maxWidth: frame.width - width - 6,
                        into: &screen)
                } else if case .json(let outline)? = state.shownBody,
                    let entry = outline.entry(atLine: position.cursor),
                    let path = state.cursorPath, path.names(entry, in: outline.document)
                {
                    // Where the cursor is, as a JSONPath (# copies it), worked out by update.
                    drawPathLabel(
                        path.path, theme: theme, x: frame.x + 2, y: frame.maxY - 1, maxWidth: frame.width - width - 6,
                        into: &screen)
                }
            }
        case .latestError:
            drawBox(frame, title: title, focused: focused, theme: theme, into: &screen)
            scrolled(pane, state: state, inner: inner, into: &screen) { screen, inner in
                drawError(state, inner: inner, into: &screen)
            }
        case .isLoading:
            if let snapshot = state.current, snapshot.isLoading {
                title.append(
                    Span(" " + String(spinnerFrames[state.spinnerFrame % spinnerFrames.count]), theme.style(.loading)))
            }
            drawBox(frame, title: title, focused: focused, theme: theme, into: &screen)
            scrolled(pane, state: state, inner: inner, into: &screen) { screen, inner in
                drawLoading(state, inner: inner, into: &screen)
            }
        case .events:
            drawBox(frame, title: title, focused: focused, theme: theme, into: &screen)
            scrolled(pane, state: state, inner: inner, into: &screen) { screen, inner in
                EventsView.draw(state, inner: inner, into: &screen)
            }
        case .watch:
            drawBox(
                frame, title: WatchBoardView.title(state, focused: focused), focused: focused, theme: theme,
                into: &screen)
            scrolled(pane, state: state, inner: inner, into: &screen) { screen, inner in
                WatchBoardView.draw(state, inner: inner, focused: focused, into: &screen)
            }
            let hints = WatchBoardView.keyHints
            if focused, frame.width > CharacterWidth.of(hints) + 4 {
                screen.put(hints, x: frame.x + 2, y: frame.maxY - 1, style: theme.style(.muted))
            }
        case .resources:
            title = [Span("cachedResources", titleStyle), Span(" \(state.resourceOrder.count)", theme.style(.muted))]
            drawBox(frame, title: title, focused: focused, theme: theme, into: &screen)
            scrolled(pane, state: state, inner: inner, into: &screen) { screen, inner in
                drawResources(state, inner: inner, focused: focused, into: &screen)
            }
        }
    }

    /// The style of an empty cell inside a pane.
    static func surfaceStyle(_ theme: Theme) -> Style {
        theme.isMonochrome ? Style.plain : Style(foreground: theme.color(.text), background: theme.color(.surface))
    }

    /// Draws a pane's content through ``PaneViewport``, from the pane's sideways offset, with
    /// `‹` / `›` where its lines are cut. Returns whether a row is cut on the right.
    @discardableResult
    static func scrolled(
        _ pane: Pane, state: BrowserState, inner: Rect, into screen: inout Screen,
        content: (inout Screen, Rect) -> Void
    ) -> Bool {
        PaneViewport.draw(
            into: &screen, inner: inner, left: state.paneLeft[pane] ?? 0, surface: surfaceStyle(state.theme),
            marker: state.theme.style(.accent, attributes: .bold), content: content
        ).isCutRight
    }

    static func safe(_ text: String, maxColumns: Int = 4096) -> String {
        TextSanitizer.sanitize(text, maxColumns: maxColumns)
    }

    /// Sanitised text of at most `maxColumns` columns that ends in `…` when it was cut.
    static func abbreviated(_ text: String, maxColumns: Int) -> String {
        let longer = TextSanitizer.sanitize(text, maxColumns: maxColumns + 1)
        guard CharacterWidth.of(longer) > maxColumns else { return longer }
        return TextSanitizer.sanitize(text, maxColumns: maxColumns - 1) + "…"
    }

    static func metadataSpans(_ data: EntitySnapshot, state: BrowserState) -> [Span] {
        let muted = state.theme.style(.muted)
        var parts = [abbreviated(data.contentType, maxColumns: 60)]
        if let count = data.byteCount { parts.append(Format.bytes(count)) }
        if let etag = data.etag { parts.append("ETag " + abbreviated(etag, maxColumns: 24)) }
        parts.append("age " + Format.duration(max(0, state.now - data.timestamp)))
        return [Span("  " + parts.joined(separator: " · "), muted)]
    }

    /// `schema ✓`, `schema ✗ 2 (V)`: the last check of the resource shown, if any.
    static func schemaBadge(_ state: BrowserState) -> [Span] {
        guard let url = state.currentURL, let check = state.schemaChecks[url] else { return [] }
        let slot: ThemeSlot = check.isViolated ? .error : check.verdict == .valid ? .success : .warning
        return [
            Span(
                "  " + safe(check.badge, maxColumns: 60) + (check.verdict == .valid ? "" : " (V)"),
                state.theme.style(slot, attributes: .bold))
        ]
    }

    static func drawURL(_ state: BrowserState, inner: Rect, compact: Bool, into screen: inout Screen) {
        let theme = state.theme
        guard !inner.isEmpty else { return }
        let url = state.currentURL.map { safe(PercentEncoding.readable(SecretMasker.maskURL($0))) } ?? "(no resource)"
        var first = [
            Span("GET ", theme.style(.methodGet, attributes: .bold)),
            Span(url, theme.style(.text, attributes: .bold)),
        ]
        if let operation = state.currentOperation?.operation {
            // The operation this URL is, by the description: its id and path template.
            first.append(Span("   " + safe(operation.id, maxColumns: 60), theme.style(.accent)))
            first.append(Span(" " + safe(operation.path, maxColumns: 80) + " (O)", theme.style(.muted)))
        }
        screen.put(spans: first, x: inner.x, y: inner.y, maxWidth: inner.width)
        guard inner.height > 1 else { return }
        if compact, let snapshot = state.current {
            var spans = [
                Span("isLoading ", theme.style(.muted)),
                Span(snapshot.isLoading ? "true" : "false", theme.style(snapshot.isLoading ? .loading : .text)),
            ]
            spans.append(Span("  latestError ", theme.style(.muted)))
            if let error = snapshot.latestError {
                spans.append(
                    Span(safe((error.httpStatusCode.map { "\($0) " } ?? "") + error.userMessage), theme.style(.error)))
            } else {
                spans.append(Span("nil", theme.style(.text)))
            }
            screen.put(spans: spans, x: inner.x, y: inner.y + 1, maxWidth: inner.width)
            return
        }
        var spans = [
            Span("service.baseURL ", theme.style(.muted)),
            Span(safe(SecretMasker.maskURL(state.serviceBaseURL)), theme.style(.text)),
        ]
        if let environment = state.environment {
            spans.append(Span("  env ", theme.style(.muted)))
            spans.append(Span(safe(environment, maxColumns: 60), theme.style(.accent, attributes: .bold)))
        }
        if !state.configuredHeaders.isEmpty {
            let headers = state.configuredHeaders.map { "\($0.0): \(SecretMasker.maskHeader(name: $0.0, value: $0.1))" }
            spans.append(Span("  headers ", theme.style(.muted)))
            spans.append(Span(safe(headers.joined(separator: ", ")), theme.style(.text)))
        }
        screen.put(spans: spans, x: inner.x, y: inner.y + 1, maxWidth: inner.width)
    }
}
