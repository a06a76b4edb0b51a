import OrderedJSON
import Workspace

/// One message of a WebSocket console, laid out for reading: when it went, which way, what kind,
/// and its lines (JSON pretty-printed, binary as a hex preview). The lines are the message as
/// sent or received: they are sanitised when drawn, never written raw to the terminal.
public struct WebSocketMessage: Sendable, Equatable {
    /// Which way a message went.
    public enum Direction: Sendable, Equatable {
        /// Sent by the browser.
        case sent
        /// Received from the server.
        case received

        /// `↑` for sent, `↓` for received.
        public var arrow: String {
            switch self {
            case .sent: "↑"
            case .received: "↓"
            }
        }
    }

    /// What a message holds.
    public enum Kind: String, Sendable, Equatable {
        /// Text that is not a JSON object or array.
        case text
        /// A text message holding a JSON object or array.
        case json = "JSON"
        /// A binary message.
        case binary
    }

    /// When it was sent or received, in seconds since 1970.
    public var time: Double
    /// Which way it went.
    public var direction: Direction
    /// What it holds.
    public var kind: Kind
    /// Its size on the wire, in bytes.
    public var byteCount: Int
    /// The body lines: the text, the pretty-printed JSON, or the hex preview.
    public var lines: [String]
    /// The parsed document of a JSON message, whose lines are drawn like a JSON body's.
    public var document: JSONDocument?

    /// Creates a message.
    public init(
        time: Double, direction: Direction, kind: Kind, byteCount: Int, lines: [String], document: JSONDocument? = nil
    ) {
        self.time = time
        self.direction = direction
        self.kind = kind
        self.byteCount = byteCount
        self.lines = lines
        self.document = document
    }

    /// True when both show the same: the same fields and the same document (by identity).
    public static func == (left: WebSocketMessage, right: WebSocketMessage) -> Bool {
        left.time == right.time && left.direction == right.direction && left.kind == right.kind
            && left.byteCount == right.byteCount && left.lines == right.lines && left.document === right.document
    }

    /// The heading line: time (HH:mm:ss.SSS), direction arrow, kind and size.
    public var heading: String {
        let clock = EventLogEntry(time: time, name: "", resource: "", kind: .note).clock
        return "\(clock) \(direction.arrow) \(kind.rawValue) · \(Format.bytes(byteCount))"
    }
}
