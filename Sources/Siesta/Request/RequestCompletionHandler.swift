/// What a ``RequestDelegate`` reports its response to; see
/// ``RequestDelegate/startUnderlyingOperation(passingResponseTo:)``.
@MainActor
public protocol RequestCompletionHandler {
    /// Completes the request with `newInfo`, passed to the request hooks as it is (the response
    /// pipeline applies only to Siesta's own network requests). The first call wins; later calls,
    /// and calls after cancellation, are ignored.
    func broadcastResponse(_ newInfo: ResponseInfo)

    /// Whether ``broadcastResponse(_:)`` would ignore `responseInfo` because the request has
    /// already completed or is being cancelled. Delegates can check it to skip work whose result
    /// nobody would see.
    func willIgnore(_ responseInfo: ResponseInfo) -> Bool
}
