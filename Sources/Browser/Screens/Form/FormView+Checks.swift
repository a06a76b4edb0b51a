import TUICore

/// The checks page of a form (`F3`): the request's captures, assertions, retry and freshness,
/// each a field of lines, under the request's method and URL.
extension FormView {
    /// What the title adds about the checks: the page's name on the checks page, what they hold
    /// on the request page (nothing when there are none).
    static func checksTitle(_ form: RequestForm, keys: String, theme: Theme) -> [Span] {
        guard !form.isLocalOverride else { return [] }
        if form.page == .checks { return [Span(" · checks", theme.style(.accent, attributes: .bold))] }
        guard let summary = form.checksSummary else { return [] }
        return [Span(" · " + summary + " (\(keys))", theme.style(.muted))]
    }

    static func drawChecks(
        _ form: RequestForm, inner: Rect, bindings: [Binding], theme: Theme, into screen: inout Screen
    ) {
        let label = theme.style(.muted)
        let x = inner.x + 1
        let width = inner.width - 2
        let gap = inner.height >= 14 ? 1 : 0
        var y = inner.y
        screen.put(
            spans: [
                Span(
                    (form.method?.rawValue ?? "") + " ", theme.style(.method(form.method), attributes: .bold)),
                Span(BrowserView.safe(form.url.text, maxColumns: 400), label),
            ], x: x, y: y, maxWidth: width)
        y += 1 + gap
        let footerRows = 3
        let available = inner.maxY - footerRows - y - (3 + 2 * gap)
        let captureRows = max(1, available / 3)
        let assertionRows = max(1, available - captureRows)
        func heading(_ name: String, _ hint: String, focused: Bool) {
            screen.put(
                spans: [
                    Span(name, focused ? theme.style(.accent, attributes: .bold) : label), Span("  " + hint, label),
                ], x: x, y: y, maxWidth: width)
            y += 1
        }
        heading("Captures", "name: query, one a line (token: $.token)", focused: form.field == .captures)
        drawEditor(
            form.captures, frame: Rect(x: x, y: y, width: width, height: captureRows), style: theme.style(.text),
            cursor: form.field == .captures, into: &screen)
        y += captureRows + gap
        heading("Assertions", "one a line (status == 200, $.items count >= 1)", focused: form.field == .assertions)
        drawEditor(
            form.assertions, frame: Rect(x: x, y: y, width: width, height: assertionRows), style: theme.style(.text),
            cursor: form.field == .assertions, into: &screen)
        y += assertionRows + gap
        // Retry and freshness share a line.
        let retryLabel = "Retry "
        var used = screen.put(
            retryLabel, x: x, y: y,
            style: form.field == .retry ? theme.style(.accent, attributes: .bold) : label, maxWidth: width)
        let fieldWidth = max(1, min(24, (width - 30) / 2))
        drawEditor(
            form.retry, frame: Rect(x: x + used, y: y, width: min(fieldWidth, max(0, width - used)), height: 1),
            style: theme.style(.text), cursor: form.field == .retry, into: &screen)
        used += fieldWidth + 2
        if used < width {
            used += screen.put(
                "Fresh for ", x: x + used, y: y,
                style: form.field == .fresh ? theme.style(.accent, attributes: .bold) : label, maxWidth: width - used)
            drawEditor(
                form.fresh, frame: Rect(x: x + used, y: y, width: min(fieldWidth, max(0, width - used)), height: 1),
                style: theme.style(.text), cursor: form.field == .fresh, into: &screen)
        }
        // The message line: what was refused, the first line that does not read, or what the
        // page is for.
        let messageY = inner.maxY - footerRows
        if let message = form.validationMessage ?? form.checksProblem?.message {
            screen.put(
                BrowserView.safe(message), x: x, y: messageY, style: theme.style(.error, attributes: .bold),
                maxWidth: width)
        } else {
            let save = KeyHint.keyText(bindings.binding("save")?.keys ?? [])
            screen.put(
                "retry: 10, or 10 every 500ms · fresh: 10m · \(save) saves them with the request", x: x, y: messageY,
                style: label, maxWidth: width)
        }
        screen.put(spans: KeyHint.spans(bindings, theme: theme, width: width), x: x, y: inner.maxY - 1, maxWidth: width)
    }
}
