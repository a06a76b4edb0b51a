/// One event of a `text/event-stream` body, as the Server-Sent Events format writes it: an
/// `id:` line, an optional `event:` line, one `data:` line per line of data, and a blank line.
struct ServerSentEvent: Equatable, Sendable {
    /// The event id, which a client sends back as `Last-Event-ID` when it reconnects.
    let id: Int
    /// The event type; `nil` writes no `event:` line, which clients read as `message`.
    let type: String?
    /// The data, one element per `data:` line; clients join them with line feeds.
    let dataLines: [String]

    /// The event as it goes on the wire, ending with the blank line that dispatches it.
    var text: String {
        var text = "id: \(id)\n"
        if let type {
            text += "event: \(type)\n"
        }
        for line in dataLines {
            text += "data: \(line)\n"
        }
        return text + "\n"
    }

    /// A block that sets the client's reconnection delay to `milliseconds` and dispatches
    /// nothing.
    static func retry(milliseconds: Int) -> String {
        "retry: \(milliseconds)\n\n"
    }

    /// A comment block, which clients ignore; it keeps idle connections and proxies awake.
    static let keepAlive = ": keep-alive\n\n"
}
