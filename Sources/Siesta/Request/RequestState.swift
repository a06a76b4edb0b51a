/// Where a request is in its life.
public enum RequestState: Sendable {
    /// Created but not yet sent (e.g. before ``Request/start()``).
    case notStarted
    /// Sent; no response handled yet.
    case inProgress
    /// Finished: succeeded, failed or was cancelled. Hooks have fired or fire at once.
    case completed
}
