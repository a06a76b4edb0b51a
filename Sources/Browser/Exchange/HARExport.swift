import Foundation
import Workspace

/// The browser's exchanges as HAR entries: each redirect on the way gets an entry of its own
/// before the final response's.
enum HARExport {
    /// The HAR 1.2 document of `exchanges` (oldest first), secrets masked by ``HARLog``.
    static func document(_ exchanges: [(record: ExchangeRecord, body: Data?)], version: String) -> Data {
        HARLog.render(exchanges.flatMap(entries), creatorName: "hammock", creatorVersion: version)
    }

    /// The entries of one exchange.
    static func entries(_ exchange: (record: ExchangeRecord, body: Data?)) -> [HARExchange] {
        let record = exchange.record
        let started = Date(timeIntervalSince1970: record.date - record.totalTime)
        let requestHeaders = record.requestHeaders.map { HeaderField(name: $0.0, value: $0.1) }
        let requestType = record.requestHeaders.first { $0.0.lowercased() == "content-type" }?.1
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
                statusCode: record.statusCode, reasonPhrase: record.reasonPhrase,
                responseHttpVersion: record.httpVersion,
                responseHeaders: record.headers.map { HeaderField(name: $0.0, value: $0.1) },
                responseBody: exchange.body, responseContentType: responseType, totalTime: record.totalTime,
                timeToFirstByte: record.timeToFirstByte, errorMessage: record.failure))
        return result
    }
}
