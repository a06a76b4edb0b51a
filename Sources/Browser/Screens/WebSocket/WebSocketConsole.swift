/// A WebSocket message console: the connection's state, the messages sent and received (the
/// newest ``maximumMessages``), where the view is scrolled, and the line being typed.
///
/// It is a layer (``Layer``); the connection itself is owned by the runtime's controller, which
/// reports through ``BrowserState/update(_:)``.
public struct WebSocketConsole: Sendable, Equatable {
    /// Where the connection stands.
    public enum Phase: Sendable, Equatable {
        /// The opening handshake is under way.
        case connecting
        /// Open: messages can be sent.
        case open
        /// It closed after opening (how, as a sentence: ``WebSocketClosure/summary``).
        case closed(String)
        /// It could not be made or broke (the failure's sentence).
        case failed(String)
    }

    /// The most messages kept; older ones are let go.
    public static let maximumMessages = 1000

    /// The `ws://` or `wss://` URL.
    public var url: String
    /// The number of the connection shown: news of an earlier one is dropped.
    public var generation: Int
    /// Where the connection stands.
    public var phase: Phase = .connecting
    /// The messages kept, oldest first.
    public private(set) var messages: [WebSocketMessage] = []
    /// Messages let go because the console keeps at most ``maximumMessages``.
    public private(set) var droppedCount = 0
    /// Rows all kept messages take (a heading row each, plus their lines).
    public private(set) var rowCount = 0
    /// Where the rows are scrolled (a row a message heading or message line).
    public var viewport = Viewport()
    /// True while the view shows the newest rows and follows new messages, like `tail -f`.
    public var followsNewest = true
    /// The line being typed, when the input line is open.
    public var input: TextEditor?
    /// Lines sent, and lines cancelled with Ctrl-C or Esc, for Up / Down in the input line.
    public var recall = LineRecall(capacity: 100)
    /// True when a typed line must be JSON to be sent (Tab toggles it).
    public var checksJSON = false
    /// Messages sent on this console.
    public private(set) var sentCount = 0
    /// Messages received on this console.
    public private(set) var receivedCount = 0

    /// A console for `url` whose connection is `generation`, connecting.
    public init(url: String, generation: Int) {
        self.url = url
        self.generation = generation
    }

    /// True while messages can be sent.
    public var isOpen: Bool { phase == .open }

    /// The state in a few words: "connecting…", "open", the closure or the failure.
    public var phaseText: String {
        switch phase {
        case .connecting: "connecting…"
        case .open: "open"
        case .closed(let summary): summary
        case .failed(let message): "failed: " + message
        }
    }

    /// Adds a message in time order (a sent message is reported once the send finished, so an
    /// answer may have come first). A view scrolled up stays on what it shows.
    public mutating func append(_ message: WebSocketMessage) {
        var index = messages.count
        while index > 0, messages[index - 1].time > message.time { index -= 1 }
        messages.insert(message, at: index)
        rowCount += 1 + message.lines.count
        switch message.direction {
        case .sent: sentCount += 1
        case .received: receivedCount += 1
        }
        if messages.count > Self.maximumMessages {
            let first = messages.removeFirst()
            rowCount -= 1 + first.lines.count
            droppedCount += 1
            // A view scrolled up stays on the rows it shows.
            viewport.top = max(0, viewport.top - 1 - first.lines.count)
        }
    }

    /// Starts over on a new connection `generation`: connecting again; the messages stay.
    public mutating func reconnect(generation: Int) {
        self.generation = generation
        phase = .connecting
    }

    /// The first row shown on a page `height` rows tall.
    public func firstRow(height: Int) -> Int {
        let last = max(0, rowCount - max(1, height))
        return followsNewest ? last : min(viewport.top, last)
    }

    /// The rows `height` rows tall shown at the current scroll, oldest first: each message's
    /// heading (`line` nil) and then its lines (`line` their index), indented by two spaces.
    /// Not sanitised.
    public func visibleRows(height: Int) -> [(text: String, message: WebSocketMessage, line: Int?)] {
        guard height > 0 else { return [] }
        let start = firstRow(height: height)
        let end = min(rowCount, start + height)
        var rows: [(String, WebSocketMessage, Int?)] = []
        var row = rowCount
        for message in messages.reversed() {
            let first = row - 1 - message.lines.count
            defer { row = first }
            if first >= end { continue }
            if row <= start { break }
            var own: [(String, WebSocketMessage, Int?)] = [(message.heading, message, nil)]
            own += message.lines.enumerated().map { ("  " + $0.element, message, $0.offset) }
            let from = max(0, start - first)
            let to = min(own.count, end - first)
            if from < to { rows.insert(contentsOf: own[from..<to], at: 0) }
        }
        return rows
    }

    /// Scrolls by `action` on a page `height` rows tall; at the newest rows it follows new
    /// messages again.
    public mutating func scroll(_ action: Viewport.Action, height: Int) {
        let metrics = ViewportMetrics(lineCount: rowCount, pageHeight: height, pageWidth: 1)
        viewport.top = firstRow(height: height)
        viewport.perform(action, in: metrics)
        followsNewest = viewport.top >= max(0, rowCount - metrics.pageHeight)
    }
}
