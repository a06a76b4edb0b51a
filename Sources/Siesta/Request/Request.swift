import Foundation

/// An HTTP request that a resource sent (or will send), with hooks for its outcome.
///
/// Hooks are one-offs: each fires **at most once**, on the main actor, when this request
/// completes, in the order they were added. A hook added after the request completed fires
/// immediately. Every hook method returns the request so calls chain:
///
/// ```swift
/// resource.load()
///     .onSuccess { entity in print("Wow! Data!") }
///     .onFailure { error in print("Oh, bummer.") }
/// ```
///
/// Requests made with `Resource.request(...)` never change resource state; `load()` and
/// `load(using:)` do, before any hook of the request fires.
@MainActor
public protocol Request: AnyObject {
    /// Sends the request if it has not been sent yet; does nothing otherwise.
    @discardableResult
    func start() -> any Request

    /// Where the request is in its life.
    var state: RequestState { get }

    /// Fires when the request completes for any reason: success, failure or cancellation.
    @discardableResult
    func onCompletion(_ callback: @escaping @MainActor (ResponseInfo) -> Void) -> any Request

    /// Fires when the request succeeds, whether with new data or with “not modified”. The entity
    /// is the one the resource now holds (the old one for a 304).
    @discardableResult
    func onSuccess(_ callback: @escaping @MainActor (Entity<Any>) -> Void) -> any Request

    /// Fires when the request succeeds with new data (not for 304 Not Modified).
    @discardableResult
    func onNewData(_ callback: @escaping @MainActor (Entity<Any>) -> Void) -> any Request

    /// Fires when the server answered 304 Not Modified and the local data stays.
    @discardableResult
    func onNotModified(_ callback: @escaping @MainActor () -> Void) -> any Request

    /// Fires when the request fails, including when it is cancelled.
    @discardableResult
    func onFailure(_ callback: @escaping @MainActor (RequestError) -> Void) -> any Request

    /// An estimate of how far along the request is, from 0 to 1. It never decreases and is 1
    /// once the request completes.
    var progress: Double { get }

    /// Fires repeatedly as the request progresses, at most every
    /// `Configuration.progressReportingInterval`, with values from 0 to 1 that never decrease. The
    /// last call, with 1, comes before the completion hooks. Added after completion, it fires
    /// once with 1.
    @discardableResult
    func onProgress(_ callback: @escaping @MainActor (Double) -> Void) -> any Request

    /// Cancels the request if it is still in progress: it completes at once with a
    /// ``RequestError/Cause/RequestCancelled`` failure, and its network transfer stops. Does
    /// nothing if the request already completed.
    func cancel()

    /// Returns a new, unstarted copy of this request that recomputes headers from the current
    /// configuration and reapplies its request mutations. The copy has no hooks.
    func repeated() -> any Request
}

extension Request {
    /// Wraps this request so that, when it completes, `whenCompleted` decides the outcome: pass
    /// control to another request, substitute a response, or keep this one's. This request itself
    /// is not altered: its own hooks see its own response.
    ///
    /// ```swift
    /// let chained = request.chained { info in
    ///     if case .failure(let error) = info.response, error.httpStatusCode == 401 {
    ///         return .passTo(refreshToken().chained { _ in .passTo(request.repeated()) })
    ///     }
    ///     return .useThisResponse
    /// }
    /// ```
    ///
    /// If this request has already been started, the chain starts too; otherwise it starts with
    /// ``start()``, which starts this request. ``RequestChainAction/passTo(_:)`` starts the request
    /// it passes to.
    ///
    /// Cancelling the chained request stops the chain at once: `whenCompleted` is not called
    /// afterwards, and the request the chain waits on is cancelled. Cancelling this request does
    /// not stop the chain: `whenCompleted` receives the cancellation like any other failure.
    /// ``repeated()`` repeats this request and runs `whenCompleted` afresh.
    public func chained(
        whenCompleted callback: @escaping @MainActor (ResponseInfo) -> RequestChainAction
    ) -> any Request {
        let chain = Resource.prepareRequest(using: RequestChainDelegate(wrapping: self, whenCompleted: callback))
        if state != .notStarted {
            chain.start()
        }
        return chain
    }
}
