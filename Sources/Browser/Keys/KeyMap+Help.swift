extension KeyMap {
    /// The main view's rows, by group: a heading row (empty keys, the group's title) before each
    /// group's keys, as the key map binds them.
    public var mainHelpRows: [(keys: String, summary: String)] {
        var rows: [(keys: String, summary: String)] = []
        for group in KeyGroup.allCases {
            rows.append(("", group.title))
            for command in KeyCommand.allCases where command.group == group {
                let keys = keys(for: command)
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
                    ("on the board: $", "watch by a JSONPath: its values, their changes"),
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
}
