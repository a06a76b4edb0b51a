import Foundation
import OrderedJSON

/// How one event of a stream reads in the browser: a heading line (number, type, id, time) and
/// its data, pretty-printed when it is JSON. Pure; runs off the main actor.
package enum StreamEventText {
    /// The text of Server-Sent Event number `number`.
    package static func event(number: Int, type: String, id: String?, data: String, time: Double) -> String {
        var heading = "── #\(number) · \(type)"
        if let id, !id.isEmpty { heading += " · id \(id)" }
        heading += " · " + EventLogEntry(time: time, name: "", resource: "", kind: .note).clock
        return heading + "\n" + pretty(data) + "\n"
    }

    /// The text of line `number` of a line-delimited JSON stream.
    package static func line(number: Int, text: String, time: Double) -> String {
        "── #\(number) · " + EventLogEntry(time: time, name: "", resource: "", kind: .note).clock + "\n"
            + pretty(text) + "\n"
    }

    /// `text` pretty-printed when it is JSON (keys and numbers as sent), else as it is.
    package static func pretty(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first, first == "{" || first == "[",
            let document = try? JSONDocument(trimmed), let printed = document.prettyPrinted(limit: 1 << 20)
        else { return text }
        return printed
    }
}
