import Foundation

extension BrowserState {
    /// The `g` prompt's answer: a `ws://` or `wss://` URL opens the WebSocket console; other
    /// text is read by ``URLInput`` against the service's base URL (a
    /// `?query` against the current resource) and opened, or refused with the parser's sentence
    /// in the status line and the Events pane. Text with `{{variables}}` is read once they are
    /// filled in.
    mutating func goTo(_ text: String) -> [Command] {
        // `{{variables}}` are filled in by the workspace first; the result is read the same way.
        if text.contains("{{") { return [.navigateTyped(text)] }
        do {
            if let webSocket = try URLInput.webSocketURL(text) { return openWebSocket(webSocket.absoluteString) }
            let url = try URLInput.parse(
                text, base: URL(string: serviceBaseURL), current: currentURL.flatMap { URL(string: $0) })
            return [.navigate(path: url.absoluteString, from: nil)]
        } catch {
            status = StatusMessage(error.message, isError: true)
            log(EventLogEntry(time: now, name: "error", resource: "", detail: error.message, kind: .error))
            return []
        }
    }
}
