import Foundation
import Safety
import TUICore

extension BrowserView {
    static func drawData(_ state: BrowserState, inner: Rect, focused: Bool, into screen: inout Screen) {
        let theme = state.theme
        guard !inner.isEmpty else { return }
        guard let snapshot = state.current else {
            screen.put(
                "no resource: press g to go to a URL", x: inner.x, y: inner.y, style: theme.style(.muted),
                maxWidth: inner.width)
            return
        }
        // What the pane shows, with the state's folds.
        let shown = state.shownBody
        if state.showsResponseHead {
            guard snapshot.head != nil, let head = shown else {
                screen.put(
                    "no response to this URL in this run yet (m: back to the body)", x: inner.x, y: inner.y,
                    style: theme.style(.muted), maxWidth: inner.width)
                return
            }
            drawShown(head, state: state, inner: inner, focused: focused, into: &screen)
            return
        }
        if state.streams[snapshot.url] != nil, let body = shown {
            drawShown(body, state: state, inner: inner, focused: focused, into: &screen)
            return
        }
        guard let data = snapshot.latestData else {
            // No data but an error with a body: the body is what the server said, so it gets
            // the big pane, under a marker that says whose body it is.
            if let error = snapshot.latestError, error.body != nil, let body = shown, inner.height > 1 {
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
        let body = shown ?? data.body
        drawShown(
            body, state: state, inner: inner, focused: focused,
            changed: changedLines(state, url: snapshot.url, body: body), into: &screen)
    }

    /// A body in latestData's pane at the state's position, wrapped or cut as the state says.
    private static func drawShown(
        _ body: BodyContent, state: BrowserState, inner: Rect, focused: Bool, changed: ((Int) -> Bool)? = nil,
        into screen: inout Screen
    ) {
        if state.wrapsLines {
            drawWrappedBody(
                body, position: state.position, theme: state.theme, inner: inner, showCursor: focused,
                highlight: state.searchQuery, changed: changed, into: &screen)
        } else {
            drawBody(
                body, position: state.position, theme: state.theme, inner: inner, showCursor: focused,
                highlight: state.searchQuery, marksOverflow: true, changed: changed, into: &screen)
        }
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
    static func markChanged(row: Rect, theme: Theme, into screen: inout Screen) {
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
                let rows = BodyLayout.wrappedRows(
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
    static func drawSearchLabel(
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
                let line = BodyLayout.visibleLine(
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
}
