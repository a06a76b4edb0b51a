import Foundation

/// Values made when a request is sent, written `{{$name}}` as the `.http` dialects write them.
/// Each placeholder gets its own value, so two `{{$uuid}}` in one request differ.
///
/// | written | gives |
/// |---|---|
/// | `{{$uuid}}`, `{{$guid}}`, `{{$random.uuid}}` | a random UUID, lower case |
/// | `{{$timestamp}}` | seconds since 1970 (`{{$timestamp -1 d}}`: offset by −1 day; units `s m h d w`) |
/// | `{{$isoTimestamp}}` | the time in ISO 8601, UTC, with milliseconds |
/// | `{{$datetime iso8601}}`, `{{$datetime rfc1123}}` | the time in that form, UTC (an offset may follow) |
/// | `{{$randomInt}}` | a whole number from 0 to 999 |
/// | `{{$randomInt 5 10}}` | a whole number from 5 to 9 (the end is left out) |
/// | `{{$processEnv NAME}}` | the process environment variable `NAME` |
///
/// Any other `$name` has no value, and the request is not sent: the message names it.
public enum DynamicVariable {
    /// True for a `$name` a placeholder may hold (`$` then letters, digits and dots).
    public static func isName(_ text: String) -> Bool {
        guard text.hasPrefix("$"), text.count > 1 else { return false }
        let body = text.unicodeScalars.dropFirst()
        guard let first = body.first, first.properties.isAlphabetic, first.isASCII else { return false }
        return body.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == ".") }
    }

    /// The value of `$name` with `arguments` at `now`, with `processEnvironment` for
    /// `$processEnv`; nil when the name is unknown or the arguments do not fit.
    public static func value(
        name: String, arguments: [String], now: Date = Date(), processEnvironment: [String: String] = [:]
    ) -> String? {
        switch name {
        case "$uuid", "$guid", "$random.uuid":
            return arguments.isEmpty ? UUID().uuidString.lowercased() : nil
        case "$timestamp":
            guard let date = offset(now, by: arguments) else { return nil }
            return String(Int(date.timeIntervalSince1970.rounded(.down)))
        case "$isoTimestamp":
            return arguments.isEmpty ? iso8601(now) : nil
        case "$datetime":
            guard let format = arguments.first, let date = offset(now, by: Array(arguments.dropFirst())) else {
                return nil
            }
            switch format {
            case "iso8601": return iso8601(date)
            case "rfc1123": return rfc1123(date)
            default: return nil
            }
        case "$randomInt":
            if arguments.isEmpty { return String(Int.random(in: 0..<1000)) }
            guard arguments.count == 2, let low = Int(arguments[0]), let high = Int(arguments[1]), low < high else {
                return nil
            }
            return String(Int.random(in: low..<high))
        case "$processEnv":
            guard arguments.count == 1 else { return nil }
            return processEnvironment[arguments[0]]
        default:
            return nil
        }
    }

    /// `date` moved by `[amount, unit]` (`-1 d`); `date` itself for no arguments.
    private static func offset(_ date: Date, by arguments: [String]) -> Date? {
        if arguments.isEmpty { return date }
        guard arguments.count == 2, let amount = Int(arguments[0]) else { return nil }
        let seconds: [String: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        guard let unit = seconds[arguments[1]] else { return nil }
        return date.addingTimeInterval(Double(amount) * unit)
    }

    private static func iso8601(_ date: Date) -> String {
        var style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        style.timeZone = TimeZone(identifier: "UTC")!
        return date.formatted(style)
    }

    private static func rfc1123(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
