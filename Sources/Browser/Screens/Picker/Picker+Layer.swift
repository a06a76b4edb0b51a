import TUICore

extension Picker: Layer {
    /// `list.open`, `list.delete`…
    public static let name = "list"
    /// For `hammock --help`.
    public static let modeName = "a list (h history, C saved, e environments, T timeline, K cookies, O operations)"

    /// The keys of every list; each list uses those of its kind (``activeBindings(_:)``).
    public static let defaultBindings: [Binding] = [
        Binding(
            "open", [.enter],
            "history: the entry's body, read-only · saved: open in a form · environment: use it · timeline: diff "
                + "with the version before · cookies: show / hide the value · operations: load a GET that needs "
                + "nothing, else a form filled from the description", footer: 0),
        Binding(
            "describe", [.control("e")], "operations: the operation in full (parameters, body, responses, schemas)",
            footer: 1, footerLabel: "describe"),
        Binding(
            "importAll", [.control("s")],
            "operations: a request per operation into the collection (merged with an earlier import)", footer: 2,
            footerLabel: "save all to the collection"),
        Binding(
            "resend", [.control("r")], "send it again (a GET loads; others open a filled form)", footer: 1,
            footerLabel: "re-send"),
        Binding(
            "mark", [.control("d")], "mark an entry; on another: the diff of the two (on the same: unmark)",
            footer: 2, footerLabel: "mark, then diff"),
        Binding("rename", [.control("n")], "rename the saved request", footer: 2, footerLabel: "rename"),
        Binding("duplicate", [.control("y")], "duplicate the saved request", footer: 2, footerLabel: "duplicate"),
        Binding("delete", [.control("x")], "delete (asks first)", footer: 1, footerLabel: "delete"),
        Binding(
            "run", [.control("r")], "saved: run the request, and first any whose values it needs", footer: 1,
            footerLabel: "run"),
        Binding(
            "runFolder", [.control("f")], "saved: run the request's folder, subfolders included", footer: 2,
            footerLabel: "run its folder"),
        Binding("runAll", [.control("a")], "saved: run the whole collection", footer: 3, footerLabel: "run all"),
        Binding("close", [.escape], "close", footer: 0, footerLabel: "close"),
        Binding("help", [.function(1)], "this help", footer: 3, footerLabel: "keys"),
        Binding("down", [.down, .wheelDown], "next row"),
        Binding("up", [.up, .wheelUp], "previous row"),
        Binding("pageDown", [.pageDown], "a page down"),
        Binding("pageUp", [.pageUp], "a page up"),
    ]

    /// What typing does.
    public static let helpNotes: [(keys: String, summary: String)] = [
        ("any key", "types into the filter"), ("Ctrl-C", "clear the filter; with none: close"),
    ]

    /// `help: list keys`.
    public var helpTitle: String { "help: \(title) keys" }

    /// The bindings of this kind of list.
    public func activeBindings(_ keyMap: KeyMap) -> [Binding] {
        let actions: Set<String>
        switch purpose {
        case .history: actions = ["resend", "mark"]
        case .collection: actions = ["rename", "duplicate", "delete", "run", "runFolder", "runAll"]
        case .environment: actions = []
        case .timeline: actions = ["mark"]
        case .cookies: actions = ["delete"]
        case .operations: actions = ["describe", "importAll"]
        }
        let common: Set<String> = ["close", "help", "down", "up", "pageDown", "pageUp", "open"]
        return keyMap.bindings(of: Picker.self).compactMap { binding in
            guard common.contains(binding.action) || actions.contains(binding.action) else { return nil }
            var binding = binding
            if binding.action == "open" { binding.footerLabel = openLabel }
            return binding
        }
    }

    /// What Enter does in this list, for the footer.
    var openLabel: String {
        switch purpose {
        case .history: "open the body"
        case .collection: "open in a form"
        case .environment: "use this environment"
        case .timeline: "diff with the version before"
        case .cookies: "show / hide the value"
        case .operations: "load / open a form"
        }
    }

    /// The list shows its keys in its box.
    public var showsOwnKeys: Bool { true }

    /// Moves, or acts on the selected row.
    public mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        let page = max(1, state.frame.height(.layer, fallback: state.height - 8))
        switch action {
        case "close": return .close
        case "down": move(by: 1)
        case "up": move(by: -1)
        case "pageDown": move(by: page)
        case "pageUp": move(by: -page)
        default: return act(action, in: &state)
        }
        return .handled
    }

    /// Typing and editing keys go to the filter; the cursor goes to the first row that opens.
    public mutating func handle(_ key: Key, in state: inout BrowserState) -> LayerResponse {
        guard
            key.isTyping || key == .backspace || key == .delete || key == .left || key == .right
                || key == .control("u") || key == .control("w")
        else { return .handled }
        filter.handle(key)
        moveToFirst()
        return .handled
    }

    /// Pasted text goes into the filter.
    public mutating func paste(_ text: String, in state: inout BrowserState) -> LayerResponse {
        filter.insert(text)
        moveToFirst()
        return .handled
    }

    /// Ctrl-C clears the filter first, then closes the list.
    public mutating func interrupt(in state: inout BrowserState) -> LayerResponse {
        guard !filter.text.isEmpty else { return .close }
        filter.setText("")
        cursor = 0
        state.status = StatusMessage("filter cleared (Ctrl-C again or Esc closes the list)")
        return .handled
    }

    /// Draws the list.
    public func draw(_ state: BrowserState, into screen: inout Screen) {
        PickerView.draw(self, state: state, into: &screen)
    }

    /// The list's rows on screen.
    public func pageSize(_ state: BrowserState) -> FrameContext.PageSize? {
        FrameContext.PageSize(height: PickerView.listHeight(height: state.height), width: state.width - 8)
    }

    private mutating func act(_ action: String, in state: inout BrowserState) -> LayerResponse {
        if purpose == .collection, action == "runAll" {
            let (results, commands) = state.startRun(.collection)
            return .open(results, commands: commands)
        }
        if purpose == .operations, action == "importAll", let api = state.api {
            message = "writing a request per operation into the collection…"
            return .handled([.workspace(.importDescription(api.description, source: api.source))])
        }
        guard let item = selected, !item.isGroup else {
            if action == "open" { message = "a folder: ↑ ↓ choose a request in it" }
            return .handled
        }
        switch (purpose, action) {
        case (.timeline(let url), "open"), (.timeline(let url), "mark"):
            return .handled(timelineAction(action, url: url, item: item, versions: state.versions[url] ?? []))
        case (.history, "open"):
            return .handled([.workspace(.openHistoryEntry(id: item.id))])
        case (.history, "resend"):
            return .handled([.workspace(.resendHistoryEntry(id: item.id))])
        case (.history, "mark"):
            guard let (older, newer) = mark(item) else { return .handled }
            // Older first: history ids grow with time.
            let ordered = (Int(older) ?? 0) < (Int(newer) ?? 0) ? (older, newer) : (newer, older)
            return .handled([.workspace(.diffHistoryEntries(ordered.0, ordered.1))])
        case (.collection, "open"):
            guard !item.isProblem else {
                message = item.detail
                return .handled
            }
            return .close([.workspace(.openSavedRequest(id: item.id))])
        case (.collection, "run"), (.collection, "runFolder"):
            guard action == "runFolder" || !item.isProblem else {
                message = item.detail
                return .handled
            }
            let (results, commands) = state.startRun(action == "run" ? .request(item.id) : .folder(of: item.id))
            return .open(results, commands: commands)
        case (.collection, "rename"):
            return .open(Prompt(purpose: .renameSavedRequest(id: item.id), text: item.label))
        case (.collection, "duplicate"):
            return .handled([.workspace(.duplicateSavedRequest(id: item.id))])
        case (.collection, "delete"):
            return .open(
                ConfirmLayer(
                    question: "delete the saved request \(item.label)? (y/n)",
                    yes: [.workspace(.deleteSavedRequest(id: item.id))]))
        case (.cookies, "open"):
            // A value shows only when asked for, one cookie at a time.
            if revealed.contains(item.id) {
                revealed.remove(item.id)
            } else {
                revealed.insert(item.id)
            }
            return .handled
        case (.cookies, "delete"):
            return .open(
                ConfirmLayer(
                    question: "delete the cookie \(item.label.dropLast()) (\(item.detail.prefix { $0 != " " }))? (y/n)",
                    yes: [.workspace(.deleteCookie(id: item.id))]))
        case (.operations, "open"):
            return state.openOperation(itemID: item.id)
        case (.operations, "describe"):
            return state.describeOperation(itemID: item.id)
        case (.environment, "open"):
            return .close([.workspace(.selectEnvironment(item.id == Picker.noEnvironmentID ? nil : item.id))])
        default:
            return .handled
        }
    }

    /// Ctrl-D: marks `item`, unmarks it, or with another marked returns the two ids (the marked
    /// one first).
    private mutating func mark(_ item: PickerItem) -> (String, String)? {
        if marked == item.id {
            marked = nil
            message = "unmarked"
            return nil
        }
        guard let earlier = marked else {
            marked = item.id
            let noun = purpose == .history ? "entry" : "version"
            let key = KeyHint.keyText(Picker.defaultBindings.binding("mark")?.keys ?? [])
            message = "marked: \(key) on another \(noun) diffs the two (on this one: unmark)"
            return nil
        }
        marked = nil
        message = nil
        return (earlier, item.id)
    }

    private mutating func timelineAction(
        _ action: String, url: String, item: PickerItem, versions list: [ResourceVersion]
    ) -> [Command] {
        guard let id = Int(item.id) else { return [] }
        if action == "open" {
            guard let index = list.firstIndex(where: { $0.id == id }), index > 0 else {
                message = "the first version in this run: nothing before it to compare"
                return []
            }
            return [.compareVersions(url: url, older: list[index - 1].id, newer: id)]
        }
        guard let (earlier, _) = mark(item), let other = Int(earlier) else { return [] }
        return [.compareVersions(url: url, older: min(other, id), newer: max(other, id))]
    }
}
