import Safety
import Siesta
import TUICore

/// Draws a request form over the main screen.
enum FormView {
    /// The description's word on the operation: its parameters, then the body's schema.
    static func drawGuide(_ form: RequestForm, frame: Rect, theme: Theme, into screen: inout Screen) {
        // The parameters wrap (a value at a line's end must show); the schema is cut at the edge.
        let width = max(1, frame.width - 2)
        var lines = form.guide.flatMap { TextWrap.lines(BrowserView.safe($0), width: width) }
        let guideRows = lines.count
        if let schema = form.schema {
            if !lines.isEmpty { lines.append("") }
            lines.append("body schema:")
            lines += schema.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        for row in 0..<frame.height {
            let text = row < lines.count ? lines[row] : ""
            screen.put("│", x: frame.x, y: frame.y + row, style: theme.style(.border))
            let style = row < guideRows ? theme.style(.accent) : theme.style(.muted)
            screen.put(
                BrowserView.safe(text), x: frame.x + 2, y: frame.y + row, style: style, maxWidth: frame.width - 2)
        }
    }

    static func draw(_ form: RequestForm, state: BrowserState, into screen: inout Screen) {
        let theme = state.theme
        let bindings = form.activeBindings(state.keyMap)
        func keyText(_ action: String) -> String { KeyHint.keyText(bindings.binding(action)?.keys ?? []) }
        let frame = screen.bounds.centered(width: max(20, screen.width - 6), height: max(10, screen.height - 4))
        let methodSlot = ThemeSlot.method(form.method)
        let title: [Span] =
            form.isLocalOverride
            ? [Span("overrideLocalContent(with:)", theme.style(.accent, attributes: .bold))]
            : [
                Span(
                    "request(.\((form.method?.rawValue ?? "").lowercased()), …)",
                    theme.style(methodSlot, attributes: .bold)),
                Span(" \(form.mode.label) body", theme.style(.muted)),
            ] + checksTitle(form, keys: keyText("checks"), theme: theme)
        BrowserView.drawBox(frame, title: title, focused: true, theme: theme, into: &screen)
        let inner = frame.inset(by: 1)
        guard inner.height >= 6, inner.width >= 10 else { return }
        if form.page == .checks {
            drawChecks(form, inner: inner, bindings: bindings, theme: theme, into: &screen)
            return
        }
        let label = theme.style(.muted)
        let x = inner.x + 1
        let width = inner.width - 2
        // Short terminals drop the blank rows and show one header line, so the body keeps a row.
        let gap = inner.height >= 14 ? 1 : 0
        let headerRows = inner.height >= 14 ? 3 : 1
        var y = inner.y
        // URL
        let urlLabel = screen.put(
            spans: [
                Span((form.method?.rawValue ?? "LOCAL") + " ", theme.style(methodSlot, attributes: .bold))
            ], x: x,
            y: y, maxWidth: width)
        drawEditor(
            form.url, frame: Rect(x: x + urlLabel, y: y, width: width - urlLabel, height: 1), style: theme.style(.text),
            cursor: form.field == .url, into: &screen)
        y += 1 + gap
        // Headers
        screen.put(
            form.field == .headers ? "Headers (Name: value, one a line)" : "Headers", x: x, y: y,
            style: form.field == .headers ? theme.style(.accent, attributes: .bold) : label, maxWidth: width)
        y += 1
        drawEditor(
            form.headers, frame: Rect(x: x, y: y, width: width, height: headerRows), style: theme.style(.text),
            cursor: form.field == .headers, maskSecrets: form.field != .headers, into: &screen)
        y += headerRows + gap
        // Body
        screen.put(
            spans: [
                Span("Body ", form.field == .body ? theme.style(.accent, attributes: .bold) : label),
                Span("(\(form.mode.label); \(keyText("mode")) changes)", label),
            ], x: x, y: y, maxWidth: width)
        y += 1
        let footerRows = 3 + gap
        let available = inner.maxY - y - footerRows
        // Under the body: what it sends (and each part with its file's size); the body keeps a
        // row at least.
        let preview = Array(form.bodyPreview.prefix(max(0, available - 1)))
        let bodyRows = max(1, available - preview.count)
        // From a description: what it says, beside the body, when there is room.
        let guideWidth = form.schema != nil || !form.guide.isEmpty ? (width >= 90 ? width * 2 / 5 : 0) : 0
        let bodyFrame = Rect(x: x, y: y, width: width - guideWidth, height: bodyRows)
        drawEditor(form.body, frame: bodyFrame, style: theme.style(.text), cursor: form.field == .body, into: &screen)
        if guideWidth > 0 {
            drawGuide(
                form, frame: Rect(x: bodyFrame.maxX + 1, y: y, width: guideWidth - 1, height: bodyRows), theme: theme,
                into: &screen)
        }
        y = bodyFrame.maxY
        for line in preview {
            let used = screen.put(line.label, x: x, y: y, style: label, maxWidth: width)
            screen.put(
                BrowserView.abbreviated(line.text, maxColumns: max(1, width - used)), x: x + used,
                y: y, style: line.isError ? theme.style(.error) : theme.style(.text), maxWidth: width - used)
            y += 1
        }
        // Outcome and messages
        if let message = form.validationMessage {
            screen.put(
                BrowserView.safe(message), x: x, y: y, style: theme.style(.error, attributes: .bold), maxWidth: width)
        } else {
            switch form.outcome {
            case .editing:
                // What a pasted curl command had that the form leaves out (all of it in Events).
                if let first = form.notes.first {
                    let lead = form.notes.count == 1 ? "curl: " : "curl, \(form.notes.count) notes (all in Events): "
                    let used = screen.put(lead, x: x, y: y, style: label, maxWidth: width)
                    screen.put(
                        BrowserView.abbreviated(first, maxColumns: max(1, width - used)), x: x + used, y: y,
                        style: theme.style(.text), maxWidth: width - used)
                    if form.notes.count > 1 {
                        screen.put(
                            BrowserView.abbreviated(form.notes[1], maxColumns: max(1, width - used)), x: x + used,
                            y: y + 1, style: theme.style(.text), maxWidth: width - used)
                    }
                }
            case .sending:
                screen.put("sending…", x: x, y: y, style: theme.style(.loading), maxWidth: width)
            case .succeeded(let status, let body):
                let head = "onSuccess" + (status.map { " \($0)" } ?? "")
                screen.put(
                    spans: [
                        Span(head + "  ", theme.style(.success, attributes: .bold)),
                        Span(BrowserView.safe(firstLine(body)), theme.style(.text)),
                    ],
                    x: x, y: y, maxWidth: width)
                if form.method == .put || form.method == .patch {
                    screen.put(
                        spans: [
                            Span(keyText("load"), theme.style(.accent, attributes: .bold)), Span(" load()   ", label),
                            Span(keyText("override"), theme.style(.accent, attributes: .bold)),
                            Span(" overrideLocalContent(with: sent body)", label),
                        ], x: x, y: y + 1, maxWidth: width)
                }
            case .failed(let status, let message, let body):
                let head = "onFailure" + (status.map { " \($0)" } ?? "")
                screen.put(
                    spans: [
                        Span(head + "  ", theme.style(.error, attributes: .bold)),
                        Span(BrowserView.safe(message), theme.style(.error)),
                    ],
                    x: x, y: y, maxWidth: width)
                if let body {
                    screen.put(BrowserView.safe(firstLine(body)), x: x, y: y + 1, style: label, maxWidth: width)
                }
            }
        }
        // Most needed first, so a narrow form still shows how to send, leave and get help.
        let hints = KeyHint.spans(bindings, theme: theme, width: width)
        screen.put(spans: hints, x: x, y: inner.maxY - 1, maxWidth: width)
    }

    private static func firstLine(_ text: String) -> String {
        let line =
            text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first.map(String.init) ?? ""
        return String(line.prefix(512))
    }

    /// Draws an editor's visible lines (sanitised) and its cursor cell in reverse video.
    static func drawEditor(
        _ editor: TextEditor, frame: Rect, style: Style, cursor: Bool, maskSecrets: Bool = false,
        into screen: inout Screen
    ) {
        guard !frame.isEmpty else { return }
        var editor = editor
        editor.scrollToCursor(height: frame.height)
        let cursorX = editor.cursorColumnWidth
        let shift = max(0, cursorX - frame.width + 1)
        for row in 0..<frame.height {
            let index = editor.top + row
            guard index < editor.lines.count else { break }
            var text = String(editor.lines[index])
            if maskSecrets { text = SecretMasker.maskHeaderLine(text) }
            // A line break other than `\n` shows where it is: what is sent is what is seen.
            let lineBreak = editor.lineBreak(after: index)
            let marker = lineBreak == "\r\n" ? "␍␊" : lineBreak == "\r" ? "␍" : ""
            let segments = TextSanitizer.segments(of: text, skipping: shift, maxColumns: frame.width)
            var used = 0
            for segment in segments {
                used += screen.put(
                    segment.text, x: frame.x + used, y: frame.y + row,
                    style: segment.isEscape ? style.adding(.dim) : style, maxWidth: frame.width - used)
            }
            if !marker.isEmpty, used < frame.width, TextSanitizer.columns(of: text) >= shift {
                screen.put(
                    marker, x: frame.x + used, y: frame.y + row, style: style.adding(.dim), maxWidth: frame.width - used
                )
            }
        }
        if cursor {
            let y = frame.y + editor.row - editor.top
            screen.addAttributes(.reverse, in: Rect(x: frame.x + cursorX - shift, y: y, width: 1, height: 1))
        }
    }
}
