import Foundation

/// Small, locale-independent formatting helpers: sizes, durations and request timings as the
/// browser's panes and an ``Exchange``'s summaries show them.
public enum Format {
    /// `512 B`, `1.2 kB`, `10.0 MB` (decimal units).
    public static func bytes(_ count: Int) -> String {
        if count < 1000 { return "\(count) B" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(count) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: "%.1f %@", value, units[unit])
    }

    /// `0.4s`, `12s`, `3m 05s`, `2h 03m`, `3d 04h`; negative values give `-` plus the
    /// magnitude. Beyond 10,000 days (and for infinity or NaN) it says so instead of counting.
    public static func duration(_ seconds: Double) -> String {
        if seconds.isNaN { return "?" }
        if seconds < 0 { return "-" + duration(-seconds) }
        if seconds < 10 { return String(format: "%.1fs", seconds) }
        guard seconds < 10_000 * 86_400 else { return "> 10000d" }
        let whole = Int(seconds)
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return String(format: "%dm %02ds", whole / 60, whole % 60) }
        if whole < 86_400 { return String(format: "%dh %02dm", whole / 3600, (whole % 3600) / 60) }
        return String(format: "%dd %02dh", whole / 86_400, (whole % 86_400) / 3600)
    }

    /// `0.8 ms`, `12 ms`, `1.25 s`: request timings.
    public static func milliseconds(_ seconds: Double) -> String {
        if seconds.isNaN || seconds < 0 { return "?" }
        if seconds < 0.01 { return String(format: "%.1f ms", seconds * 1000) }
        if seconds < 1 { return String(format: "%.0f ms", seconds * 1000) }
        return String(format: "%.2f s", seconds)
    }
}
