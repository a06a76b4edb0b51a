@preconcurrency import OpenCombine

extension Publisher where Failure == Never {

    /// Unwraps the `Result` elements of a publisher that never fails: `.success` values are
    /// forwarded, `.failure` elements are dropped (the demand they used is given back upstream,
    /// so dropping never stalls the stream).
    ///
    /// ```swift
    /// results.ignoreResultErrors().sink { value in print(value) }
    /// ```
    public func ignoreResultErrors<Value, ResultFailure>()
        -> Publishers.IgnoreResultErrors<Self, Value, ResultFailure>
    where Output == Result<Value, ResultFailure> {
        Publishers.IgnoreResultErrors(upstream: self)
    }
}

extension Publishers {

    /// A publisher that forwards the successful values of an upstream of `Result`s and drops the
    /// failed ones. Created by ``OpenCombine/Publisher/ignoreResultErrors()``.
    ///
    /// Every dropped element asks the upstream for one more element, so a subscriber that
    /// requested `n` values still receives `n` successes when the upstream has them.
    public struct IgnoreResultErrors<Upstream: Publisher, Output, ResultFailure: Swift.Error>: Publisher
    where Upstream.Output == Result<Output, ResultFailure>, Upstream.Failure == Never {

        /// Never fails.
        public typealias Failure = Never

        /// The publisher of results.
        public let upstream: Upstream

        /// Wraps `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Subscribes `subscriber` to the upstream, forwarding only successful values.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            upstream.subscribe(Inner(downstream: subscriber))
        }

        private struct Inner<Downstream: Subscriber>: Subscriber
        where Downstream.Input == Output, Downstream.Failure == Never {
            typealias Input = Result<Output, ResultFailure>
            typealias Failure = Never

            let downstream: Downstream
            let combineIdentifier = CombineIdentifier()

            func receive(subscription: Subscription) {
                downstream.receive(subscription: subscription)
            }

            func receive(_ input: Input) -> Subscribers.Demand {
                switch input {
                case .success(let value):
                    return downstream.receive(value)
                case .failure:
                    return .max(1)
                }
            }

            func receive(completion: Subscribers.Completion<Never>) {
                downstream.receive(completion: completion)
            }
        }
    }
}
