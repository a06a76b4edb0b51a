import Foundation
import Safety
import TUICore

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

    private static func drawTooSmall(_ state: BrowserState, into screen: inout Screen, style: Style) {
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

    static func drawBox(
        _ frame: Rect, title: [Span], focused: Bool, theme: Theme, into screen: inout Screen
    ) {
        screen.fill(frame, style: surfaceStyle(theme))
        let border = focused ? theme.style(.focus, attributes: .bold) : theme.style(.border)
        screen.box(frame, title: title, style: border)
    }

    private static func drawPane(
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
                title += metadataSpans(data, state: state)
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

    private static func metadataSpans(_ data: EntitySnapshot, state: BrowserState) -> [Span] {
        let muted = state.theme.style(.muted)
        var parts = [abbreviated(data.contentType, maxColumns: 60)]
        if let count = data.byteCount { parts.append(Format.bytes(count)) }
        if let etag = data.etag { parts.append("ETag " + abbreviated(etag, maxColumns: 24)) }
        parts.append("age " + Format.duration(max(0, state.now - data.timestamp)))
        return [Span("  " + parts.joined(separator: " · "), muted)]
    }

    private static func drawURL(_ state: BrowserState, inner: Rect, compact: Bool, into screen: inout Screen) {
        let theme = state.theme
        guard !inner.isEmpty else { return }
        let url = state.currentURL.map { safe(PercentEncoding.readable(SecretMasker.maskURL($0))) } ?? "(no resource)"
        screen.put(
            spans: [
                Span("GET ", theme.style(.methodGet, attributes: .bold)),
                Span(url, theme.style(.text, attributes: .bold)),
            ],
            x: inner.x, y: inner.y, maxWidth: inner.width)
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

    private static func drawData(_ state: BrowserState, inner: Rect, focused: Bool, into screen: inout Screen) {
        let theme = state.theme
        guard !inner.isEmpty else { return }
        guard let snapshot = state.current else {
            screen.put(
                "no resource: press g to go to a URL", x: inner.x, y: inner.y, style: theme.style(.muted),
                maxWidth: inner.width)
            return
        }
        if state.showsResponseHead {
            guard let head = snapshot.head else {
                screen.put(
                    "no response to this URL in this run yet (m: back to the body)", x: inner.x, y: inner.y,
                    style: theme.style(.muted), maxWidth: inner.width)
                return
            }
            if state.wrapsLines {
                drawWrappedBody(
                    head, position: state.position, theme: theme, inner: inner, showCursor: focused,
                    highlight: state.searchQuery, into: &screen)
            } else {
                drawBody(
                    head, position: state.position, theme: theme, inner: inner, showCursor: focused,
                    highlight: state.searchQuery, marksOverflow: true, into: &screen)
            }
            return
        }
        if let stream = state.streams[snapshot.url] {
            let body = stream.body
            if state.wrapsLines {
                drawWrappedBody(
                    body, position: state.position, theme: theme, inner: inner, showCursor: focused,
                    highlight: state.searchQuery, into: &screen)
            } else {
                drawBody(
                    body, position: state.position, theme: theme, inner: inner, showCursor: focused,
                    highlight: state.searchQuery, marksOverflow: true, into: &screen)
            }
            return
        }
        guard let data = snapshot.latestData else {
            // No data but an error with a body: the body is what the server said, so it gets
            // the big pane, under a marker that says whose body it is.
            if let error = snapshot.latestError, let body = error.body, inner.height > 1 {
                let facts = [error.httpStatusCode.map { "HTTP \($0)" } ?? "", error.bodyDescription]
                    .filter { !$0.isEmpty }.joined(separator: " · ")
                let marker = "latestData is nil · the body of latestError" + (facts.isEmpty ? "" : " (\(facts))")
                screen.put(safe(marker), x: inner.x, y: inner.y, style: theme.style(.warning), maxWidth: inner.width)
                let rest = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 1)
                drawBody(
                    body, position: state.position, theme: theme, inner: rest, showCursor: focused,
                    highlight: state.searchQuery, marksOverflow: true, into: &screen)
                return
            }
            let note = snapshot.isLoading ? "nil (loading…)" : "nil: l loadIfNeeded(), r load()"
            screen.put(note, x: inner.x, y: inner.y, style: theme.style(.muted), maxWidth: inner.width)
            // Where latestError has no pane of its own, its whole message goes in the empty room.
            if state.layout.frames[.latestError] == nil, let error = snapshot.latestError, inner.height > 2 {
                screen.put("latestError", x: inner.x, y: inner.y + 2, style: theme.style(.muted), maxWidth: inner.width)
                let rest = Rect(x: inner.x, y: inner.y + 3, width: inner.width, height: inner.height - 3)
                drawErrorMessage(error, width: inner.width, in: rest, theme: theme, into: &screen)
            }
            return
        }
        let changed = changedLines(state, url: snapshot.url, body: data.body)
        if state.wrapsLines {
            drawWrappedBody(
                data.body, position: state.position, theme: theme, inner: inner, showCursor: focused,
                highlight: state.searchQuery, changed: changed, into: &screen)
            return
        }
        drawBody(
            data.body, position: state.position, theme: theme, inner: inner, showCursor: focused,
            highlight: state.searchQuery, marksOverflow: true, changed: changed, into: &screen)
    }

    /// Whether a line of the body holds a value (or is a line) that the last change added or
    /// changed, while the change is highlighted; nil when nothing is.
    static func changedLines(_ state: BrowserState, url: String, body: BodyContent) -> ((Int) -> Bool)? {
        guard let highlight = state.highlight, highlight.url == url, state.now < highlight.until,
            let change = state.changes[url], !change.highlightedEntries.isEmpty
        else { return nil }
        let entries = change.highlightedEntries
        switch (body, change.method) {
        case (.json(let outline), .json): return { line in outline.entry(atLine: line).map(entries.contains) ?? false }
        case (.text, .lines): return { entries.contains($0) }
        default: return nil
        }
    }

    /// Marks a changed row: a bar on the box's left border and bold text.
    private static func markChanged(row: Rect, theme: Theme, into screen: inout Screen) {
        screen.put("▌", x: row.x - 1, y: row.y, style: theme.style(.warning, attributes: .bold))
        screen.addAttributes(.bold, in: row)
    }

    /// Draws a body with long lines wrapped at the pane's width, from row `position.topRow` of
    /// line `position.top`; every row of the cursor line is highlighted.
    static func drawWrappedBody(
        _ body: BodyContent, position: Viewport, theme: Theme, inner: Rect, showCursor: Bool,
        highlight: String?, changed: ((Int) -> Bool)? = nil, into screen: inout Screen
    ) {
        var y = 0
        var index = position.top
        var skip = max(0, position.topRow)
        while y < inner.height {
            guard
                let rows = BodyLineView.wrappedRows(
                    body, line: index, theme: theme, width: inner.width, maximumRows: skip + inner.height - y)
            else { break }
            for row in rows.dropFirst(skip) where y < inner.height {
                let rect = Rect(x: inner.x, y: inner.y + y, width: inner.width, height: 1)
                screen.put(spans: row, x: inner.x, y: inner.y + y, maxWidth: inner.width)
                if let highlight, !highlight.isEmpty { markMatches(of: highlight, in: &screen, row: rect) }
                if changed?(index) == true { markChanged(row: rect, theme: theme, into: &screen) }
                if showCursor && index == position.cursor { screen.addAttributes(.reverse, in: rect) }
                y += 1
            }
            skip = 0
            index += 1
        }
    }

    /// The search's query, matches so far and progress, on the bottom border of latestData.
    private static func drawSearchLabel(
        _ search: SearchState, state: BrowserState, x: Int, y: Int, maxWidth: Int, into screen: inout Screen
    ) {
        guard maxWidth > 8 else { return }
        let theme = state.theme
        var spans = [
            Span(" /", theme.style(.accent, attributes: .bold)),
            Span(abbreviated(search.query, maxColumns: 30), theme.style(.accent, attributes: .bold)),
            Span(
                " · " + search.matchSummary, theme.style(search.matches.isEmpty && !search.isRunning ? .error : .muted)),
        ]
        if search.isRunning {
            spans.append(Span(" · \(Int(search.progress * 100))%", theme.style(.loading)))
            spans.append(Span(" · Esc stops", theme.style(.muted)))
        }
        spans.append(Span(" ", theme.style(.muted)))
        screen.put(spans: spans, x: x, y: y, maxWidth: maxWidth)
    }

    /// Draws the visible lines of a body at a position, from its first visible column; only
    /// those lines, and only their visible columns, are formatted. Visible occurrences of
    /// `highlight` (case-insensitive) are underlined in bold. With `marksOverflow`, a row whose
    /// text continues off-screen gets `‹` / `›` on the box border beside it.
    static func drawBody(
        _ body: BodyContent, position: Viewport, theme: Theme, inner: Rect, showCursor: Bool,
        highlight: String? = nil, marksOverflow: Bool = false, changed: ((Int) -> Bool)? = nil,
        into screen: inout Screen
    ) {
        for row in 0..<inner.height {
            let index = position.top + row
            guard
                let line = BodyLineView.visibleLine(
                    body, line: index, theme: theme, fromColumn: position.left, width: inner.width)
            else {
                break
            }
            let y = inner.y + row
            screen.put(spans: line.spans, x: inner.x, y: y, maxWidth: inner.width)
            if marksOverflow {
                let marker = theme.style(.accent, attributes: .bold)
                if line.continuesLeft { screen.put("‹", x: inner.x - 1, y: y, style: marker) }
                if line.continuesRight { screen.put("›", x: inner.maxX, y: y, style: marker) }
            }
            if let highlight, !highlight.isEmpty {
                markMatches(of: highlight, in: &screen, row: Rect(x: inner.x, y: y, width: inner.width, height: 1))
            }
            if changed?(index) == true {
                markChanged(row: Rect(x: inner.x, y: y, width: inner.width, height: 1), theme: theme, into: &screen)
            }
            if showCursor && index == position.cursor {
                screen.addAttributes(.reverse, in: Rect(x: inner.x, y: y, width: inner.width, height: 1))
            }
        }
    }

    /// Adds bold underline to every occurrence of `needle` within one row of the screen.
    static func markMatches(of needle: String, in screen: inout Screen, row: Rect) {
        var characters: [(column: Int, character: Character)] = []
        for column in row.x..<min(row.maxX, screen.width) where !screen[column, row.y].isContinuation {
            characters.append((column, screen[column, row.y].character))
        }
        let text = String(characters.map(\.character)).lowercased()
        let pattern = needle.lowercased()
        guard text.count == characters.count else { return }  // lower-casing changed the length
        var searchStart = text.startIndex
        while let range = text.range(of: pattern, range: searchStart..<text.endIndex) {
            let first = text.distance(from: text.startIndex, to: range.lowerBound)
            let last = text.distance(from: text.startIndex, to: range.upperBound) - 1
            guard first <= last, last < characters.count else { break }
            let start = characters[first].column
            let end = characters[last].column + CharacterWidth.of(characters[last].character)
            screen.addAttributes([.bold, .underline], in: Rect(x: start, y: row.y, width: end - start, height: 1))
            searchStart = range.upperBound
        }
    }

    private static func drawError(_ state: BrowserState, inner: Rect, into screen: inout Screen) {
        let theme = state.theme
        guard !inner.isEmpty, let snapshot = state.current else { return }
        guard let error = snapshot.latestError else {
            screen.put("nil", x: inner.x, y: inner.y, style: theme.style(.muted), maxWidth: inner.width)
            return
        }
        // The message wraps at the pane's visible width (it is drawn in a wider scratch area):
        // advice at its end must be readable without scrolling.
        var row = drawErrorMessage(
            error, width: state.layout.innerWidth(.latestError), in: inner, theme: theme, into: &screen)
        guard inner.height > row else { return }
        screen.put(
            "age " + Format.duration(max(0, state.now - error.timestamp)), x: inner.x, y: inner.y + row,
            style: theme.style(.muted), maxWidth: inner.width)
        row += 1
        if let body = error.body, inner.height > row {
            let rest = Rect(x: inner.x, y: inner.y + row, width: inner.width, height: inner.height - row)
            drawBody(body, position: Viewport(cursor: 0), theme: theme, inner: rest, showCursor: false, into: &screen)
        }
    }

    /// Draws an error's `HTTP nnn` label and its message wrapped at `width` columns, from the top
    /// of `frame` down; returns the rows used.
    @discardableResult
    static func drawErrorMessage(
        _ error: ErrorSnapshot, width: Int, in frame: Rect, theme: Theme, into screen: inout Screen
    ) -> Int {
        let label = error.httpStatusCode.map { "HTTP \($0)  " } ?? ""
        let labelWidth = CharacterWidth.of(label)
        // Wrap as if the label were part of the first line, then draw it in its own style.
        let padded = label + safe(error.userMessage)
        let lines = TextWrap.lines(padded, width: max(1, width))
        var row = 0
        for (index, line) in lines.enumerated() where row < frame.height {
            var spans: [Span] = []
            var text = Substring(line)
            if index == 0, labelWidth > 0 {
                spans.append(Span(label, theme.style(.error, attributes: .bold)))
                text = text.dropFirst(labelWidth)
            }
            spans.append(Span(String(text), theme.style(.error)))
            screen.put(spans: spans, x: frame.x, y: frame.y + row, maxWidth: frame.width)
            row += 1
        }
        return row
    }

    private static func drawLoading(_ state: BrowserState, inner: Rect, into screen: inout Screen) {
        let theme = state.theme
        guard !inner.isEmpty, let snapshot = state.current else { return }
        let muted = theme.style(.muted)
        var first = [
            Span(
                snapshot.isLoading ? "true " : "false",
                theme.style(snapshot.isLoading ? .loading : .text, attributes: .bold))
        ]
        if snapshot.isLoading, let progress = snapshot.progress {
            // Sized by the pane's visible width, not the wider scratch area it is drawn in.
            let barWidth = max(0, min(30, state.layout.innerWidth(.isLoading) - 14))
            let filled = Int((Double(barWidth) * min(1, max(0, progress))).rounded())
            first.append(Span(" " + String(repeating: "█", count: filled), theme.style(.loading)))
            first.append(Span(String(repeating: "░", count: barWidth - filled), muted))
            first.append(Span(" \(Int(progress * 100))%", theme.style(.text)))
        }
        screen.put(spans: first, x: inner.x, y: inner.y, maxWidth: inner.width)
        guard inner.height > 1 else { return }
        let isUpToDate = snapshot.isUpToDate(at: state.now)
        var second = [
            Span("isUpToDate ", muted),
            Span(isUpToDate ? "true" : "false", theme.style(isUpToDate ? .success : .warning)),
        ]
        if let remaining = snapshot.secondsUntilStale(now: state.now) {
            second.append(Span(remaining >= 0 ? "  stale in " + Format.duration(remaining) : "  stale", muted))
        }
        guard inner.height > 1 else { return }
        screen.put(spans: second, x: inner.x, y: inner.y + 1, maxWidth: inner.width)
        guard inner.height > 2 else { return }
        let third = [
            Span("loadRequests ", muted), Span("\(snapshot.loadRequestCount)", theme.style(.text)),
            Span("  isRequesting ", muted), Span(snapshot.isRequesting ? "true" : "false", theme.style(.text)),
        ]
        screen.put(spans: third, x: inner.x, y: inner.y + 2, maxWidth: inner.width)
        var row = 3
        // The last exchange's timing, where there is room for it.
        if inner.height > 3, let record = snapshot.lastExchange {
            let status = record.statusCode.map { "\($0) " } ?? (record.wasCancelled ? "cancelled " : "failed ")
            let statusStyle =
                record.wasCancelled
                ? muted : theme.style(record.statusCode.map { $0 < 400 } == true ? .success : .error)
            screen.put(
                spans: [
                    Span("last ", muted),
                    Span(status, statusStyle),
                    Span("· " + record.timingSummary, theme.style(.text)),
                ], x: inner.x, y: inner.y + row, maxWidth: inner.width)
            row += 1
        }
        if inner.height > row {
            let times =
                "expirationTime \(Format.duration(snapshot.expirationTime))  retryTime \(Format.duration(snapshot.retryTime))"
            screen.put(times, x: inner.x, y: inner.y + row, style: muted, maxWidth: inner.width)
        }
    }

    private static func drawResources(_ state: BrowserState, inner: Rect, focused: Bool, into screen: inout Screen) {
        let theme = state.theme
        guard !inner.isEmpty else { return }
        let count = state.resourceOrder.count
        let top = max(0, min(state.resourcesCursor - inner.height + 1, count - inner.height))
        for row in 0..<inner.height {
            let index = top + row
            guard index < count else { break }
            let url = state.resourceOrder[index]
            let snapshot = state.resources[url] ?? ResourceSnapshot(url: url)
            let letter = snapshot.stateLetter
            let slot: ThemeSlot = letter == "L" ? .loading : letter == "E" ? .error : letter == "D" ? .success : .muted
            let marker = url == state.currentURL ? "▸" : " "
            screen.put(
                spans: [
                    Span(marker, theme.style(.accent)),
                    Span(String(letter) + " ", theme.style(slot, attributes: .bold)),
                    Span(safe(SecretMasker.maskURL(state.displayPath(url))), theme.style(.text)),
                ], x: inner.x, y: inner.y + row, maxWidth: inner.width)
            if focused && index == state.resourcesCursor {
                screen.addAttributes(.reverse, in: Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1))
            }
        }
    }

    // MARK: status line and small overlays

    private static func drawStatusLine(_ state: BrowserState, frame: Rect, into screen: inout Screen) {
        let theme = state.theme
        let muted = theme.style(.muted)
        screen.fill(frame, style: theme.isMonochrome ? .plain : Style(background: theme.color(.background)))
        if let status = state.status {
            screen.put(
                safe(status.text), x: frame.x, y: frame.y, style: theme.style(status.isError ? .error : .accent),
                maxWidth: frame.width)
            return
        }
        // Over a layer the main keys do not apply: the footer shows the top layer's own keys,
        // or only the theme name when the layer shows its keys itself.
        var hints = footerHints(state)
        if let layer = state.topLayer {
            hints = layer.showsOwnKeys ? [] : KeyHint.of(layer.activeBindings(state.keyMap))
        }
        let right = " " + state.theme.name + " "
        let rightWidth = CharacterWidth.of(right)
        let chosen = KeyHint.fitting(hints, width: frame.width)
        let used = chosen.reduce(0) { $0 + $1.columns + 2 }
        screen.put(spans: KeyHint.spans(chosen, theme: theme), x: frame.x, y: frame.y, maxWidth: frame.width)
        if frame.width >= used + rightWidth {
            screen.put(right, x: frame.maxX - rightWidth, y: frame.y, style: muted)
        }
    }

    /// The footer's hints in display order: what Enter does where the cursor is, the Siesta
    /// calls, navigation, then help and quit, which are always kept.
    static func footerHints(_ state: BrowserState) -> [KeyHint] {
        var hints: [KeyHint] = []
        if let enter = enterMeaning(state), let key = state.keyMap.keys(for: .follow).first {
            hints.append(KeyHint(key: key.name, label: enter, priority: 1))
        }
        // In the commands' order: the Siesta calls, navigation, then help and quit.
        for command in KeyCommand.allCases {
            guard let footer = command.footer, let key = state.keyMap.keys(for: command).first else { continue }
            hints.append(KeyHint(key: key.name, label: footer.label, priority: footer.place))
        }
        return hints
    }

    /// What Enter does at the cursor, when it does something worth saying.
    static func enterMeaning(_ state: BrowserState) -> String? {
        switch state.focus {
        case .resources:
            return state.resourceOrder.isEmpty ? nil : "open"
        case .latestData:
            guard let body = state.current?.latestData?.body else { return nil }
            return body.link(atLine: state.position.cursor) != nil ? "follow link" : nil
        default:
            return nil
        }
    }

}
