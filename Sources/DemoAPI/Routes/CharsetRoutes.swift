import Foundation
import Hummingbird

/// `GET /charsets/:name`: short texts in charsets other than UTF-8, as a server in Japan, China,
/// Taiwan or Russia might send them, plus bodies with no declared charset, so a client can show
/// which charsets it decodes and what it assumes when none is given.
struct CharsetRoutes {
    /// One body: its `Content-Type` and its bytes.
    struct Sample: Sendable {
        /// The `Content-Type` sent with it.
        let contentType: String
        /// The body as sent.
        let bytes: [UInt8]
    }

    /// The bodies, by the name in the path.
    static let samples: [String: Sample] = [
        // 日本語 ("Japanese")
        "euc-jp": Sample(
            contentType: "text/plain; charset=EUC-JP", bytes: [0xC6, 0xFC, 0xCB, 0xDC, 0xB8, 0xEC]),
        "shift_jis": Sample(
            contentType: "text/plain; charset=Shift_JIS", bytes: [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA]),
        // 中文 ("Chinese")
        "gb18030": Sample(contentType: "text/plain; charset=GB18030", bytes: [0xD6, 0xD0, 0xCE, 0xC4]),
        "big5": Sample(contentType: "text/plain; charset=Big5", bytes: [0xA4, 0xA4, 0xA4, 0xE5]),
        // Привет ("Hello")
        "koi8-r": Sample(
            contentType: "text/plain; charset=KOI8-R", bytes: [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]),
        // 0xFF never occurs in EUC-JP.
        "bad-euc-jp": Sample(contentType: "text/plain; charset=EUC-JP", bytes: [0x41, 0xFF, 0xFE]),
        // A charset name with an iconv option appended: no client should honour the option.
        "suffixed": Sample(contentType: "text/plain; charset=EUC-JP//IGNORE", bytes: [0x41, 0xFF, 0xFE]),
        // Text with no charset: HTTP's old default, ISO-8859-1, reads 0xE9 as é.
        "undeclared": Sample(contentType: "text/plain", bytes: Array("caf".utf8) + [0xE9]),
        // JSON with no charset is UTF-8.
        "undeclared-json": Sample(
            contentType: "application/json", bytes: Array(#"{"word": "café"}"#.utf8)),
    ]

    /// Adds the route to `router`.
    func register(on router: Router<BasicRequestContext>) {
        router.get("charsets/:name") { request, context -> Response in
            let name = context.parameters.get("name") ?? ""
            guard let sample = Self.samples[name] else {
                let names = Self.samples.keys.sorted().joined(separator: ", ")
                throw APIError(.notFound, "No sample named \"\(name)\"; there are: \(names).")
            }
            return ResponseBuilder.bytes(Data(sample.bytes), contentType: sample.contentType, for: request)
        }
    }
}
