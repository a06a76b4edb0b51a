import Foundation

/// Custom logic behind a ``Request``: wrap something that is not a plain network call (a
/// third-party OAuth flow, a local computation, a delay) so that it looks to Siesta like any other
/// request. Pass it to ``Resource/prepareRequest(using:)``.
///
/// The request built around a delegate supplies everything else: the hooks, which fire exactly
/// once even if the delegate reports several responses, the request state, progress polling, and
/// cancellation, after which late responses are ignored. It can take part in
/// ``Request/chained(whenCompleted:)`` chains, request decorators and ``Request/repeated()``.
///
/// ```swift
/// struct Delay: RequestDelegate {
///     let seconds: Double
///     let requestDescription = "delay"
///
///     func startUnderlyingOperation(passingResponseTo completionHandler: any RequestCompletionHandler) {
///         Task { @MainActor in
///             try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
///             completionHandler.broadcastResponse(ResponseInfo(response: .success(Entity<Any>(content: "", contentType: "text/plain"))))
///         }
///     }
///     func cancelUnderlyingOperation() {}
///     func repeated() -> any RequestDelegate { self }
/// }
/// ```
@MainActor
public protocol RequestDelegate {
    /// Starts the operation that will produce the response. Siesta calls it at most once per
    /// request; the delegate must eventually call `completionHandler.broadcastResponse(_:)`,
    /// typically keeping the handler until its operation finishes.
    func startUnderlyingOperation(passingResponseTo completionHandler: any RequestCompletionHandler)

    /// The request was cancelled: the delegate may stop its operation. The request has
    /// completed with a cancellation by the time any late response arrives, and that response
    /// is ignored.
    func cancelUnderlyingOperation()

    /// A fresh delegate that performs the same operation again, for ``Request/repeated()``; it
    /// may reread configuration that changed since.
    func repeated() -> any RequestDelegate

    /// How far along the operation is, from 0 to 1; polled every ``progressReportingInterval``
    /// while the request runs. Values should not decrease; the request reports 1 once it
    /// completes whatever this returns. 0 by default.
    func computeProgress() -> Double

    /// Seconds between calls to ``computeProgress()``; 0.05 by default.
    var progressReportingInterval: TimeInterval { get }

    /// A short description of the operation for logs.
    var requestDescription: String { get }

    /// Where the request's start and cancellation are logged; ``SiestaLog/Category/network`` by
    /// default, `nil` for nowhere.
    var logCategory: SiestaLog.Category? { get }
}

extension RequestDelegate {
    /// Always 0: no progress information.
    public func computeProgress() -> Double { 0 }

    /// A twentieth of a second.
    public var progressReportingInterval: TimeInterval { 0.05 }

    /// ``SiestaLog/Category/network``.
    public var logCategory: SiestaLog.Category? { .network }
}
