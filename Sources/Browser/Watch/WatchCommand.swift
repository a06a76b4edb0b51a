/// What the watch board asks the browser to do with Siesta and the scheduler.
public enum WatchCommand: Sendable, Equatable {
    /// Watch `url`, refreshing it every `interval` seconds (its `expirationTime`).
    case pin(url: String, interval: Double)
    /// Stop watching `url`.
    case unpin(url: String)
    /// Pause (true) or resume (false) `url`.
    case pause(url: String, Bool)
    /// Refresh `url` every `interval` seconds from now on.
    case interval(url: String, Double)
    /// Watch only what `path` (a JSONPath, already checked) selects in `url`'s body; nil watches
    /// the whole body again.
    case path(url: String, String?)
}
