/// The panes of the main screen; the title of each is the Siesta name it shows.
public enum Pane: String, CaseIterable, Sendable {
    /// The focused resource's `url` and the service's `baseURL`.
    case url = "URL"
    /// `latestData`.
    case latestData
    /// `latestError`.
    case latestError
    /// `isLoading`, progress and staleness.
    case isLoading
    /// The event and hook log.
    case events = "Events"
    /// `service.cachedResources`.
    case resources = "cachedResources"
    /// The watch board: the pinned resources.
    case watch
}
