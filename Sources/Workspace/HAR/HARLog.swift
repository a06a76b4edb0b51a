import Foundation
import Safety

/// Writes exchanges as a HAR 1.2 file (HTTP Archive), the format browsers' developer tools,
/// proxies and HAR viewers read.
///
/// It writes ``HAREntry`` values, which
/// ``HAREntry/entries(of:requestBodyLeftOut:responseBodyLeftOut:)`` derives from an
/// ``Exchange`` (a redirect hop's entry before the final response's). The document is `log`
/// with `version` `"1.2"`, `creator` and the entries, in the order given. Each entry has
/// `startedDateTime` (ISO 8601 in UTC, with milliseconds), `time` (milliseconds), `request`,
/// `response`, an empty `cache` and `timings`. The header sizes are
/// `-1` (not known); `blocked`, `dns`, `connect` and `ssl` are `-1` (not measured), `send` is 0,
/// `wait` is the time to the first byte and `receive` the rest, so that they add up to `time`.
///
/// - Request: `cookies` from the `Cookie` headers, `queryString` from the URL (decoded),
///   `postData` when there is a body (`mimeType`, `text`, and `params` for a form body), and
///   `bodySize`, the body's bytes.
/// - Response: `status` 0 and an `_error` when there was no response; `cookies` from the
///   `Set-Cookie` headers (a value holding several cookies, one a line, is one header per
///   cookie); `content` with `size` (the body's bytes after any `Content-Encoding` was undone),
///   `mimeType` and `text`; `bodySize` is the body's bytes, or the `Content-Length` when the body
///   was encoded (-1 when that is not known, or when no response came).
/// - A body that is UTF-8 text is written as text. Any other body is base64, marked
///   `"encoding": "base64"` in `content` and `"_encoding": "base64"` in `postData` (HAR 1.2 has
///   no field for it there).
/// - A body larger than `maximumBodyBytes`, or one the entry gives as left out
///   (``HAREntry/responseBodyLeftOut``, ``HAREntry/requestBodyLeftOut``), is not written:
///   a `comment` in `content` or `postData` says so and why, and `size` and `bodySize` are still
///   its real size. ``leftOutBodies(of:maximumBodyBytes:)`` lists them.
///
/// Masked, with `Safety.SecretMasker`'s policy: the values of secret headers (`Authorization`,
/// `Cookie`, `Set-Cookie`, API-key and token headers), every cookie value in the `cookies`
/// arrays, passwords in URLs and secret query parameters (`token`, `api_key`, …) in `url`,
/// `queryString`, `redirectURL` and other header values, the values of secret fields
/// (`password`, `token`, …) in an `application/x-www-form-urlencoded` request body, in both its
/// `text` and `params` (such a body is always written as text, an invalid UTF-8 sequence as
/// U+FFFD), and credentials quoted in an error message. Not masked: any other body, JSON
/// included, which is written as it was sent and received.
///
/// The same entries always give the same bytes: members are written in the order the HAR
/// specification lists them, indented by two spaces.
public enum HARLog {
    /// The default for `maximumBodyBytes`: 1 MiB.
    public static let defaultMaximumBodyBytes = 1024 * 1024

    /// The HAR 1.2 document of `entries`, as UTF-8 JSON.
    /// - Parameters:
    ///   - entries: The entries, in this order.
    ///   - creatorName: The `creator` application's name.
    ///   - creatorVersion: The `creator` application's version.
    ///   - maximumBodyBytes: The largest request or response body written out; larger ones are
    ///     left out with a comment.
    public static func render(
        _ entries: [HAREntry], creatorName: String, creatorVersion: String,
        maximumBodyBytes: Int = defaultMaximumBodyBytes
    ) -> Data {
        let document = JSONTextValue.object([
            (
                "log",
                .object([
                    ("version", .string("1.2")),
                    ("creator", .object([("name", .string(creatorName)), ("version", .string(creatorVersion))])),
                    ("entries", .array(entries.map { entry($0, maximumBodyBytes: max(0, maximumBodyBytes)) })),
                ])
            )
        ])
        return Data(document.text().utf8)
    }

    /// Every body that ``render(_:creatorName:creatorVersion:maximumBodyBytes:)`` leaves out of
    /// the same entries, in their order (each entry's request body before its response
    /// body): those given as left out, and those larger than `maximumBodyBytes`.
    public static func leftOutBodies(
        of entries: [HAREntry], maximumBodyBytes: Int = defaultMaximumBodyBytes
    ) -> [HARLeftOutBody] {
        let limit = max(0, maximumBodyBytes)
        return entries.flatMap { entry in
            [
                HARBody.leftOut(entry.requestBody, given: entry.requestBodyLeftOut, maximumBytes: limit),
                entry.statusCode == nil
                    ? nil
                    : HARBody.leftOut(entry.responseBody, given: entry.responseBodyLeftOut, maximumBytes: limit),
            ].compactMap { $0 }
        }
    }

    private static func entry(_ entry: HAREntry, maximumBodyBytes: Int) -> JSONTextValue {
        let total = milliseconds(entry.totalTime)
        let wait = min(total, entry.timeToFirstByte.map(milliseconds) ?? total)
        let receive = ((total - wait) * 1000).rounded() / 1000
        return .object([
            ("startedDateTime", .string(HARDates.iso(entry.startedDate))),
            ("time", .number(total)),
            ("request", request(entry, maximumBodyBytes: maximumBodyBytes)),
            ("response", response(entry, maximumBodyBytes: maximumBodyBytes)),
            ("cache", .object([])),
            (
                "timings",
                .object([
                    ("blocked", .integer(-1)), ("dns", .integer(-1)), ("connect", .integer(-1)), ("send", .integer(0)),
                    ("wait", .number(wait)), ("receive", .number(receive)), ("ssl", .integer(-1)),
                ])
            ),
        ])
    }

    private static func request(_ entry: HAREntry, maximumBodyBytes: Int) -> JSONTextValue {
        var members: [(String, JSONTextValue)] = [
            ("method", .string(entry.method)),
            ("url", .string(HARSecrets.url(entry.url))),
            ("httpVersion", .string(entry.httpVersion)),
            ("cookies", .array(HARCookies.request(entry.requestHeaders))),
            ("headers", headers(entry.requestHeaders)),
            ("queryString", .array(queryString(entry.url))),
        ]
        let mimeType = entry.requestContentType ?? contentType(entry.requestHeaders) ?? ""
        if let body = entry.requestBody {
            members.append(("postData", postData(body, mimeType: mimeType, maximumBodyBytes: maximumBodyBytes)))
        } else if let leftOut = entry.requestBodyLeftOut {
            members.append(
                ("postData", .object([("mimeType", .string(mimeType)), ("comment", .string(leftOut.comment))])))
        }
        let size = entry.requestBody?.count ?? entry.requestBodyLeftOut?.size ?? 0
        members += [("headersSize", .integer(-1)), ("bodySize", .integer(size))]
        return .object(members)
    }

    private static func response(_ entry: HAREntry, maximumBodyBytes: Int) -> JSONTextValue {
        let errorMessage = entry.errorMessage.map(HARSecrets.message)
        guard let status = entry.statusCode else {
            return .object([
                ("status", .integer(0)), ("statusText", .string("")), ("httpVersion", .string("")),
                ("cookies", .array([])), ("headers", .array([])),
                ("content", .object([("size", .integer(0)), ("mimeType", .string(""))])),
                ("redirectURL", .string("")), ("headersSize", .integer(-1)), ("bodySize", .integer(-1)),
                ("comment", .string("No response was received.")),
                ("_error", .string(errorMessage ?? "No response was received.")),
            ])
        }
        let mimeType = entry.responseContentType ?? contentType(entry.responseHeaders) ?? ""
        var content: [(String, JSONTextValue)] = [
            ("size", .integer(responseContentSize(entry))), ("mimeType", .string(mimeType)),
        ]
        if let body = entry.responseBody {
            switch HARBody(body, mimeType: mimeType, maximumBytes: maximumBodyBytes) {
            case .text(let text): content.append(("text", .string(text)))
            case .base64(let text): content += [("text", .string(text)), ("encoding", .string("base64"))]
            case .leftOut(let leftOut): content.append(("comment", .string(leftOut.comment)))
            }
        } else if let leftOut = entry.responseBodyLeftOut {
            content.append(("comment", .string(leftOut.comment)))
        }
        var members: [(String, JSONTextValue)] = [
            ("status", .integer(status)),
            ("statusText", .string(entry.reasonPhrase)),
            ("httpVersion", .string(entry.responseHttpVersion)),
            ("cookies", .array(HARCookies.response(entry.responseHeaders))),
            ("headers", headers(entry.responseHeaders)),
            ("content", .object(content)),
            ("redirectURL", .string(HARSecrets.url(entry.redirectURL))),
            ("headersSize", .integer(-1)),
            ("bodySize", .integer(responseBodySize(entry))),
        ]
        if let errorMessage { members.append(("_error", .string(errorMessage))) }
        return .object(members)
    }

    private static func postData(_ body: Data, mimeType: String, maximumBodyBytes: Int) -> JSONTextValue {
        var members: [(String, JSONTextValue)] = [("mimeType", .string(mimeType))]
        if HARBody.isForm(mimeType) && body.count <= maximumBodyBytes {
            // Read as text even when it is not UTF-8, so that its secret fields can be masked.
            let text = String(decoding: body, as: UTF8.self)
            let params = HARURLEncoding.pairs(text[...]).map { pair -> JSONTextValue in
                let secret = SecretMasker.isSecretQueryParameter(pair.name)
                return .object([
                    ("name", .string(pair.name)), ("value", .string(secret ? SecretMasker.mask : pair.value)),
                ])
            }
            members += [("params", .array(params)), ("text", .string(HARURLEncoding.maskingSecrets(text[...])))]
            return .object(members)
        }
        switch HARBody(body, mimeType: mimeType, maximumBytes: maximumBodyBytes) {
        case .text(let text):
            members.append(("text", .string(text)))
        case .base64(let text):
            members += [("text", .string(text)), ("_encoding", .string("base64"))]
        case .leftOut(let leftOut):
            members.append(("comment", .string(leftOut.comment)))
        }
        return .object(members)
    }

    private static func headers(_ fields: [HeaderField]) -> JSONTextValue {
        let lines = fields.flatMap { field -> [HeaderField] in
            guard field.name.lowercased() == "set-cookie", field.value.contains("\n") else { return [field] }
            return field.value.split(separator: "\n").map { HeaderField(name: field.name, value: String($0)) }
        }
        return .array(
            lines.map(HARSecrets.header).map {
                .object([("name", .string($0.name)), ("value", .string($0.value))])
            })
    }

    private static func queryString(_ url: String) -> [JSONTextValue] {
        guard let question = url.firstIndex(of: "?") else { return [] }
        let end = url[question...].firstIndex(of: "#") ?? url.endIndex
        return HARURLEncoding.pairs(url[url.index(after: question)..<end]).map { pair in
            let secret = SecretMasker.isSecretQueryParameter(pair.name)
            return .object([("name", .string(pair.name)), ("value", .string(secret ? SecretMasker.mask : pair.value))])
        }
    }

    private static func contentType(_ fields: [HeaderField]) -> String? {
        fields.last { $0.name.lowercased() == "content-type" }?.value
    }

    /// The response body's bytes after decoding, given or left out.
    private static func responseContentSize(_ entry: HAREntry) -> Int {
        entry.responseBody?.count ?? entry.responseBodyLeftOut?.size ?? 0
    }

    /// The body's bytes, or the `Content-Length` when it was encoded on the wire.
    private static func responseBodySize(_ entry: HAREntry) -> Int {
        let bytes = responseContentSize(entry)
        guard let encoding = entry.responseHeaders.last(where: { $0.name.lowercased() == "content-encoding" }),
            encoding.value.trimmingCharacters(in: .whitespaces).lowercased() != "identity"
        else { return bytes }
        let length = entry.responseHeaders.last { $0.name.lowercased() == "content-length" }
        return length.flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) } ?? -1
    }

    /// `seconds` in milliseconds, to the microsecond; 0 for a negative or unknown time.
    private static func milliseconds(_ seconds: TimeInterval) -> Double {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return (seconds * 1_000_000).rounded() / 1000
    }
}
