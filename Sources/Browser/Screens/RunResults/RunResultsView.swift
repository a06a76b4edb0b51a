import Foundation
import Siesta
import TUICore
import Workspace

/// Draws ``RunResults``: a box with what runs, the files that could not be read, a row per
/// request (marker, name, method, status, time; on a wide terminal the URL or what went wrong),
/// and the count or summary; the footer under it shows the keys.
enum RunResultsView {
    /// The most unreadable files listed above the rows (Events has them all).
    static let shownProblems = 3

    /// The box on a terminal of this size.
    static func frame(width: Int, height: Int) -> Rect {
        Rect(x: 0, y: 0, width: width, height: height).centered(width: width - 4, height: height - 2)
    }

    /// The rows of requests visible at once.
    static func listHeight(_ results: RunResults, height: Int) -> Int {
        // The box's border, the header line, the problems and the summary.
        max(1, height - 2 - 2 - 1 - problemRows(results) - 1)
    }

    private static func problemRows(_ results: RunResults) -> Int {
        results.problems.count > shownProblems ? shownProblems + 1 : results.problems.count
    }

    static func draw(_ results: RunResults, state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let frame = frame(width: screen.width, height: screen.height)
        guard frame.width > 10, frame.height > 6 else { return }
        screen.fill(frame, style: BrowserView.surfaceStyle(theme))
        var title = [
            Span(
                "run " + BrowserView.safe(results.target.title, maxColumns: 200),
                theme.style(.accent, attributes: .bold))
        ]
        if !results.rows.isEmpty {
            title.append(Span("  \(results.doneCount)/\(results.rows.count) ", theme.style(.muted)))
        }
        BrowserView.drawBox(frame, title: title, focused: true, theme: theme, into: &screen)
        let inner = frame.inset(by: 1)
        let x = inner.x + 1
        let width = inner.width - 2
        var y = inner.y
        screen.put(header(results), x: x, y: y, style: theme.style(.muted), maxWidth: width)
        y += 1
        for problem in results.problems.prefix(shownProblems) {
            screen.put(BrowserView.safe(problem), x: x, y: y, style: theme.style(.error), maxWidth: width)
            y += 1
        }
        if results.problems.count > shownProblems {
            screen.put(
                "… and \(results.problems.count - shownProblems) more files that cannot be read (in Events)", x: x,
                y: y,
                style: theme.style(.error), maxWidth: width)
            y += 1
        }
        let height = listHeight(results, height: screen.height)
        var position = results.position
        position.keepCursorVisible(height: height)
        let columns = Columns(width: width)
        for row in 0..<height {
            let index = position.top + row
            guard results.rows.indices.contains(index) else { break }
            drawRow(results.rows[index], of: results, columns: columns, x: x, y: y + row, state: state, into: &screen)
            if index == position.cursor {
                screen.addAttributes(.reverse, in: Rect(x: x, y: y + row, width: width, height: 1))
            }
        }
        if results.rows.isEmpty, case .running = results.phase {
            screen.put("nothing to run: no requests here", x: x, y: y, style: theme.style(.muted), maxWidth: width)
        }
        screen.put(spans: summary(results, state: state), x: x, y: inner.maxY - 1, maxWidth: width)
    }

    /// The line under the title: how many requests, and the environment.
    static func header(_ results: RunResults) -> String {
        switch results.phase {
        case .reading:
            return "reading the request files…"
        case .failed:
            return "the run could not start"
        case .running, .finished, .cancelled:
            let count = "\(results.rows.count) request\(results.rows.count == 1 ? "" : "s")"
            let environment = results.environment.map { "environment " + BrowserView.safe($0, maxColumns: 80) }
            let ranFirst = results.rows.contains(where: \.ranFirst) ? " · ↑ ran first for a later request" : ""
            return count + " · " + (environment ?? "no environment") + ranFirst
        }
    }

    /// Where each column starts and how wide it is.
    struct Columns {
        var name: Int
        var method = 8
        var status = 5
        var time = 10
        /// The URL or what went wrong; 0 on a narrow terminal.
        var detail: Int

        init(width: Int) {
            let fixed = 2 + method + status + time
            if width >= 110 {
                name = 36
                detail = max(0, width - fixed - name - 2)
            } else {
                name = max(4, width - fixed)
                detail = 0
            }
        }
    }

    private static func drawRow(
        _ row: RunResultRow, of results: RunResults, columns: Columns, x: Int, y: Int, state: BrowserState,
        into screen: inout Screen
    ) {
        let theme = state.theme
        let (marker, slot) = Self.marker(row, isRunning: results.isRunning, spinner: state.spinnerFrame)
        var column = x
        screen.put(marker, x: column, y: y, style: theme.style(slot, attributes: .bold), maxWidth: 2)
        column += 2
        let used = screen.put(
            BrowserView.safe(row.name, maxColumns: 200), x: column, y: y, style: theme.style(.text),
            maxWidth: columns.name - 1)
        if row.ranFirst, used + 3 < columns.name - 1 {
            screen.put(" ↑", x: column + used, y: y, style: theme.style(.accent), maxWidth: columns.name - 1 - used)
        }
        column += columns.name
        let method = RequestMethod(rawValue: row.method.uppercased())
        screen.put(
            BrowserView.safe(row.method, maxColumns: 12), x: column, y: y,
            style: theme.style(ThemeSlot.method(method)), maxWidth: columns.method - 1)
        column += columns.method
        let result = row.result
        let status = result?.status.map(String.init) ?? (result?.outcome == .error ? "—" : "")
        screen.put(status, x: column, y: y, style: theme.style(.text), maxWidth: columns.status - 1)
        column += columns.status
        let time = timeText(row)
        let timeWidth = CharacterWidth.of(time)
        screen.put(
            time, x: column + max(0, columns.time - 1 - timeWidth), y: y,
            style: theme.style(row.result?.status == nil ? .muted : .text), maxWidth: columns.time - 1)
        column += columns.time
        guard columns.detail > 0, let result else { return }
        let detail = result.error ?? result.failedAssertions.first?.message ?? result.url
        let isProblem = result.error != nil || !result.failedAssertions.isEmpty
        screen.put(
            "  " + BrowserView.safe(detail, maxColumns: 400), x: column, y: y,
            style: theme.style(isProblem ? .error : .muted), maxWidth: columns.detail)
    }

    /// The marker of a row and its colour.
    static func marker(_ row: RunResultRow, isRunning: Bool, spinner: Int) -> (String, ThemeSlot) {
        switch row.state {
        case .waiting: return isRunning ? ("·", .muted) : ("–", .muted)
        case .running:
            return (String(BrowserView.spinnerFrames[spinner % BrowserView.spinnerFrames.count]), .loading)
        case .cancelled: return ("–", .muted)
        case .done(let result):
            switch result.outcome {
            case .passed: return ("✓", .success)
            case .failed: return ("✗", .error)
            case .error: return ("!", .warning)
            case .skipped: return ("–", .muted)
            }
        }
    }

    /// The time column: how long the answer took, or why there is none.
    static func timeText(_ row: RunResultRow) -> String {
        switch row.state {
        case .waiting: return ""
        case .running(let attempt): return attempt > 1 ? "try \(attempt)" : "…"
        case .cancelled: return "cancelled"
        case .done(let result):
            if result.outcome == .skipped { return "skipped" }
            guard result.status != nil || result.duration > .zero else { return "" }
            return Format.milliseconds(RunResults.seconds(result.duration))
        }
    }

    /// The count while the run goes, the summary once it is over.
    static func summary(_ results: RunResults, state: BrowserState) -> [Span] {
        let theme = state.theme
        let spinner = String(BrowserView.spinnerFrames[state.spinnerFrame % BrowserView.spinnerFrames.count])
        let elapsed = Format.duration(max(0, state.now - results.started))
        var spans: [Span] = []
        switch results.phase {
        case .reading:
            return [Span(spinner + " reading · " + elapsed, theme.style(.loading))]
        case .failed(let reason):
            return [Span(BrowserView.safe(reason), theme.style(.error, attributes: .bold))]
        case .running:
            spans.append(
                Span(
                    spinner + " running · \(results.doneCount) of \(results.rows.count) done · " + elapsed + "  ",
                    theme.style(.loading)))
        case .finished(let seconds):
            spans.append(Span("done in \(Format.milliseconds(seconds))  ", theme.style(.text, attributes: .bold)))
        case .cancelled(let seconds):
            spans.append(
                Span("cancelled after \(Format.milliseconds(seconds))  ", theme.style(.warning, attributes: .bold)))
        }
        let counts: [(String, Int, String, ThemeSlot)] = [
            ("✓", results.count(.passed), "passed", .success), ("✗", results.count(.failed), "failed", .error),
            ("!", results.count(.error), results.count(.error) == 1 ? "error" : "errors", .warning),
            ("–", results.count(.skipped), "skipped", .muted),
            (
                "–", results.isRunning ? 0 : results.rows.count { $0.isPending || $0.state == .cancelled }, "not run",
                .muted
            ),
        ]
        for (index, count) in counts.enumerated() where index == 0 || count.1 > 0 {
            spans.append(Span("\(count.0) \(count.1) \(count.2)  ", theme.style(count.3)))
        }
        return spans
    }
}
