import Foundation
import Workspace

/// What the browser shows of a stream (Server-Sent Events or a long-lived line of JSON values)
/// at one moment: its phase, counts and the events so far as a body.
public struct StreamSnapshot {
    /// Where a stream stands.
    public enum Phase: Sendable, Equatable {
        /// The response head arrived; events are read as they come.
        case open
        /// The connection ended; the next attempt starts at `at` (seconds since 1970).
        case reconnecting(at: Double, reason: String)
        /// Waiting for the head of a reconnection.
        case connecting
        /// The server ended the stream and it is not reconnected (`text`: why).
        case ended(String)
        /// Stopped with `c` (or a new load replaced it).
        case stopped
        /// It failed and is not reconnected (`text`: why).
        case failed(String)
    }

    /// The resource's URL.
    public var url: String
    /// `Server-Sent Events` or `NDJSON`.
    public var kindName: String
    /// Where it stands.
    public var phase: Phase
    /// Events (or lines) received.
    public var eventCount: Int
    /// Events dropped because they were too large, or let go because the log is bounded.
    public var droppedCount: Int
    /// The last event ID (sent back as `Last-Event-ID` when reconnecting); empty when none.
    public var lastEventID: String
    /// The reconnection delay in milliseconds (the server's `retry:` or the default).
    public var retry: Int
    /// Reconnections so far.
    public var reconnectCount: Int
    /// The events as text, oldest first.
    public var body: BodyContent

    /// Creates a snapshot.
    public init(
        url: String, kindName: String, phase: Phase, eventCount: Int = 0, droppedCount: Int = 0,
        lastEventID: String = "",
        retry: Int = 0, reconnectCount: Int = 0, body: BodyContent
    ) {
        self.url = url
        self.kindName = kindName
        self.phase = phase
        self.eventCount = eventCount
        self.droppedCount = droppedCount
        self.lastEventID = lastEventID
        self.retry = retry
        self.reconnectCount = reconnectCount
        self.body = body
    }

    /// True while the stream reads or will reconnect (`c` stops it).
    public var isLive: Bool {
        switch phase {
        case .open, .connecting, .reconnecting: return true
        case .ended, .stopped, .failed: return false
        }
    }

    /// Its phase in a few words, for the pane title.
    public func phaseText(now: Double) -> String {
        switch phase {
        case .open: return "open"
        case .connecting: return "connecting"
        case .reconnecting(let at, let reason):
            return "\(reason) · reconnecting in \(Format.duration(max(0, at - now)))"
        case .ended(let reason): return "ended: \(reason)"
        case .stopped: return "stopped"
        case .failed(let reason): return "failed: \(reason)"
        }
    }
}
