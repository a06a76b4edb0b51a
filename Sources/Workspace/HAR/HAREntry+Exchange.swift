import Foundation

extension HAREntry {
    /// The HAR entries of `exchange`, in the order they happened: one for each redirect hop,
    /// then one for the final response or the failure.
    ///
    /// Every entry starts at the exchange's ``Exchange/date`` and carries its method and request
    /// headers. A hop's entry has the hop's URL, status and headers, its `Location` as
    /// ``redirectURL``, no bodies and a time of 0. The last entry is at the URL asked for, or at
    /// ``Exchange/respondingURL`` after redirects, with the exchange's status line, response
    /// headers, bodies, timing and ``Exchange/errorMessage``; its media types are the first
    /// `Content-Type` request header and ``Exchange/contentType``. A protocol or reason phrase
    /// that is not known is written empty.
    ///
    /// - Parameters:
    ///   - exchange: The exchange as recorded, secrets included (``HARLog`` masks them).
    ///   - requestBodyLeftOut: Why the request body is missing when one was sent but not kept
    ///     (``Exchange/requestBody`` nil): written with ``Exchange/requestBodySize`` in its
    ///     place. Ignored when the body is there.
    ///   - responseBodyLeftOut: Why the response body is missing when one came but was not
    ///     kept (``Exchange/body`` nil): written with ``Exchange/bodySize`` in its place.
    ///     Ignored when the body is there.
    public static func entries(
        of exchange: Exchange, requestBodyLeftOut: String? = nil, responseBodyLeftOut: String? = nil
    ) -> [HAREntry] {
        let responseVersion = exchange.httpVersion ?? ""
        var entries = exchange.redirects.map { hop in
            HAREntry(
                startedDate: exchange.date, method: exchange.method, url: hop.url,
                requestHeaders: exchange.requestHeaders, statusCode: hop.statusCode,
                responseHttpVersion: responseVersion, responseHeaders: hop.headers, redirectURL: hop.location,
                totalTime: 0)
        }
        let requestContentType = exchange.requestHeaders.first { $0.name.lowercased() == "content-type" }?.value
        entries.append(
            HAREntry(
                startedDate: exchange.date, method: exchange.method,
                url: exchange.redirects.isEmpty ? exchange.url : exchange.respondingURL,
                requestHeaders: exchange.requestHeaders, requestBody: exchange.requestBody,
                requestContentType: requestContentType,
                requestBodyLeftOut: exchange.requestBody == nil
                    ? requestBodyLeftOut.map { HARLeftOutBody(size: exchange.requestBodySize, reason: $0) } : nil,
                statusCode: exchange.statusCode, reasonPhrase: exchange.reasonPhrase ?? "",
                responseHttpVersion: responseVersion, responseHeaders: exchange.responseHeaders,
                responseBody: exchange.body, responseContentType: exchange.contentType,
                responseBodyLeftOut: exchange.body == nil
                    ? responseBodyLeftOut.map { HARLeftOutBody(size: exchange.bodySize, reason: $0) } : nil,
                totalTime: exchange.totalTime, timeToFirstByte: exchange.timeToFirstByte,
                errorMessage: exchange.errorMessage))
        return entries
    }
}
