import TUICore

/// The help overlay: the keys of the mode it was opened from and what they do. In the main view
/// (`?`, F1) that is every command of the live key map with the Siesta call it makes; in a form
/// or a prompt (F1) their keys; in the response viewer (`?`) the viewer's.
///
/// When the rows do not fit the terminal, the list scrolls (`BrowserState.helpScroll`) and the
/// bottom border says which way there is more.
public enum HelpOverlayView {
    /// The help rows of the main view: key names and what they do, in command order.
    public static func rows(_ keyMap: KeyMap) -> [(keys: String, summary: String)] {
        rows(keyMap, over: nil)
    }

    /// The help rows for the mode under the help: the main view (`nil`), a form or the response
    /// viewer.
    public static func rows(_ keyMap: KeyMap, over mode: Overlay?) -> [(keys: String, summary: String)] {
        switch mode {
        case .form?:
            return [
                ("any key", "types into the focused field; Alt keys do nothing here"),
                ("Tab BackTab", "next / previous field: URL, headers, body"),
                ("Ctrl-S", "send the form: resource.request(…)"),
                ("Ctrl-T", "body mode: JSON / text / form-urlencoded / multipart/form-data / file"),
                ("Ctrl-N", "method: GET POST PUT PATCH DELETE HEAD OPTIONS, in turn"),
                ("(empty body)", "sends no body, in any mode and with any method"),
                ("Ctrl-R", "view the whole response"),
                ("Ctrl-G", "after a PUT/PATCH: load() the resource"),
                ("Ctrl-O", "after a PUT/PATCH: overrideLocalContent(sent body)"),
                ("Ctrl-A Ctrl-E", "start / end of the line"),
                ("Ctrl-U Ctrl-K", "delete to the start / end of the line"),
                ("Ctrl-W", "delete the word before the cursor"),
                ("arrows Home End", "move the cursor"),
                ("Esc", "close the form (an unsent edited draft is kept)"),
                ("Ctrl-L", "redraw the screen"),
                ("F1", "this help"),
                ("F2", "save the form as a request in the collection ({{variables}} kept)"),
                ("Ctrl-Y", "show the form as a curl command and copy it (secrets included)"),
                ("Ctrl-C", "cancel the request in flight; otherwise close the form as Esc does (never quits)"),
                ("{{name}}", "filled from the environment when sent; a missing one sends nothing"),
                ("multipart body", "one part a line, as curl -F: name=value, name=@file, name=<file"),
                (
                    "  ;type= ;filename=",
                    "after a part: its Content-Type, the file name sent (photo=@a.png;type=image/png)"
                ),
                ("  name=\"…\"", "quotes a value holding ; or starting with @ or < (\\\" and \\\\ inside)"),
                ("file body", "the path of the file sent as it is (~/ is home; relative to where hammock runs)"),
                ("files", "streamed from disk when sent; the form shows each one's size, a missing one sends nothing"),
            ]
        case .picker(let picker)?:
            var rows: [(String, String)] = [
                ("any key", "types into the filter"), ("↑ ↓ PgUp PgDn", "move"), ("Esc", "close"),
                ("Ctrl-C", "clear the filter; with none: close"), ("F1", "this help"),
            ]
            switch picker.purpose {
            case .history:
                rows += [
                    ("Enter", "open the entry's response body, read-only"),
                    ("Ctrl-R", "send it again (a GET loads; others open a filled form)"),
                    ("Ctrl-D", "mark an entry; Ctrl-D on another shows the diff of their bodies"),
                ]
            case .collection:
                rows += [
                    ("Enter", "open the saved request in a form"), ("Ctrl-N", "rename"), ("Ctrl-Y", "duplicate"),
                    ("Ctrl-X", "delete (asks first)"),
                ]
            case .environment:
                rows += [("Enter", "use this environment for {{variables}} and auth")]
            case .timeline:
                rows += [
                    ("Enter", "diff this version with the one before it"),
                    ("Ctrl-D", "mark a version; Ctrl-D on another shows the diff of the two"),
                ]
            case .cookies:
                rows += [
                    ("Enter", "show / hide the cookie's value (masked until asked for)"),
                    ("Ctrl-X", "delete the cookie from the jar (asks first)"),
                ]
            }
            return rows
        case .viewer?:
            return [
                ("j k ↑ ↓", "move a line"), ("PgUp PgDn Space", "a page"), ("< > Home End", "top / bottom"),
                ("← → H L", "scroll sideways"), ("Enter z", "fold / unfold JSON"), ("Esc q", "close"),
                ("? F1", "this help"),
            ]
        case .prompt(let prompt)?:
            let enter: String
            switch prompt.purpose {
            case .search: enter = "search latestData (in the background)"
            case .goTo: enter = "go: host:port/path means http://, a path is relative to the service, or a full URL"
            case .importCurl: enter = "turn the curl command into a filled form (nothing is sent yet)"
            case .saveBody: enter = "write the body shown to this file (~ is your home folder)"
            case .saveRequest: enter = "save the form's request in the collection under this name"
            case .renameSavedRequest: enter = "rename the saved request"
            case .password: enter = "keep the password for this run (never shown, never stored)"
            case .watchInterval: enter = "refresh the pinned resource this often (its expirationTime)"
            case .exportHAR: enter = "write every exchange of this run as HAR 1.2, secrets masked"
            }
            var recallKeys: [(String, String)] =
                prompt.recallKey == nil ? [] : [("↑ ↓", "earlier lines of this prompt: answered or cancelled")]
            if prompt.isGoTo { recallKeys.append(("Tab", "complete a URL visited in this run (again: the next)")) }
            let cancel = prompt.recallKey == nil ? "cancel" : "cancel; ↑ brings the text back (never quits)"
            return recallKeys + [
                ("Enter", enter), ("Esc Ctrl-C", cancel), ("← → Home End", "move the cursor"),
                ("Ctrl-A Ctrl-E", "start / end of the line"), ("Backspace Delete", "delete"),
                ("Ctrl-U Ctrl-K Ctrl-W", "delete to line start / line end / the word before"),
                ("Ctrl-L", "redraw the screen"), ("F1", "this help"),
            ]
        case .webSocket?:
            return [
                ("i Enter", "open the line to type a message"),
                ("Enter (typing)", "send the line as one text message, exactly as typed"),
                ("Tab", "JSON check on / off: on, a line that is not JSON is refused and nothing is sent"),
                ("↑ ↓ (typing)", "earlier lines: sent or cancelled"),
                ("Esc Ctrl-C (typing)", "close the line; ↑ brings its text back"),
                ("r", "reconnect (a new connection; the messages stay)"),
                ("c", "close the connection: close frame 1000 (normal closure)"),
                ("j k ↑ ↓", "scroll a line"), ("PgUp PgDn Space", "scroll a page"),
                ("Home End < >", "oldest / newest: End follows new messages again"),
                ("q Esc Ctrl-C", "leave the console; the connection is cancelled"),
                ("? F1", "this help"),
            ]
        case .response?:
            return [
                ("j k ↑ ↓", "scroll a line"), ("PgUp PgDn Space", "scroll a page"), ("< > Home End", "top / bottom"),
                ("← → H L", "scroll sideways"), ("Esc q Ctrl-R", "back to the form"), ("?", "this help"),
            ]
        default:
            return mainRows(keyMap)
        }
    }

    /// The main view's rows, by group: a heading row (empty keys, the group's title) before each
    /// group's keys, as the key map binds them.
    public static func mainRows(_ keyMap: KeyMap) -> [(keys: String, summary: String)] {
        var rows: [(keys: String, summary: String)] = []
        for group in KeyGroup.allCases {
            rows.append(("", group.title))
            for command in KeyCommand.allCases where command.group == group {
                let keys = keyMap.keys(for: command)
                guard !keys.isEmpty else { continue }
                rows.append((keys.map(\.name).joined(separator: " "), command.summary))
            }
            switch group {
            case .navigation:
                rows.append(("g ws://… wss://…", "the WebSocket console (? there lists its keys)"))
            case .watching:
                rows += [
                    ("on the board: ↑ ↓", "select a pinned resource: the panes show it"),
                    ("on the board: Enter", "open the pinned resource in the full view"),
                    ("on the board: Space", "pause / resume it"),
                    ("on the board: + − =", "double / halve / type its refresh interval"),
                    ("on the board: x Delete", "unpin it"),
                ]
            case .program:
                rows.append(("Esc", "close any overlay; stop a search"))
                rows.append(("F1 in a form", "the form's own keys"))
            default:
                break
            }
        }
        return rows
    }

    /// Every key of every mode as plain text for `hammock --help`, grouped as `?` groups them,
    /// lines at most `width` columns.
    public static func commandLineText(_ keyMap: KeyMap, width: Int = 78) -> String {
        let modes: [(String, [(keys: String, summary: String)])] = [
            (
                "In a form (p u a, a saved request, a curl import)",
                rows(keyMap, over: .form(RequestForm(method: .post, url: "")))
            ),
            ("In a prompt (g / I S …)", rows(keyMap, over: .prompt(Prompt(purpose: .goTo)))),
            ("In a list (h C e T)", rows(keyMap, over: .picker(Picker(purpose: .history)))),
            ("In the WebSocket console", rows(keyMap, over: .webSocket(WebSocketConsole(url: "", generation: 0)))),
        ]
        var lines: [String] = []
        func add(_ rows: [(keys: String, summary: String)]) {
            let keyWidth = min(24, (rows.map { CharacterWidth.of($0.keys) }.max() ?? 4) + 2)
            for row in rows {
                if row.keys.isEmpty {
                    lines.append("  " + row.summary + ":")
                    continue
                }
                let padding = String(repeating: " ", count: max(1, keyWidth - CharacterWidth.of(row.keys)))
                // Long summaries wrap under themselves; nothing is cut.
                let room = max(20, width - 4 - keyWidth)
                var line = "    " + row.keys + padding
                var used = 0
                for word in row.summary.split(separator: " ") {
                    let columns = CharacterWidth.of(word)
                    if used > 0, used + 1 + columns > room {
                        lines.append(line)
                        line = String(repeating: " ", count: 4 + max(keyWidth, CharacterWidth.of(row.keys) + 1))
                        used = 0
                    }
                    line += (used > 0 ? " " : "") + word
                    used += (used > 0 ? 1 : 0) + columns
                }
                lines.append(line)
            }
        }
        add(mainRows(keyMap))
        for (title, rows) in modes {
            lines.append("  " + title + ":")
            add(rows)
        }
        return lines.joined(separator: "\n")
    }

    /// Where the help goes on a terminal: its box, the column geometry, and how many rows per
    /// column show at once.
    struct Geometry {
        var frame: Rect
        var keyWidth: Int
        var columnWidth: Int
        var perColumn: Int
        var visibleRows: Int

        /// The largest useful scroll offset (0 when everything fits).
        var maximumScroll: Int { max(0, perColumn - visibleRows) }
    }

    static func geometry(rows: [(keys: String, summary: String)], width: Int, height: Int) -> Geometry {
        let keyWidth = min(22, (rows.map { CharacterWidth.of($0.keys) }.max() ?? 4) + 2)
        // Wide enough for the longest summary when the terminal allows; cut ones end in "…".
        let summaryWidth = (rows.map { CharacterWidth.of($0.summary) }.max() ?? 20) + 2
        let columnWidth = keyWidth + max(20, min(summaryWidth, width - 6 - keyWidth))
        let available = height - 4
        let columns = rows.count > available && width >= columnWidth * 2 + 6 ? 2 : 1
        let perColumn = (rows.count + columns - 1) / columns
        let bounds = Rect(x: 0, y: 0, width: width, height: height)
        let frame = bounds.centered(width: columnWidth * columns + 4, height: perColumn + 4)
        return Geometry(
            frame: frame, keyWidth: keyWidth, columnWidth: columnWidth, perColumn: perColumn,
            visibleRows: max(0, frame.height - 4))
    }

    /// The largest scroll offset of these help rows on a terminal of this size (0 when they all
    /// fit).
    public static func maximumScroll(rows: [(keys: String, summary: String)], width: Int, height: Int) -> Int {
        geometry(rows: rows, width: width, height: height).maximumScroll
    }

    /// The largest scroll offset of the main view's help on a terminal of this size.
    public static func maximumScroll(keyMap: KeyMap, width: Int, height: Int) -> Int {
        maximumScroll(rows: rows(keyMap), width: width, height: height)
    }

    /// Rows shown at once on a terminal of this size (at least 1, for paging arithmetic).
    public static func pageHeight(rows: [(keys: String, summary: String)], width: Int, height: Int) -> Int {
        max(1, geometry(rows: rows, width: width, height: height).visibleRows)
    }

    private static func title(over mode: Overlay?) -> String {
        switch mode {
        case .form?: return "help: form keys"
        case .response?: return "help: response viewer keys"
        case .prompt?: return "help: prompt keys"
        case .webSocket?: return "help: WebSocket console keys"
        default: return "help: keys and the Siesta calls they make"
        }
    }

    static func draw(_ state: BrowserState, over mode: Overlay?, into screen: inout Screen) {
        let theme = state.theme
        let rows = rows(state.keyMap, over: mode)
        let geometry = geometry(rows: rows, width: screen.width, height: screen.height)
        let frame = geometry.frame
        let scroll = min(max(0, state.helpScroll), geometry.maximumScroll)
        BrowserView.drawBox(
            frame, title: [Span(title(over: mode), theme.style(.accent, attributes: .bold))],
            focused: true, theme: theme, into: &screen)
        let inner = frame.inset(by: 1)
        guard geometry.visibleRows > 0 else { return }
        for (index, row) in rows.enumerated() {
            let column = index / geometry.perColumn
            let line = index % geometry.perColumn - scroll
            guard line >= 0, line < geometry.visibleRows else { continue }
            let y = inner.y + 1 + line
            let x = inner.x + 1 + column * geometry.columnWidth
            if row.keys.isEmpty {
                // A group's heading.
                screen.put(
                    row.summary, x: x, y: y, style: theme.style(.text, attributes: [.bold, .underline]),
                    maxWidth: geometry.columnWidth - 1)
                continue
            }
            screen.put(
                row.keys, x: x, y: y, style: theme.style(.accent, attributes: .bold), maxWidth: geometry.keyWidth - 1)
            let room = min(geometry.columnWidth - geometry.keyWidth, inner.maxX - x - geometry.keyWidth)
            screen.put(
                BrowserView.abbreviated(row.summary, maxColumns: room), x: x + geometry.keyWidth, y: y,
                style: theme.style(.text), maxWidth: room)
        }
        var arrows = ""
        if scroll > 0 { arrows += "↑" }
        if scroll < geometry.maximumScroll { arrows += "↓" }
        guard !arrows.isEmpty else { return }
        let indicator = " more \(arrows)  j/k PgUp/PgDn "
        let width = CharacterWidth.of(indicator)
        if frame.width >= width + 4 {
            screen.put(
                indicator, x: frame.maxX - width - 2, y: frame.maxY - 1, style: theme.style(.accent, attributes: .bold))
        } else if frame.width >= 4 {
            screen.put(arrows, x: frame.maxX - 3, y: frame.maxY - 1, style: theme.style(.accent, attributes: .bold))
        }
    }
}
