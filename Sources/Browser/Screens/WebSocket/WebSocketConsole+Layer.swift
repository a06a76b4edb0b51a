import Foundation
import TUICore

extension WebSocketConsole: Layer {
    /// `websocket.type`, `websocket.send`…
    public static let name = "websocket"
    /// For `hammock --help`.
    public static let modeName = "the WebSocket console (g ws://…)"

    /// The console's keys: with the input line closed, then while typing (`line…`).
    public static let defaultBindings: [Binding] =
        [
            Binding("type", [.character("i"), .enter], "type a message", footer: 0, footerLabel: "type a message"),
            Binding("checkJSON", [.tab], "send lines only when they are JSON, or as text", footer: 2),
            Binding(
                "reconnect", [.character("r")], "connect again (the messages stay)", footer: 1,
                footerLabel: "reconnect"),
            Binding(
                "closeConnection", [.character("c")], "close the connection with 1000 (normal closure)",
                footer: 1, footerLabel: "close (1000)"),
            Binding("help", [.character("?"), .function(1)], "this help", footer: 0, footerLabel: "help"),
            Binding(
                "close", [.escape, .character("q")], "leave the console (ends the connection)", footer: 0,
                footerLabel: "leave"),
        ]
        + Viewport.bindings(sideways: false, footer: 3)
        + [
            Binding("lineSend", [.enter], "send the line", group: "while typing", footer: 0, footerLabel: "send"),
            Binding("lineCheckJSON", [.tab], "JSON check on / off", group: "while typing", footer: 0),
            Binding(
                "lineClose", [.escape], "close the line; i, then ↑, brings it back", group: "while typing",
                footer: 0, footerLabel: "close the line"),
            Binding("lineEarlier", [.up], "earlier lines: sent or cancelled", group: "while typing"),
            Binding("lineLater", [.down], "later lines, then what was being typed", group: "while typing"),
            Binding("lineHelp", [.function(1)], "this help", group: "while typing", footer: 1, footerLabel: "help"),
        ]

    /// What typing does.
    public static let helpNotes: [(keys: String, summary: String)] = [
        ("Ctrl-C", "close the line (kept for ↑); with none: leave the console"),
        ("Ctrl-A Ctrl-E Ctrl-U Ctrl-K Ctrl-W", "edit the line as in a form"),
    ]

    /// `help: WebSocket console keys`.
    public var helpTitle: String { "help: WebSocket console keys" }

    /// The keys of the mode the console is in: typing a line, or not.
    public func activeBindings(_ keyMap: KeyMap) -> [Binding] {
        let typing = input != nil
        let check = checksJSON ? "JSON check: on" : "JSON check: off"
        return keyMap.bindings(of: WebSocketConsole.self).compactMap { binding in
            guard binding.action.hasPrefix("line") == typing else { return nil }
            var binding = binding
            if binding.action == "checkJSON" || binding.action == "lineCheckJSON" { binding.footerLabel = check }
            return binding
        }
    }

    /// Runs a console key.
    public mutating func perform(_ action: String, in state: inout BrowserState) -> LayerResponse {
        switch action {
        case "close":
            state.log(EventLogEntry(time: state.now, name: "WebSocket", resource: url, detail: "left", kind: .note))
            return .close([.webSocket(.disconnect)])
        case "type":
            input = TextEditor(singleLine: true)
        case "checkJSON", "lineCheckJSON":
            checksJSON.toggle()
            if input == nil {
                state.status = StatusMessage(
                    checksJSON ? "lines are sent only when they are JSON" : "lines are sent as text")
            }
        case "reconnect":
            state.webSocketGeneration += 1
            reconnect(generation: state.webSocketGeneration)
            return .handled([.webSocket(.connect(url: url, generation: state.webSocketGeneration))])
        case "closeConnection":
            guard isOpen else {
                state.status = StatusMessage("the connection is not open: \(phaseText)", isError: true)
                return .handled
            }
            state.status = StatusMessage("closing with 1000 (normal closure)…")
            return .handled([.webSocket(.close(generation: generation))])
        case "lineSend":
            return send(in: &state)
        case "lineClose":
            cancelLine(in: &state)
        case "lineEarlier", "lineLater":
            guard var line = input else { return .handled }
            let recalled = action == "lineEarlier" ? recall.earlier(current: line.text) : recall.later()
            if let recalled { line.setText(recalled) }
            input = line
        case "lineHelp":
            return .open(HelpLayer(for: self, keyMap: state.keyMap))
        default:
            guard let move = Viewport.Action(rawValue: action) else { return .handled }
            scroll(move, height: state.frame.height(.layer, fallback: max(1, state.height - 5)))
        }
        return .handled
    }

    /// Other keys type into the line, when it is open.
    public mutating func handle(_ key: Key, in state: inout BrowserState) -> LayerResponse {
        guard var line = input else { return .handled }
        line.handle(key)
        input = line
        return .handled
    }

    /// Pasted text goes into the line, when it is open.
    public mutating func paste(_ text: String, in state: inout BrowserState) -> LayerResponse {
        guard var line = input else { return .handled }
        line.insert(text)
        input = line
        return .handled
    }

    /// Ctrl-C closes the line (kept for Up); with none, it leaves the console.
    public mutating func interrupt(in state: inout BrowserState) -> LayerResponse {
        guard input != nil else { return perform("close", in: &state) }
        cancelLine(in: &state)
        return .handled
    }

    /// The message rows on screen.
    public func pageSize(_ state: BrowserState) -> FrameContext.PageSize? {
        FrameContext.PageSize(
            height: WebSocketConsoleView.messageRows(width: state.width, height: state.height, inputOpen: input != nil),
            width: max(1, state.width - 4))
    }

    /// Draws the console.
    public func draw(_ state: BrowserState, into screen: inout Screen) {
        WebSocketConsoleView.draw(self, state: state, into: &screen)
    }

    /// Closes the input line; what was typed is kept for Up when the line opens again.
    private mutating func cancelLine(in state: inout BrowserState) {
        if let text = input?.text, !text.isEmpty {
            recall.remember(text)
            state.status = StatusMessage("line cancelled: i, then ↑, brings it back")
        } else {
            recall.endWalk()
        }
        input = nil
    }

    private mutating func send(in state: inout BrowserState) -> LayerResponse {
        guard let text = input?.text else { return .handled }
        guard !text.isEmpty else {
            state.status = StatusMessage("type a message first (Esc closes the line)", isError: true)
            return .handled
        }
        if checksJSON, let problem = WebSocketMessageText.jsonProblem(text) {
            state.status = StatusMessage("not sent: \(problem) (Tab sends text unchecked)", isError: true)
            return .handled
        }
        guard isOpen else {
            state.status = StatusMessage(
                "not sent: the connection is \(phaseText) (Esc, then r reconnects)", isError: true)
            return .handled
        }
        input = TextEditor(singleLine: true)
        recall.remember(text)
        followsNewest = true
        return .handled([.webSocket(.send(text, generation: generation))])
    }
}

extension BrowserState {
    /// Opens the WebSocket console on `url` (a `ws://` or `wss://` URL) and connects.
    mutating func openWebSocket(_ url: String) -> [Command] {
        webSocketGeneration += 1
        layers = [WebSocketConsole(url: url, generation: webSocketGeneration)]
        log(EventLogEntry(time: now, name: "WebSocket", resource: url, detail: "connecting", kind: .note))
        return [.webSocket(.connect(url: url, generation: webSocketGeneration))]
    }

    /// The open console, if any.
    var webSocketConsole: WebSocketConsole? { layer(WebSocketConsole.self) }

    /// Applies `event` of connection `generation` to the open console; news of another
    /// connection is dropped.
    mutating func applyWebSocketEvent(generation: Int, _ event: WebSocketConsoleEvent) {
        guard var console = webSocketConsole, console.generation == generation else { return }
        switch event {
        case .opened:
            console.phase = .open
            log(EventLogEntry(time: now, name: "WebSocket", resource: console.url, detail: "open", kind: .note))
        case .message(let message):
            console.append(message)
        case .closed(let summary):
            console.phase = .closed(summary)
            log(EventLogEntry(time: now, name: "WebSocket", resource: console.url, detail: summary, kind: .note))
        case .failed(let message):
            console.phase = .failed(message)
            log(EventLogEntry(time: now, name: "WebSocket", resource: console.url, detail: message, kind: .error))
        case .sendFailed(let reason):
            status = StatusMessage("not sent: " + reason, isError: true)
        }
        updateLayer(WebSocketConsole.self) { $0 = console }
    }
}
