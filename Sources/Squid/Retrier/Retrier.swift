/// Decides, after a failed attempt, whether a request is sent again, and may wait before.
///
/// A retrier is created by the service's ``RetrierFactory`` for one scheduled request, the first
/// time an attempt of that request fails, and is then asked after every failed attempt of that
/// request, one call at a time from the request's task. It may therefore keep state (a count, the
/// next delay) without locks. Every retried attempt is built afresh: the service's
/// ``HttpService/asyncHeader`` is awaited again, so a retrier that refreshed a token only needs to
/// return `true`.
///
/// Retriers are not asked about cancellations; if the request is cancelled while a retrier waits,
/// the request ends with ``Squid/Error/cancelled`` whatever the retrier returns.
public protocol Retrier: AnyObject {

    /// Returns whether `request`, which just failed with `error`, should be sent again. Suspend
    /// (e.g. `Task.sleep`) to wait before the retry; the retry is sent as soon as this returns
    /// `true`. Returning `false` ends the request with `error`.
    func retry<R: Request>(_ request: R, failingWith error: Squid.Error) async -> Bool
}
