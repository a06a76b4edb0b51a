import Foundation
import OrderedJSON
import TUICore
import Workspace

extension BrowserState {
    /// `$`: opens the JSONPath query pane over latestData's JSON, with the resource's last
    /// expression (or `$`), and runs it.
    mutating func openPathQuery() -> [Command] {
        guard let url = currentURL, case .json? = current?.latestData?.body else {
            status = StatusMessage("JSONPath needs a JSON body in latestData", isError: true)
            return []
        }
        var pane = PathQuery(url: url, expression: pathQueries[url] ?? "$")
        let commands = runPathQuery(&pane)
        open(pane)
        return commands
    }

    /// Asks the runtime to run the pane's expression again (a new generation).
    mutating func runPathQuery(_ pane: inout PathQuery) -> [Command] {
        guard case .json(let outline)? = resources[pane.url]?.latestData?.body else {
            pane.isRunning = false
            pane.error = nil
            pane.result = nil
            pane.viewer.body = .empty("latestData is not JSON now")
            return []
        }
        pathQueryGeneration += 1
        pane.generation = pathQueryGeneration
        pane.isRunning = true
        pane.matchesSoFar = 0
        return [.runPathQuery(expression: pane.expression, document: outline.document, generation: pane.generation)]
    }

    /// Takes news of a query for the open pane.
    mutating func applyPathQueryUpdate(generation: Int, _ update: PathQueryUpdate) {
        updateLayer(PathQuery.self) { $0.apply(update, generation: generation) }
    }

    /// Runs the open pane's expression again when the resource it queries has new data.
    mutating func pathQueryFollowsNewData(url: String) -> [Command] {
        guard let index = layers.lastIndex(where: { ($0 as? PathQuery)?.url == url }),
            var pane = layers[index] as? PathQuery
        else { return [] }
        let commands = runPathQuery(&pane)
        layers[index] = pane
        return commands
    }

    /// Keeps the pane's expression with its resource and among the expressions given before over
    /// its API origin, in this run and (through the workspace) in later ones.
    mutating func rememberPathQuery(_ pane: PathQuery) -> [Command] {
        let expression = pane.expression.trimmingCharacters(in: .whitespaces)
        pathQueries[pane.url] = expression.isEmpty ? nil : expression
        guard !expression.isEmpty, expression != "$", (try? JSONPath(expression)) != nil else { return [] }
        let origin = URLOrigin.of(pane.url)
        let key = Self.pathQueryRecall(origin: origin)
        var recall = promptRecall[key] ?? LineRecall(capacity: BrowserState.maximumPromptHistory)
        recall.remember(expression)
        promptRecall[key] = recall
        return [.workspace(.rememberQuery(origin: origin, expression: expression))]
    }

    /// Up / Down in the expression: the expressions given before over the same API origin,
    /// newest first.
    mutating func walkPathQueryRecall(_ pane: inout PathQuery, earlier: Bool) {
        let key = Self.pathQueryRecall(origin: URLOrigin.of(pane.url))
        var recall = promptRecall[key] ?? LineRecall(capacity: BrowserState.maximumPromptHistory)
        defer { promptRecall[key] = recall }
        guard !recall.lines.isEmpty else {
            status = StatusMessage("no earlier expressions over \(URLOrigin.of(pane.url)) yet")
            return
        }
        let line = earlier ? recall.earlier(current: pane.expression) : recall.later()
        if let line { pane.editor.setText(line) }
    }

    /// The name of the recall of JSONPath expressions given over `origin`.
    static func pathQueryRecall(origin: String) -> String { "jsonpath " + origin }

    /// Shows `entry` of the body of the resource at `url` in latestData: unfolds around it and
    /// puts the cursor on its line.
    mutating func jump(toEntry entry: Int, of url: String) {
        guard currentURL == url, let line = changeShownBody({ $0.revealMatch(entry) }), let body = shownBody else {
            return
        }
        focus = .latestData
        var position = self.position
        position.cursor = line
        keepCursorVisible(&position, body: body)
        self.position = position
    }

    /// Works out ``cursorPath`` when the cursor has come to another value (or another body);
    /// nil when latestData shows no JSON value.
    mutating func refreshCursorPath() {
        guard case .json(let outline)? = shownBody, let entry = outline.entry(atLine: position.cursor) else {
            cursorPath = nil
            return
        }
        if cursorPath?.names(entry, in: outline.document) == true { return }
        cursorPath = CursorPath(
            document: outline.document, entry: entry, path: outline.document.normalizedPath(of: entry))
    }

    /// `#`: copies the normalized path of the JSON value under the cursor.
    mutating func copyCursorPath() -> [Command] {
        guard case .json(let outline)? = shownBody, let entry = outline.entry(atLine: position.cursor) else {
            status = StatusMessage("no JSON value under the cursor", isError: true)
            return []
        }
        refreshCursorPath()
        let path = cursorPath?.path ?? outline.document.normalizedPath(of: entry)
        status = StatusMessage("copied \(path)")
        return [.copyToClipboard(path)]
    }
}
