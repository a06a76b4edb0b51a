import Foundation
import Siesta

/// One line of the Events pane: a `ResourceEvent` or a request hook, with when and where.
public struct EventLogEntry: Sendable, Equatable {
    /// What kind of line this is (drives its colour).
    public enum Kind: Sendable, Equatable {
        /// A `ResourceEvent` (`observerAdded`, `requested`, `newData(network)`, …).
        case resourceEvent(ResourceEvent)
        /// A request hook (`onSuccess`, `onNotModified`, `onFailure`).
        case hook(RequestHook)
        /// Something the browser itself says (a command it ran, a copied curl command, a saved
        /// SVG).
        case note
        /// Something that went wrong in the browser itself (a bad config file, a failed save).
        case error
    }

    /// When it happened (seconds since 1970).
    public var time: TimeInterval
    /// The Siesta name (`requested`, `newData(network)`, `onSuccess`) or a short note title;
    /// derived from ``kind`` for events and hooks.
    public var name: String
    /// The resource's path relative to the service, or its URL (masked, unsanitised).
    public var resource: String
    /// Extra detail (`201 POST /users`), unsanitised.
    public var detail: String
    /// The line's kind.
    public var kind: Kind

    /// Creates a note or error entry titled `name`.
    public init(time: TimeInterval, name: String, resource: String, detail: String = "", kind: Kind) {
        self.time = time
        self.name = name
        self.resource = resource
        self.detail = detail
        self.kind = kind
    }

    /// Creates the entry of a resource event.
    public init(time: TimeInterval, event: ResourceEvent, resource: String, detail: String = "") {
        self.init(time: time, name: event.description, resource: resource, detail: detail, kind: .resourceEvent(event))
    }

    /// Creates the entry of a request hook.
    public init(time: TimeInterval, hook: RequestHook, resource: String, detail: String = "") {
        self.init(time: time, name: hook.rawValue, resource: resource, detail: detail, kind: .hook(hook))
    }

    /// `HH:mm:ss.SSS` in local time.
    public var clock: String {
        let seconds = Int(time.rounded(.down))
        var components = tm()
        var raw = time_t(seconds)
        localtime_r(&raw, &components)
        let millis = Int((time - Double(seconds)) * 1000)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let ms = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(two(components.tm_hour)):\(two(components.tm_min)):\(two(components.tm_sec)).\(ms)"
    }
}
