import Foundation
import Testing

/// Waits until `condition` holds, checking it every few milliseconds on the caller's actor (which
/// stays free in between, so callbacks queued on it run). Records an issue naming `description`
/// and returns false after `timeout` seconds.
@discardableResult
public func waitUntil(
    _ description: String = "condition",
    timeout: Double = 10,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async -> Bool {
    let timeout = TestTime.scaled(timeout)
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while !condition() {
        if ContinuousClock.now > deadline {
            Issue.record("timed out after \(timeout) s waiting for \(description)", sourceLocation: sourceLocation)
            return false
        }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// Waits until the asynchronous `condition` holds, checking it every few milliseconds (a store
/// that answers with `async` calls). Records an issue naming `description` and returns false
/// after `timeout` seconds.
@discardableResult
public func waitUntilAsync(
    _ description: String = "condition",
    timeout: Double = 10,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async -> Bool {
    let timeout = TestTime.scaled(timeout)
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while await !condition() {
        if ContinuousClock.now > deadline {
            Issue.record("timed out after \(timeout) s waiting for \(description)", sourceLocation: sourceLocation)
            return false
        }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// Waits until the wall clock has passed `referenceTime` (seconds since 2001-01-01, the unit of
/// Siesta's timestamps) by more than `margin` seconds: for tests that need an entity to be stale
/// or a timestamp to differ, without guessing a sleep.
@discardableResult
public func waitForClock(
    toPass referenceTime: TimeInterval,
    by margin: TimeInterval = 0,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
    await waitUntil("the clock to pass \(referenceTime + margin)", sourceLocation: sourceLocation) {
        Date.timeIntervalSinceReferenceDate > referenceTime + margin
    }
}
