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
        let entries = exchanges.reduce(0) { $0 + 1 + $1.record.redirects.count }
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

    /// The entries of one exchange.
    static func entries(_ exchange: SessionExchange) -> [HARExchange] {
        let record = exchange.record
        let started = Date(timeIntervalSince1970: record.date - record.totalTime)
        let requestHeaders = record.requestHeaders.map { HeaderField(name: $0.0, value: $0.1) }
        let requestType = record.requestHeaders.first { $0.0.lowercased() == "content-type" }?.1
        let requestLeftOut = exchange.requestBodyLeftOut.map {
            HARLeftOutBody(size: record.requestBodySize, reason: $0)
        }
        var result: [HARExchange] = []
        for hop in record.redirects {
            let location = hop.headers.first { $0.name.lowercased() == "location" }?.value ?? ""
            result.append(
                HARExchange(
                    startedDate: started, method: record.method, url: hop.url, requestHeaders: requestHeaders,
                    statusCode: hop.statusCode, responseHttpVersion: record.httpVersion,
                    responseHeaders: hop.headers.map { HeaderField(name: $0.name, value: $0.value) },
                    redirectURL: location, totalTime: 0))
        }
        let responseType = record.headers.first { $0.0.lowercased() == "content-type" }?.1
        result.append(
            HARExchange(
                startedDate: started, method: record.method,
                url: record.redirects.isEmpty ? record.url : record.finalURL,
                requestHeaders: requestHeaders, requestBody: record.requestBody, requestContentType: requestType,
                requestBodyLeftOut: record.requestBody == nil ? requestLeftOut : nil,
                statusCode: record.statusCode, reasonPhrase: record.reasonPhrase,
                responseHttpVersion: record.httpVersion,
                responseHeaders: record.headers.map { HeaderField(name: $0.0, value: $0.1) },
                responseBody: exchange.body, responseContentType: responseType,
                responseBodyLeftOut: exchange.body == nil
                    ? exchange.bodyLeftOut.map { HARLeftOutBody(size: record.decodedSize, reason: $0) } : nil,
                totalTime: record.totalTime, timeToFirstByte: record.timeToFirstByte, errorMessage: record.failure))
        return result
    }
}
