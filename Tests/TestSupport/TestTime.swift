import Foundation

/// How long tests wait. Every wait for a condition (``waitUntil(_:timeout:isolation:sourceLocation:_:)``,
/// ``TmuxSession/waitFor(_:count:timeout:sourceLocation:)``) stretches its timeout by ``scale``,
/// so that a run under a sanitizer, which is several times slower, waits as long as it needs
/// without making a normal run slower to fail.
public enum TestTime {
    /// `HAMMOCK_TEST_TIME_SCALE` from the environment (a number from 1 to 100; 1 when unset or
    /// not such a number). `scripts/sanitize.sh` sets it.
    public static let scale: Double = {
        guard let text = ProcessInfo.processInfo.environment["HAMMOCK_TEST_TIME_SCALE"], let value = Double(text),
            (1...100).contains(value)
        else { return 1 }
        return value
    }()

    /// `seconds` stretched by ``scale``.
    public static func scaled(_ seconds: Double) -> Double {
        seconds * scale
    }
}
