/// A value captured into a variable, with when it stops being fresh.
struct RunCapture: Sendable {
    /// The value.
    var value: String
    /// The key of the request that captured it.
    var source: String
    /// When it stops being fresh; nil for the whole run.
    var expires: ContinuousClock.Instant?

    /// True while it may be used.
    func isFresh(at now: ContinuousClock.Instant) -> Bool {
        expires.map { now < $0 } ?? true
    }
}
