/// Decides when the next frame is drawn, from what asked for it and how often frames have been
/// drawn lately: a pure value with an explicit clock, so the rule is tested without sleeping.
///
/// The rule:
/// - **Never more than ``maximumRate`` frames in any second.** A token bucket holds at most
///   ``burst`` frames and refills at `maximumRate - burst` a second, so a key and the answer that
///   follows it a few milliseconds later are both drawn at once, while a sustained flow is held
///   just under the rate and no one-second window can hold more than `maximumRate` frames.
/// - **Prompt frames** (a key, news the user is waiting for) are drawn as soon as the rate allows.
/// - **Background frames** (news nobody asked for just now: a watched resource refreshed, a stream
///   event) are drawn as soon as the rate allows too while frames have been rare; once
///   ``stormFrames`` frames or more were drawn in the last second, they are coalesced to one every
///   ``stormInterval`` seconds. A prompt frame never waits behind that pacing.
///
/// Use: call ``request(_:at:)`` whenever something changed; it returns the time a frame should be
/// drawn when that is sooner than the one already planned, or nil when the planned frame serves.
/// Call ``drew(at:)`` when the frame is drawn.
public struct FramePacer: Sendable {
    /// Why a frame is wanted.
    public enum Reason: Sendable, Equatable {
        /// A key, a resize, or news the user is looking at or just asked for.
        case prompt
        /// News in the background: drawn at once while frames are rare, coalesced in a storm.
        case background
    }

    /// The most frames drawn in any one second.
    public let maximumRate: Double
    /// How many frames may be drawn back to back before the rate holds them apart.
    public let burst: Double
    /// Frames in the last second from which background news counts as a storm.
    public let stormFrames: Int
    /// The gap between background frames during a storm, in seconds.
    public let stormInterval: Double

    /// The time of the planned frame, if one is planned.
    public private(set) var plannedAt: Double?
    /// When the recent frames were drawn, oldest first, at most `stormFrames` of them.
    private var recent: [Double] = []
    /// Frames that may be drawn now without exceeding the rate.
    private var tokens: Double
    /// When `tokens` was last brought up to date.
    private var tokensAt: Double?

    /// Creates a pacer that has drawn nothing yet.
    ///
    /// - Parameters:
    ///   - maximumRate: the most frames a second (60 by default).
    ///   - burst: frames that may follow each other at once (3 by default).
    ///   - stormFrames: frames in the last second from which background news is coalesced (10).
    ///   - stormInterval: the gap between background frames in a storm (0.1 s: ten a second).
    public init(maximumRate: Double = 60, burst: Double = 3, stormFrames: Int = 10, stormInterval: Double = 0.1) {
        self.maximumRate = max(2, maximumRate)
        self.burst = min(max(1, burst), self.maximumRate - 1)
        self.stormFrames = max(1, stormFrames)
        self.stormInterval = max(0, stormInterval)
        tokens = self.burst
    }

    /// The number of frames drawn in the second up to `now`, counted up to ``stormFrames``.
    public func framesInLastSecond(at now: Double) -> Int {
        recent.reduce(0) { $0 + ($1 > now - 1 ? 1 : 0) }
    }

    /// The earliest time a frame wanted at `now` for `reason` may be drawn.
    public func earliestFrame(for reason: Reason, at now: Double) -> Double {
        var due = now
        // The token bucket.
        let available = currentTokens(at: now)
        if available < 1 { due = max(due, now + (1 - available) / refillRate) }
        if reason == .background, framesInLastSecond(at: now) >= stormFrames, let last = recent.last {
            due = max(due, last + stormInterval)
        }
        return due
    }

    /// Asks for a frame at `now`. Returns when to draw it if that is sooner than the frame already
    /// planned (the caller then sets a timer for it), or nil when the planned frame comes as soon.
    public mutating func request(_ reason: Reason, at now: Double) -> Double? {
        let due = earliestFrame(for: reason, at: now)
        if let plannedAt, plannedAt <= due { return nil }
        plannedAt = due
        return due
    }

    /// Records a frame drawn at `now`; nothing is planned after it.
    public mutating func drew(at now: Double) {
        tokens = currentTokens(at: now) - 1
        tokensAt = now
        recent.append(now)
        if recent.count > stormFrames { recent.removeFirst(recent.count - stormFrames) }
        plannedAt = nil
    }

    private func currentTokens(at now: Double) -> Double {
        guard let tokensAt else { return tokens }
        return min(burst, tokens + max(0, now - tokensAt) * refillRate)
    }

    /// Tokens gained a second: a full bucket plus one second of refill is `maximumRate` frames.
    private var refillRate: Double { maximumRate - burst }
}
