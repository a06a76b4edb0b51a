import Foundation
import TUICore

extension BrowserState {
    /// Opens the WebSocket console on `url` (a `ws://` or `wss://` URL) and connects.
    mutating func openWebSocket(_ url: String) -> [Command] {
        webSocketGeneration += 1
        overlay = .webSocket(WebSocketConsole(url: url, generation: webSocketGeneration))
        log(EventLogEntry(time: now, name: "WebSocket", resource: url, detail: "connecting", kind: .note))
        return [.webSocket(.connect(url: url, generation: webSocketGeneration))]
    }

    /// The console open in the overlay, itself or under the help.
    var webSocketConsole: WebSocketConsole? {
        switch overlay {
        case .webSocket(let console)?: return console
        case .help(.webSocket(let console)?)?: return console
        default: return nil
        }
    }

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
        if case .help = overlay {
            overlay = .help(over: .webSocket(console))
        } else {
            overlay = .webSocket(console)
        }
    }

    /// A key in the console: the input line takes it when open; else the console's keys.
    /// Closes the console's input line; what was typed is kept for Up when the line opens again.
    mutating func cancelWebSocketLine(_ console: inout WebSocketConsole) {
        if let text = console.input?.text, !text.isEmpty {
            console.recall.remember(text)
            status = StatusMessage("line cancelled: i, then ↑, brings it back")
        } else {
            console.recall.endWalk()
        }
        console.input = nil
    }

    mutating func handleWebSocketKey(_ key: Key, console: inout WebSocketConsole) -> [Command] {
        let page = WebSocketConsoleView.messageRows(width: width, height: height, inputOpen: console.input != nil)
        defer {
            console.clampScroll(height: page)
            // Written back unless the key left the console.
            switch overlay {
            case .webSocket?: overlay = .webSocket(console)
            case .help(.webSocket?)?: overlay = .help(over: .webSocket(console))
            default: break
            }
        }
        if var input = console.input {
            switch key {
            case .escape:
                cancelWebSocketLine(&console)
            case .up, .down:
                let line = key == .up ? console.recall.earlier(current: input.text) : console.recall.later()
                if let line { input.setText(line) }
                console.input = input
            case .tab:
                console.checksJSON.toggle()
            case .function(1):
                helpScroll = 0
                overlay = .help(over: .webSocket(console))
            case .enter:
                let text = input.text
                guard !text.isEmpty else {
                    status = StatusMessage("type a message first (Esc closes the line)", isError: true)
                    return []
                }
                if console.checksJSON, let problem = WebSocketMessageText.jsonProblem(text) {
                    status = StatusMessage("not sent: \(problem) (Tab sends text unchecked)", isError: true)
                    return []
                }
                guard console.isOpen else {
                    status = StatusMessage(
                        "not sent: the connection is \(console.phaseText) (Esc, then r reconnects)", isError: true)
                    return []
                }
                console.input = TextEditor(singleLine: true)
                console.recall.remember(text)
                console.scroll = 0
                return [.webSocket(.send(text, generation: console.generation))]
            default:
                input.handle(key)
                console.input = input
            }
            return []
        }
        switch key {
        case .escape, .character("q"):
            overlay = nil
            log(EventLogEntry(time: now, name: "WebSocket", resource: console.url, detail: "left", kind: .note))
            return [.webSocket(.disconnect)]
        case .character("i"), .enter:
            console.input = TextEditor(singleLine: true)
        case .tab:
            console.checksJSON.toggle()
            status = StatusMessage(
                console.checksJSON ? "lines are sent only when they are JSON" : "lines are sent as text")
        case .character("r"):
            webSocketGeneration += 1
            console.reconnect(generation: webSocketGeneration)
            return [.webSocket(.connect(url: console.url, generation: webSocketGeneration))]
        case .character("c"):
            guard console.isOpen else {
                status = StatusMessage("the connection is not open: \(console.phaseText)", isError: true)
                return []
            }
            status = StatusMessage("closing with 1000 (normal closure)…")
            return [.webSocket(.close(generation: console.generation))]
        case .character("?"), .function(1):
            helpScroll = 0
            overlay = .help(over: .webSocket(console))
        case .character("k"), .up, .wheelUp: console.scroll += 1
        case .character("j"), .down, .wheelDown: console.scroll -= 1
        case .pageUp: console.scroll += max(1, page - 1)
        case .pageDown, .character(" "): console.scroll -= max(1, page - 1)
        case .home, .character("<"): console.scroll = console.rowCount
        case .end, .character(">"): console.scroll = 0
        default: break
        }
        return []
    }

    /// Pasted text goes into the console's input line, when it is open.
    mutating func pasteIntoWebSocket(_ text: String) {
        guard case .webSocket(var console)? = overlay, var input = console.input else { return }
        input.insert(text)
        console.input = input
        overlay = .webSocket(console)
    }
}
