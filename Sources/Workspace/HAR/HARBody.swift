import Foundation

/// How ``HARLog`` writes one body: as text, as base64, or left out for its size.
enum HARBody: Equatable {
    /// UTF-8 text, written as it is.
    case text(String)
    /// Any other bytes, base64-encoded.
    case base64(String)
    /// Not written: its size and why, a comment in its place.
    case leftOut(HARLeftOutBody)

    /// How to write `body`, whose media type is `mimeType`: left out past `maximumBytes`; as
    /// text when it is valid UTF-8 and its `charset` (if any) is UTF-8 or it is all ASCII; as
    /// base64 otherwise.
    init(_ body: Data, mimeType: String, maximumBytes: Int) {
        if let leftOut = Self.leftOut(size: body.count, maximumBytes: maximumBytes) {
            self = .leftOut(leftOut)
            return
        }
        let isASCII = body.allSatisfy { $0 < 0x80 }
        if isASCII || Self.declaresUTF8OrNothing(mimeType), let text = String(validating: body, as: UTF8.self) {
            self = .text(text)
        } else {
            self = .base64(body.base64EncodedString())
        }
    }

    /// The body left out for its size, or nil when `size` is within `maximumBytes`.
    static func leftOut(size: Int, maximumBytes: Int) -> HARLeftOutBody? {
        guard size > maximumBytes else { return nil }
        return HARLeftOutBody(
            size: size, reason: "larger than \(maximumBytes) bytes, the most this file holds of one body")
    }

    /// The body left out of an entry: the one given as left out when there is no body, or the
    /// body itself when it is over `maximumBytes`; nil when the body is written (or there is none).
    static func leftOut(_ body: Data?, given: HARLeftOutBody?, maximumBytes: Int) -> HARLeftOutBody? {
        guard let body else { return given }
        return leftOut(size: body.count, maximumBytes: maximumBytes)
    }

    /// True for `application/x-www-form-urlencoded`, parameters and case aside.
    static func isForm(_ mimeType: String) -> Bool {
        essence(mimeType) == "application/x-www-form-urlencoded"
    }

    /// The `type/subtype` of a media type, lower-cased, without parameters.
    private static func essence(_ mimeType: String) -> String {
        let type = mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// True when the media type has no `charset` parameter or names UTF-8 (or ASCII).
    private static func declaresUTF8OrNothing(_ mimeType: String) -> Bool {
        for parameter in mimeType.split(separator: ";").dropFirst() {
            let pieces = parameter.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, pieces[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            let charset = pieces[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"")).lowercased()
            return ["utf-8", "utf8", "us-ascii", "ascii"].contains(charset)
        }
        return true
    }
}
