import Foundation

/// The dates of a HAR file: ISO 8601 in UTC with milliseconds, and the HTTP dates of cookies
/// they are read from.
enum HARDates {
    /// `date` as `2026-03-01T12:30:05.042Z`, milliseconds rounded down.
    static func iso(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let fraction = Int(milliseconds - seconds * 1000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        func padded(_ number: Int?, _ width: Int) -> String {
            let text = String(number ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(padded(parts.year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))T"
            + "\(padded(parts.hour, 2)):\(padded(parts.minute, 2)):\(padded(parts.second, 2)).\(padded(fraction, 3))Z"
    }

    /// The date of a cookie's `Expires` in the forms servers send (`Wed, 21 Oct 2026 07:28:00 GMT`,
    /// `Wed, 21-Oct-2026 07:28:00 GMT`, `Wednesday, 21-Oct-26 07:28:00 GMT`), or nil.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in [
            "EEE, dd MMM yyyy HH:mm:ss zzz", "EEE, dd-MMM-yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz",
        ] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
