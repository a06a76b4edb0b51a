/// Creates a fresh ``Retrier`` for each scheduled request that fails.
///
/// Retriers may hold per-request state, so a factory must hand out a new instance per call
/// (unless its retriers are stateless). For a closure-based factory use ``AnyRetrierFactory``;
/// ``NilRetrier/factory()`` and ``BackoffRetrier/factory(initialDelay:multiplier:maximumDelay:maximumRetries:retryCondition:)``
/// are ready-made.
public protocol RetrierFactory: Sendable {

    /// Returns the retrier for `request`, called once per scheduled request on its first failure.
    func create<R: Request>(for request: R) -> any Retrier
}
