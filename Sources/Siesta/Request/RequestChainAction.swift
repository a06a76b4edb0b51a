/// What a chained request does when the request it wraps completes; returned by the closure
/// given to ``Request/chained(whenCompleted:)``.
@MainActor
public enum RequestChainAction {
    /// Start this other request if it has not started, wait for it, and use its response.
    case passTo(any Request)
    /// Complete with this response.
    case useResponse(ResponseInfo)
    /// Complete with the wrapped request's own response.
    case useThisResponse
}
