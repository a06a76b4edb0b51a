@preconcurrency import OpenCombine

extension Publisher {

    /// Replaces a failure of this publisher by a normal completion: values pass through, and an
    /// error ends the stream with `.finished` instead of `.failure`. The upstream is not
    /// resubscribed.
    ///
    /// ```swift
    /// let c = UsersRequest().schedule(with: api).ignoreError().sink { users in print(users) }
    /// ```
    public func ignoreError() -> Publishers.IgnoreError<Self> {
        Publishers.IgnoreError(upstream: self)
    }
}

extension Publishers {

    /// A publisher that forwards the values of its upstream and completes with `.finished` both
    /// when the upstream finishes and when it fails. Created by ``OpenCombine/Publisher/ignoreError()``.
    public struct IgnoreError<Upstream: Publisher>: Publisher {

        /// The upstream's output.
        public typealias Output = Upstream.Output

        /// Never fails.
        public typealias Failure = Never

        /// The publisher whose failure is ignored.
        public let upstream: Upstream

        /// Wraps `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        /// Subscribes `subscriber` to the upstream, translating a failure into `.finished`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            upstream.subscribe(Inner(downstream: subscriber))
        }

        private struct Inner<Downstream: Subscriber>: Subscriber
        where Downstream.Input == Upstream.Output, Downstream.Failure == Never {
            typealias Input = Upstream.Output
            typealias Failure = Upstream.Failure

            let downstream: Downstream
            let combineIdentifier = CombineIdentifier()

            func receive(subscription: Subscription) {
                downstream.receive(subscription: subscription)
            }

            func receive(_ input: Input) -> Subscribers.Demand {
                downstream.receive(input)
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                downstream.receive(completion: .finished)
            }
        }
    }
}
