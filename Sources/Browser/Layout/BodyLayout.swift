import OrderedJSON
import TUICore

/// How a body's lines lay out on screen: one line as styled, sanitised spans (formatting only
/// that line), cut at a column or wrapped into rows. The views draw what it gives; scrolling
/// reads the same rows, so a wrapped line moves as it is drawn.
public enum BodyLayout {
    /// The spans of line `index`, or nil past the end. At most about `maxColumns` columns of
    /// text are produced, so a 10 MB line costs only what is visible.
    public static func spans(_ body: BodyContent, line index: Int, theme: Theme, maxColumns: Int) -> [Span]? {
        switch body {
        case .json(let outline):
            guard let line = outline.line(index, maximumColumns: maxColumns) else { return nil }
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

    /// The part of a line that shows in a window of `width` columns starting at column
    /// `fromColumn`, with whether text continues on either side.
    public struct VisibleLine {
        /// Styled, sanitised spans for the window's columns (at most `width` of them).
        public var spans: [Span]
        /// True when the line has text left of the window.
        public var continuesLeft: Bool
        /// True when the line has text right of the window.
        public var continuesRight: Bool
    }

    /// The window of line `index` from column `fromColumn`, `width` columns wide, or nil past the
    /// end. Only the columns up to the window's right edge are formatted (for text, the skipped
    /// columns are measured but not copied), so a 10 MB line stays cheap. A wide character cut
    /// by either edge shows as spaces, never half a glyph.
    public static func visibleLine(
        _ body: BodyContent, line index: Int, theme: Theme, fromColumn: Int, width: Int
    ) -> VisibleLine? {
        let skip = max(0, fromColumn)
        let width = max(0, width)
        if case .text(let document) = body {
            guard let text = document.line(index) else { return nil }
            let segments = TextSanitizer.segments(of: text, skipping: skip, maxColumns: width + 1)
            let spans = segments.map { Span($0.text, theme.style($0.isEscape ? .warning : .text)) }
            var shown = window(spans, skipping: 0, width: width)
            shown.continuesLeft = skip > 0 && !text.isEmpty
            return shown
        }
        let limit = skip > Int.max / 2 - width ? Int.max / 2 : skip + width + 1
        guard let spans = spans(body, line: index, theme: theme, maxColumns: limit) else { return nil }
        return window(spans, skipping: skip, width: width)
    }

    /// Cuts spans to the columns `skipping ..< skipping + width`. A wide character that straddles
    /// an edge becomes spaces in its style for the half that shows.
    public static func window(_ spans: [Span], skipping skip: Int, width: Int) -> VisibleLine {
        var result: [Span] = []
        var column = 0
        let end = skip + max(0, width)
        var continuesLeft = false
        var continuesRight = false
        for span in spans {
            if continuesRight { break }
            var text = ""
            for character in span.text {
                let columns = CharacterWidth.of(character)
                if columns == 0 { continue }
                if column >= end {
                    continuesRight = true
                    break
                }
                let start = column
                column += columns
                if column <= skip {
                    continuesLeft = true
                    continue
                }
                if start < skip || column > end {
                    // Cut by an edge: pad the part that shows.
                    if start < skip { continuesLeft = true }
                    if column > end { continuesRight = true }
                    text += String(repeating: " ", count: min(column, end) - max(start, skip))
                } else {
                    text.append(character)
                }
            }
            if !text.isEmpty { result.append(Span(text, span.style)) }
        }
        return VisibleLine(spans: result, continuesLeft: continuesLeft, continuesRight: continuesRight)
    }

    /// The most rows one line takes when lines wrap; the rest of a longer line is not shown.
    public static let maximumWrappedRows = 10_000

    /// Line `index` cut into rows of `width` columns (a wide character that does not fit at the
    /// end of a row starts the next one), at most `maximumRows` rows; nil past the end. An empty
    /// line is one empty row.
    public static func wrappedRows(
        _ body: BodyContent, line index: Int, theme: Theme, width: Int, maximumRows: Int
    ) -> [[Span]]? {
        let width = max(1, width)
        let rowsWanted = max(1, min(maximumRows, maximumWrappedRows))
        guard let spans = spans(body, line: index, theme: theme, maxColumns: rowsWanted * width) else { return nil }
        var rows: [[Span]] = []
        var row: [Span] = []
        var column = 0
        for span in spans {
            var text = ""
            for character in span.text {
                let columns = CharacterWidth.of(character)
                if column + columns > width, column > 0 {
                    if !text.isEmpty { row.append(Span(text, span.style)) }
                    rows.append(row)
                    if rows.count == rowsWanted { return rows }
                    row = []
                    text = ""
                    column = 0
                }
                text.append(character)
                column += columns
            }
            if !text.isEmpty { row.append(Span(text, span.style)) }
        }
        rows.append(row)
        return rows
    }

    /// Spans for a JSON line: indentation, key, value by kind, punctuation muted.
    public static func jsonSpans(_ line: JSONLine, theme: Theme, maxColumns: Int) -> [Span] {
        let punctuation = theme.style(.muted)
        var spans = [Span(String(repeating: "  ", count: min(line.depth, maxColumns / 2 + 1)), theme.style(.text))]
        if let key = line.key {
            spans.append(Span(key, theme.style(.jsonKey)))
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
            case .true, .false: slot = .jsonBoolean
            case .null: slot = .jsonNull
            default: slot = .text
            }
            let shown = text.count > maxColumns ? String(text.prefix(maxColumns)) : text
            let isLink = kind == .string && JSONOutline.isLink(String(text.dropFirst().dropLast()))
            spans.append(Span(shown, theme.style(slot, attributes: isLink ? .underline : [])))
        }
        if line.hasTrailingComma { spans.append(Span(",", punctuation)) }
        return spans
    }
}
