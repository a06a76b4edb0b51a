/// Trying a request again until its assertions hold, for polling: at most ``count`` more tries,
/// ``interval`` apart. A request that could not be sent at all is tried again too.
public struct RetryRule: Sendable, Hashable {
    /// How many more tries after the first (so `count: 3` sends at most four times).
    public var count: Int
    /// The pause between tries.
    public var interval: Duration

    /// Creates a rule.
    public init(count: Int, interval: Duration) {
        self.count = count
        self.interval = interval
    }
}
