import Foundation

/// Durations as people write them in request files and on the command line: `250ms`, `2s`,
/// `1.5s`, `10m`, `1h`; a bare number is milliseconds.
public enum DurationText {
    /// The duration written as `text`, nil when it is not one (negative, unknown unit, empty).
    public static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: [" ", "\t"])
        let units: [(String, Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        var number = Substring(trimmed)
        var scale = 1.0
        for (unit, factor) in units where trimmed.hasSuffix(unit) {
            let candidate = trimmed.dropLast(unit.count)
            // `ms` must win over `s`: the first unit that leaves a number is taken.
            if candidate.last.map({ $0.isNumber || $0 == "." }) == true {
                number = candidate
                scale = factor
                break
            }
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number), value.isFinite, value >= 0, value * scale < 1e12
        else { return nil }
        return .nanoseconds(Int64((value * scale * 1_000_000).rounded()))
    }

    /// The shortest text ``parse(_:)`` reads back as `duration`: `500ms`, `2s`, `10m`, `1h`,
    /// `1.5s`.
    public static func format(_ duration: Duration) -> String {
        let milliseconds =
            Double(duration.components.seconds) * 1000
            + Double(duration.components.attoseconds) / 1e15
        for (unit, factor) in [("h", 3_600_000.0), ("m", 60_000.0), ("s", 1000.0)]
        where milliseconds >= factor && milliseconds.truncatingRemainder(dividingBy: factor) == 0 {
            return "\(Int(milliseconds / factor))\(unit)"
        }
        if milliseconds >= 1000 {
            let seconds = milliseconds / 1000
            if (seconds * 1000).rounded() == seconds * 1000 { return "\(trimmed(seconds))s" }
        }
        return "\(trimmed(milliseconds))ms"
    }

    private static func trimmed(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}
