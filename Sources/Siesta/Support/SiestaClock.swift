import Foundation

/// The clock behind entity and error timestamps.
enum SiestaClock {
    /// Seconds since the reference date (2001-01-01), the unit of every Siesta timestamp.
    static func now() -> TimeInterval {
        Date.timeIntervalSinceReferenceDate
    }
}
