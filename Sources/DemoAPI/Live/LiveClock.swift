import Foundation

/// The step clock behind the live routes: time since the server started, counted in whole steps.
///
/// Every live representation is a pure function of the step number (and of the wall-clock time
/// the server started, for timestamps), so two requests in the same step see the same bytes and
/// the same ``ETag``, and no timer has to run for the plain routes. The streaming routes sleep
/// until the next step boundary.
struct LiveClock: Sendable {
    /// The shortest step accepted; shorter lengths are raised to it.
    static let minimumStep = Duration.milliseconds(1)

    /// The length of one step.
    let step: Duration
    /// The monotonic instant of step 0.
    let origin: ContinuousClock.Instant
    /// The wall-clock time of step 0.
    let originDate: Date

    /// Starts a clock now, with steps of `step` (at least ``minimumStep``).
    init(step: Duration) {
        self.init(step: step, origin: .now, originDate: Date())
    }

    /// A clock whose step 0 began at `origin`, which was `originDate` on the wall clock.
    init(step: Duration, origin: ContinuousClock.Instant, originDate: Date) {
        self.step = max(step, Self.minimumStep)
        self.origin = origin
        self.originDate = originDate
    }

    /// The length of a step in whole milliseconds (0 for steps shorter than that).
    var stepMilliseconds: Int {
        let (seconds, attoseconds) = step.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// The number of whole steps elapsed since step 0.
    func currentStep() -> Int {
        let elapsed = ContinuousClock.now - origin
        return elapsed < .zero ? 0 : Int((elapsed / step).rounded(.down))
    }

    /// The wall-clock time at which step `number` begins (before the server started for a
    /// negative number).
    func date(ofStep number: Int) -> Date {
        originDate.addingTimeInterval(Double(number) * (step / .seconds(1)))
    }

    /// The ISO-8601 text (UTC, milliseconds) of the time at which step `number` begins.
    func timestamp(ofStep number: Int) -> String {
        date(ofStep: number).formatted(Self.timestampStyle)
    }

    /// Sleeps until step `number` has begun; returns at once when it already has. Throws
    /// `CancellationError` when the task is cancelled.
    func sleep(untilStep number: Int) async throws {
        try await Task.sleep(until: origin + step * number, clock: .continuous)
    }

    private static let timestampStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
