import Foundation
import OrderedJSON
import TUICore

/// The JSONPath query pane (`$`): an RFC 9535 expression typed over latestData's JSON, its
/// matches listed as they are found, each named by its normalized path with its value as sent.
///
/// The matches update as the expression is typed (the runtime waits for a pause in typing, runs
/// the query off the main actor and drops a run that a newer one replaced). A syntax error points
/// at its column. `Tab` moves between the expression and the matches; in the matches, `Enter`
/// opens the match under the cursor in the full body, `z` folds, and the usual keys scroll. The
/// expression stays with the resource and runs again on every newData.
public struct PathQuery: Layer {
    /// The resource queried.
    public var url: String
    /// The expression being typed.
    public var editor: TextEditor
    /// The number of the latest run asked for.
    public var generation = 0
    /// True while the latest run has not answered.
    public var isRunning = false
    /// Matches found so far by the running query.
    public var matchesSoFar = 0
    /// The syntax error of the expression, when it is not JSONPath.
    public var error: JSONPathSyntaxError?
    /// The latest result.
    public var result: PathQueryResult?
    /// The matches as shown, with their position and folds.
    public var viewer: TextViewer
    /// True while keys go to the matches rather than the expression.
    public var isInResults = false

    /// A pane over the resource at `url`, starting with `expression`.
    public init(url: String, expression: String) {
        self.url = url
        editor = TextEditor(expression, singleLine: true)
        viewer = TextViewer(title: "matches", body: .empty("type a JSONPath expression, e.g. $..id"))
        viewer.closeHint = nil
    }

    /// The expression typed.
    public var expression: String { editor.text }

    /// Takes news of run `generation`; older runs are ignored.
    public mutating func apply(_ update: PathQueryUpdate, generation: Int) {
        guard generation == self.generation else { return }
        switch update {
        case .progress(let matches):
            matchesSoFar = matches
        case .failed(let error):
            isRunning = false
            self.error = error
        case .finished(let result):
            isRunning = false
            error = nil
            self.result = result
            viewer.body =
                result.document.map { .json(JSONOutline($0)) }
                ?? .empty(result.count == 0 ? "no match" : "the matches could not be shown")
            viewer.position = Viewport(cursor: 0)
        }
    }

    /// The line under the expression: how the query stands.
    var note: String {
        if let error { return error.description }
        if isRunning { return "running · \(matchesSoFar) matches so far" }
        return result?.summary ?? ""
    }

    // MARK: Layer

    /// `jsonpath.close`, `jsonpath.switch`…
    public static let name = "jsonpath"
    /// For `hammock --help`.
    public static let modeName = "the JSONPath query pane ($)"
    /// Keys of the pane; character keys act only in the matches, so every character can be typed.
    public static let defaultBindings: [Binding] =
        [
            Binding(
                "close", [.escape], "close (the expression stays with the resource)", footer: 0, footerLabel: "close"),
            Binding(
                "switch", [.tab, .backTab], "between the expression and the matches", footer: 1,
                footerLabel: "matches / expression"),
            Binding(
                "open", [.enter], "open the match under the cursor in the full body", footer: 2,
                footerLabel: "open"),
            Binding("fold", [.character("z")], "fold / unfold (in the matches)", footer: 3, footerLabel: "fold"),
            Binding("help", [.function(1)], "this help", footer: 0, footerLabel: "help"),
        ] + Viewport.bindings(footer: 4)
    /// What typing does.
    public static let helpNotes: [(keys: String, summary: String)] = [
        ("typing", "the expression: RFC 9535 JSONPath, e.g. $.items[?@.price < 10].id"),
        ("← → Home End", "move in the expression"), ("↑ ↓ in the expression", "earlier expressions"),
        ("Ctrl-U Ctrl-K Ctrl-W", "delete to line start / line end / the word before"),
    ]

    /// `help: JSONPath query keys`.
    public var helpTitle: String { "help: JSONPath query keys" }

    /// In the expression, only keys that type nothing are bound.
    public func activeBindings(_ keyMap: KeyMap) -> [Binding] {
        let all = keyMap.bindings(of: PathQuery.self)
        guard !isInResults else { return all }
        return all.compactMap { binding in
            var kept = binding
            kept.keys = binding.keys.filter { key in
                if case .character = key { return false }
                return true
            }
            return kept.keys.isEmpty ? nil : kept
        }
    }

    /// Closes, switches, opens a match, folds or scrolls.
    public mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        switch action {
        case "close":
            return .close([.cancelPathQuery] + state.rememberPathQuery(self))
        case "switch":
            isInResults.toggle()
            if isInResults, result?.document == nil {
                isInResults = false
                state.status = StatusMessage("no matches to move to")
            }
        case "open":
            guard isInResults else {
                if result?.document != nil { isInResults = true }
                return .handled
            }
            guard case .json(let outline) = viewer.body, let entry = outline.entry(atLine: viewer.position.cursor),
                let source = result?.source(ofResultEntry: entry)
            else { return .handled }
            let remembered = state.rememberPathQuery(self)
            state.jump(toEntry: source, of: url)
            return .close([.cancelPathQuery] + remembered)
        case "up" where !isInResults, "down" where !isInResults:
            state.walkPathQueryRecall(&self, earlier: action == "up")
            return .handled(state.runPathQuery(&self))
        default:
            guard isInResults else { return .handled }
            let response = viewer.perform(action, in: &state)
            return response.disposition == .close ? .close([.cancelPathQuery]) : .handled
        }
        return .handled
    }

    /// Typing edits the expression and runs it again.
    public mutating func handle(_ key: Key, in state: inout BrowserState) -> LayerResponse {
        let before = editor.text
        if isInResults {
            guard case .character = key else { return .handled }
            isInResults = false
        }
        editor.handle(key)
        guard editor.text != before else { return .handled }
        return .handled(state.runPathQuery(&self))
    }

    /// A paste goes into the expression.
    public mutating func paste(_ text: String, in state: inout BrowserState) -> LayerResponse {
        isInResults = false
        editor.insert(text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " "))
        return .handled(state.runPathQuery(&self))
    }

    /// The matches' page.
    public func pageSize(_ state: BrowserState) -> FrameContext.PageSize? {
        let frame = PathQueryView.frame(width: state.width, height: state.height)
        return FrameContext.PageSize(height: max(1, frame.height - 5), width: max(1, frame.width - 4))
    }

    /// Draws the pane.
    public func draw(_ state: BrowserState, into screen: inout Screen) {
        PathQueryView.draw(self, state: state, into: &screen)
    }
}
