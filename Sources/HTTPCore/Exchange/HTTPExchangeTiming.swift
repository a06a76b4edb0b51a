/// When one exchange started, received its first response byte and ended, on the system's
/// monotonic clock.
package struct HTTPExchangeTiming: Sendable, Hashable {
    /// When the request was handed to the client.
    package var start: ContinuousClock.Instant
    /// When the (final) response head arrived; nil if none did.
    package var firstByte: ContinuousClock.Instant?
    /// When the exchange ended, with a response or a failure.
    package var end: ContinuousClock.Instant

    /// Time from the start to the response head, if one arrived.
    package var timeToFirstByte: Duration? {
        firstByte.map { start.duration(to: $0) }
    }

    /// Time from the start to the end.
    package var total: Duration {
        start.duration(to: end)
    }
}
