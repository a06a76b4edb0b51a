import Foundation
import Safety

/// One pinned resource on the watch board: how often it refreshes, whether it is paused, and
/// what happened to it last.
public struct WatchEntry: Sendable, Equatable {
    /// The resource's URL.
    public var url: String
    /// What the board shows for it: the path below the service (or the URL), secrets masked;
    /// worked out once, when it is pinned.
    public var label: String
    /// Seconds its data stays fresh (its `expirationTime`): it refreshes through
    /// `loadIfNeeded()` once it is older.
    public var interval: Double
    /// True while it does not refresh by itself.
    public var isPaused = false
    /// The name of its last event (`newData(network)`, `notModified`, `error`…).
    public var lastEvent: String?
    /// When the last event happened (seconds since 1970).
    public var lastEventTime: Double?
    /// The summary of its last change of data.
    public var lastChange: String?
    /// When its data last changed (seconds since 1970).
    public var lastChangeTime: Double?
    /// Refreshes that sent a request.
    public var requestCount = 0
    /// Responses that said nothing changed (`304 Not Modified`).
    public var notModifiedCount = 0
    /// The JSONPath the resource is watched by, if any: its row shows what the path selects, and
    /// its changes are only those at the selected values.
    public var path: String?
    /// What ``path`` selects in the latest version, on one line; nil until worked out.
    public var watchedValue: String?

    /// Creates an entry.
    public init(url: String, interval: Double, label: String? = nil) {
        self.url = url
        self.label = label ?? SecretMasker.maskURL(url)
        self.interval = interval
    }
}
