import Foundation
import Safety
import TUICore
import Workspace

extension BrowserView {
    static func drawError(_ state: BrowserState, inner: Rect, into screen: inout Screen) {
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

    static func drawLoading(_ state: BrowserState, inner: Rect, into screen: inout Screen) {
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

    static func drawResources(_ state: BrowserState, inner: Rect, focused: Bool, into screen: inout Screen) {
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

    // MARK: status line

    static func drawStatusLine(_ state: BrowserState, frame: Rect, into screen: inout Screen) {
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
            guard let body = state.shownBody else { return nil }
            return body.link(atLine: state.position.cursor) != nil ? "follow link" : nil
        default:
            return nil
        }
    }
}
