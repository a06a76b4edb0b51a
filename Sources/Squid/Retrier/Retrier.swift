@preconcurrency import OpenCombine

/// Decides, after a failed attempt, whether a request is sent again, and may wait before.
///
/// A retrier is created by the service's ``RetrierFactory`` for one scheduled request, the first
/// time an attempt of that request fails, and is then asked after failed attempts of that request,
/// one call at a time from the request's task. It may therefore keep state (a count, the next
/// delay) without locks. Every retried attempt is built afresh: the service's
/// ``HttpService/asyncHeader`` is awaited again, so a retrier that refreshed a token only needs to
/// return `true`.
///
/// A retrier answers in one of two forms; implement exactly one:
/// - the `async` ``retry(_:failingWith:)-(_,_)->Bool``, which suspends as long as it wants to
///   wait and returns the answer, or
/// - the Squid 1.x form returning `Future<Bool, Never>`, whose first value is the answer.
///
/// Each form's default calls the other one. A retrier that implements neither stops the process
/// with a message naming its type the first time it is asked (instead of looping forever).
///
/// How often a retrier is asked is set by ``allowsMultipleRetries``: when a retrier implements
/// it, it is asked again after a retried attempt failed only if it returns `true`. When it does
/// not, the form decides: `async` retriers are asked after every failure (and stop by returning
/// `false`), `Future` retriers are asked once, as in Squid 1.x.
///
/// Retriers are not asked about cancellations; if the request is cancelled while a retrier waits,
/// the request ends with ``Squid/Error/cancelled`` whatever the retrier returns.
public protocol Retrier {

    /// Whether the retrier is asked again when a retried attempt fails too (`false`: the first
    /// answer is the only one). The default returns `false`; see the type's description for how
    /// a retrier that does not implement it is treated.
    var allowsMultipleRetries: Bool { get }

    /// Returns whether `request`, which just failed with `error`, should be sent again. Suspend
    /// (e.g. `Task.sleep`) to wait before the retry; the retry is sent as soon as this returns
    /// `true`. Returning `false` ends the request with `error`. By default it awaits the first
    /// value of the `Future` form (`false` if the task is cancelled meanwhile).
    func retry<R: Request>(_ request: R, failingWith error: Squid.Error) async -> Bool

    /// The Squid 1.x form: a future whose first value says whether `request`, which just failed
    /// with `error`, should be sent again. The retry is sent when the future delivers `true`. By
    /// default it runs the `async` form on a new task.
    func retry<R: Request>(_ request: R, failingWith error: Squid.Error) -> Future<Bool, Never>
}

extension Retrier {

    /// `false`.
    public var allowsMultipleRetries: Bool {
        RetrierBridge.noteDefaultAllowsMultipleRetries()
        return false
    }

    /// Awaits the `Future` form.
    public func retry<R: Request>(_ request: R, failingWith error: Squid.Error) async -> Bool {
        await RetrierBridge.asyncAnswer(of: self, request, error)
    }

    /// Runs the `async` form on a new task.
    public func retry<R: Request>(_ request: R, failingWith error: Squid.Error) -> Future<Bool, Never> {
        RetrierBridge.futureAnswer(of: self, request, error)
    }
}
