import Browser
import Foundation
import Workspace

/// The browser's exchanges as HAR entries: each redirect on the way gets an entry of its own
/// before the final response's.
enum HARExport {
    /// The HAR 1.2 document of `exchanges` (oldest first), secrets masked by ``HARLog``, and the
    /// bodies it leaves out (each with its real size and why), in order.
    static func document(_ exchanges: [SessionExchange], version: String) -> (data: Data, leftOut: [HARLeftOutBody]) {
        let entries = exchanges.flatMap(entries)
        return (
            HARLog.render(entries, creatorName: "hammock", creatorVersion: version),
            HARLog.leftOutBodies(of: entries)
        )
    }

    /// Writes the HAR document of `exchanges` to `file` (replaced whole, never half written) and
    /// says what was written, or why nothing was.
    static func write(_ exchanges: [SessionExchange], version: String, to file: String) -> (
        message: String, failed: Bool
    ) {
        let (data, leftOut) = document(exchanges, version: version)
        do throws(FileSystem.Failure) {
            try FileSystem.replace(file, with: data)
        } catch {
            return ("could not write \(error.path): \(error.reason)", true)
        }
        let entries = exchanges.reduce(0) { $0 + 1 + $1.exchange.redirects.count }
        var message =
            "wrote \(entries) entries (\(Format.bytes(data.count))) as HAR 1.2 to \(file): secret headers, "
            + "query parameters and form fields masked, bodies as received"
        if let summary = leftOutSummary(leftOut) { message += "; " + summary }
        return (message, false)
    }

    /// How many bodies were left out and why, for the export's note: `2 bodies left out: 1
    /// larger than …, 1 let go …`; nil when none was.
    static func leftOutSummary(_ leftOut: [HARLeftOutBody]) -> String? {
        guard !leftOut.isEmpty else { return nil }
        var reasons: [String] = []
        var counts: [String: Int] = [:]
        for body in leftOut {
            if counts[body.reason] == nil { reasons.append(body.reason) }
            counts[body.reason, default: 0] += 1
        }
        let total = leftOut.count == 1 ? "1 body left out" : "\(leftOut.count) bodies left out"
        if reasons.count == 1 { return total + ": " + reasons[0] }
        return total + ": " + reasons.map { "\(counts[$0] ?? 0) \($0)" }.joined(separator: ", ")
    }

    /// The entries of one exchange: each redirect hop's, then the final response's, its bodies
    /// left out with the session log's reasons.
    static func entries(_ exchange: SessionExchange) -> [HAREntry] {
        HAREntry.entries(
            of: exchange.exchange, requestBodyLeftOut: exchange.requestBodyLeftOut,
            responseBodyLeftOut: exchange.bodyLeftOut)
    }
}
