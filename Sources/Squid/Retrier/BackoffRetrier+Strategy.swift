import Foundation

extension BackoffRetrier {

    /// How the wait grows from one retry to the next, in the Squid 1.x form of the factory.
    public enum Strategy: Sendable, Hashable {

        /// Waits one second before the first retry and twice as long before each further one.
        case exponentialBinary

        /// The wait before the first retry, in seconds.
        public var initial: TimeInterval {
            switch self {
            case .exponentialBinary:
                return 1
            }
        }

        /// The wait that follows a wait of `current` seconds.
        public func next(_ current: TimeInterval) -> TimeInterval {
            switch self {
            case .exponentialBinary:
                return current * 2
            }
        }
    }

    /// A factory in the Squid 1.x form: waits as `strategy` says and retries while the next wait
    /// is shorter than `maxBackoff` seconds (so 600 gives waits of 1, 2, 4, … 512 s, ten retries).
    /// A `Retry-After` header of the failed response still replaces the computed wait.
    ///
    /// - Parameters:
    ///   - strategy: How the wait grows.
    ///   - maxBackoff: No retry is made once the wait would reach this many seconds.
    ///   - retryCondition: Which errors are worth a retry (``defaultRetryCondition(_:)``).
    public static func factory(
        strategy: Strategy,
        maxBackoff: TimeInterval = 600,
        retryCondition: @escaping @Sendable (Squid.Error) -> Bool = BackoffRetrier.defaultRetryCondition
    ) -> RetrierFactory {
        var retries = 0
        var wait = strategy.initial
        while wait < maxBackoff, retries < 1000 {
            retries += 1
            wait = strategy.next(wait)
        }
        return factory(
            initialDelay: strategy.initial,
            multiplier: strategy.next(1),
            maximumDelay: max(maxBackoff, strategy.initial),
            maximumRetries: retries,
            retryCondition: retryCondition
        )
    }

    /// The Squid 1.x factory with the ``Strategy/exponentialBinary`` strategy and a limit of
    /// `maxBackoff` seconds; see ``factory(strategy:maxBackoff:retryCondition:)``.
    ///
    /// - Parameters:
    ///   - maxBackoff: No retry is made once the wait would reach this many seconds.
    ///   - retryCondition: Which errors are worth a retry (``defaultRetryCondition(_:)``).
    public static func factory(
        maxBackoff: TimeInterval,
        retryCondition: @escaping @Sendable (Squid.Error) -> Bool = BackoffRetrier.defaultRetryCondition
    ) -> RetrierFactory {
        factory(strategy: .exponentialBinary, maxBackoff: maxBackoff, retryCondition: retryCondition)
    }
}
