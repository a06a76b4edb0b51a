/// What changed about a resource; the second argument of every observer notification.
///
/// | event              | observers | latestData | latestError | isLoading | timestamp |
/// |--------------------|-----------|------------|-------------|-----------|-----------|
/// | `observerAdded`    | one added |            |             |           |           |
/// | `requested`        |           |            |             | true      |           |
/// | `requestCancelled` |           |            |             | false*    |           |
/// | `newData`          |           | updated    | nil         | false*    | updated   |
/// | `notModified`      |           |            | nil         | false*    | updated   |
/// | `error`            |           |            | updated     | false*    | updated   |
///
/// \* `isLoading` may stay true if several loads were in flight.
public enum ResourceEvent: Sendable, Equatable {
    /// Sent only to a newly added observer, at once, so it can show the current state.
    case observerAdded
    /// A load request started.
    case requested
    /// A load request was cancelled; data and error are unchanged.
    case requestCancelled
    /// `latestData` changed; the associated value says where the data came from.
    case newData(NewDataSource)
    /// The server answered 304 Not Modified: `latestData` is unchanged but its timestamp is now.
    case notModified
    /// A load failed; `latestError` holds why. `latestData` is unchanged.
    case error

    /// Where new data came from.
    public enum NewDataSource: Sendable, Equatable, CustomStringConvertible {
        /// A network response.
        case network
        /// A persistent cache.
        case cache
        /// `overrideLocalData(with:)` or `overrideLocalContent(with:)`.
        case localOverride
        /// `wipe()`: the data is now gone.
        case wipe

        /// `network`, `cache`, `localOverride` or `wipe`.
        public var description: String {
            switch self {
            case .network: return "network"
            case .cache: return "cache"
            case .localOverride: return "localOverride"
            case .wipe: return "wipe"
            }
        }
    }
}

extension ResourceEvent: CustomStringConvertible {
    /// The event's Siesta name: `observerAdded`, `requested`, `requestCancelled`,
    /// `newData(network)`, `notModified`, `error`…
    public var description: String {
        switch self {
        case .observerAdded: return "observerAdded"
        case .requested: return "requested"
        case .requestCancelled: return "requestCancelled"
        case .newData(let source): return "newData(\(source))"
        case .notModified: return "notModified"
        case .error: return "error"
        }
    }
}
