/// Turns one line of a body into styled, sanitised spans, formatting only that line.
public enum BodyLineView {
    /// The spans of line `index`, or nil past the end. At most about `maxColumns` columns of
    /// text are produced, so a 10 MB line costs only what is visible.
    public static func spans(_ body: BodyContent, line index: Int, theme: Theme, maxColumns: Int) -> [Span]? {
        switch body {
        case .json(let document):
            guard let line = document.line(index) else { return nil }
            return jsonSpans(line, theme: theme, maxColumns: maxColumns)
        case .text(let document):
            guard let text = document.line(index) else { return nil }
            return TextSanitizer.segments(of: text, maxColumns: maxColumns).map {
                Span($0.text, theme.style($0.isEscape ? .warning : .text))
            }
        case .binary(let document):
            guard let text = document.line(index) else { return nil }
            return [Span(text, theme.style(.text))]
        case .empty(let note):
            return index == 0 ? [Span(note, theme.style(.muted))] : nil
        }
    }

    /// Spans for a JSON line: indentation, key, value by kind, punctuation muted.
    public static func jsonSpans(_ line: JSONLine, theme: Theme, maxColumns: Int) -> [Span] {
        let punctuation = theme.style(.muted)
        var spans = [Span(String(repeating: "  ", count: min(line.depth, maxColumns / 2 + 1)), theme.style(.text))]
        if let key = line.key {
            spans.append(Span(JSONValueKind.quoted(key, limit: maxColumns), theme.style(.jsonKey)))
            spans.append(Span(": ", punctuation))
        }
        switch line.content {
        case .open(let bracket), .close(let bracket):
            spans.append(Span(String(bracket), punctuation))
        case .empty(let brackets):
            spans.append(Span(brackets, punctuation))
        case .folded(let brackets, let summary):
            spans.append(Span(brackets, theme.style(.accent)))
            spans.append(Span(" " + summary, punctuation))
        case .scalar(let text, let kind):
            let slot: ThemeSlot
            switch kind {
            case .string: slot = .jsonString
            case .number: slot = .jsonNumber
            case .boolean: slot = .jsonBoolean
            case .null: slot = .jsonNull
            default: slot = .text
            }
            let shown = text.count > maxColumns ? String(text.prefix(maxColumns)) : text
            let isLink = kind == .string && JSONDocument.isLink(String(text.dropFirst().dropLast()))
            spans.append(Span(shown, theme.style(slot, attributes: isLink ? .underline : [])))
        }
        if line.hasTrailingComma { spans.append(Span(",", punctuation)) }
        return spans
    }
}
