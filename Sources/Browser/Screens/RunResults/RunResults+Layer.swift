import TUICore

extension RunResults: Layer {
    /// `run.open`, `run.cancel`…
    public static let name = "run"
    /// For `hammock --help`.
    public static let modeName = "the results of a run (Ctrl-R, Ctrl-F, Ctrl-A in the saved requests)"
    /// Opening an exchange, cancelling, running again, closing, help and moving.
    public static let defaultBindings: [Binding] =
        [
            Binding(
                "open", [.enter], "the exchange: the request as sent, the answer, each assertion, the captures",
                footer: 0, footerLabel: "exchange"),
            Binding("cancel", [.character("x")], "cancel the run (Ctrl-C too)", footer: 0, footerLabel: "cancel"),
            Binding("again", [.character("r")], "run the same requests again", footer: 2, footerLabel: "again"),
            Binding(
                "close", [.escape, .character("q")], "close (a run still going is cancelled)", footer: 1,
                footerLabel: "close"),
            Binding("help", [.character("?"), .function(1)], "this help", footer: 3, footerLabel: "help"),
        ] + Viewport.bindings(sideways: false, footer: 4)

    /// What the markers say.
    public static let helpNotes: [(keys: String, summary: String)] = [
        ("✓ ✗ ! –", "passed · an assertion failed · not sent or not answered · skipped or not run"),
        ("Ctrl-C", "cancel the run; once it is over, close"),
    ]

    /// `help: run keys`.
    public var helpTitle: String { "help: run keys" }

    /// The footer shows `x` while the run goes, `r` once it is over.
    public func activeBindings(_ keyMap: KeyMap) -> [Binding] {
        keyMap.bindings(of: RunResults.self).map { binding in
            var binding = binding
            switch binding.action {
            case "cancel" where !isRunning, "again" where isRunning: binding.footer = nil
            default: break
            }
            return binding
        }
    }

    /// Opens an exchange, cancels, runs again, closes or moves.
    public mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        switch action {
        case "close":
            guard isRunning else { return .close }
            state.status = StatusMessage("run of \(target.title) cancelled: its list was closed")
            return .close([.cancelRun(generation: generation)])
        case "cancel":
            guard isRunning else {
                state.status = StatusMessage("the run is over: r runs it again")
                return .handled
            }
            state.status = StatusMessage("cancelling the run…")
            return .handled([.cancelRun(generation: generation)])
        case "again":
            guard !isRunning else {
                state.status = StatusMessage("the run goes on: x cancels it")
                return .handled
            }
            let (results, commands) = state.startRun(target)
            return .replace(with: results, commands: commands)
        case "open":
            return open(in: &state)
        default:
            position.perform(action, in: state.frame.metrics(.layer, lineCount: rows.count))
            return .handled
        }
    }

    /// Ctrl-C cancels a run that goes on, or closes the list.
    public mutating func interrupt(in state: inout BrowserState) -> LayerResponse {
        perform(isRunning ? "cancel" : "close", in: &state)
    }

    /// The list's rows on screen.
    public func pageSize(_ state: BrowserState) -> FrameContext.PageSize? {
        FrameContext.PageSize(
            height: RunResultsView.listHeight(self, height: state.height), width: max(1, state.width - 8))
    }

    /// Draws the list.
    public func draw(_ state: BrowserState, into screen: inout Screen) {
        RunResultsView.draw(self, state: state, into: &screen)
    }

    /// `Enter`: the selected request's exchange in a viewer.
    private func open(in state: inout BrowserState) -> LayerResponse {
        guard let row = selected else { return .handled }
        switch row.state {
        case .done(let result):
            return .open(
                TextViewer(
                    title: "run · " + result.name, note: RunExchangeText.note(of: result),
                    text: RunExchangeText.text(of: result)))
        case .waiting:
            state.status = StatusMessage(isRunning ? "\(row.name) has not run yet" : "\(row.name) did not run")
        case .running:
            state.status = StatusMessage("\(row.name) is being sent")
        case .cancelled:
            state.status = StatusMessage("\(row.name) was cancelled before its answer came")
        }
        return .handled
    }
}
