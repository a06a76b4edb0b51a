import Foundation

/// Parsing helpers for `Content-Type` values and media type patterns such as `*/json`.
enum MediaType {
    /// `"application/json; charset=utf-8"` → `"application/json"`.
    static func stripParameters(_ value: String) -> String {
        let base = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        return base.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The `charset` parameter of a `Content-Type` value, without quotes, if present.
    static func charset(in value: String) -> String? {
        for parameter in value.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2,
                parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
            else { continue }
            let raw = parts[1].trimmingCharacters(in: .whitespaces)
            return raw.trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
        }
        return nil
    }

    /// Whether `mediaType` (no parameters) matches `pattern`, where `*` stands for any run of
    /// characters other than `/`: `*/json` matches `application/json`, `*/*+json` matches
    /// `application/vnd.api+json`, `text/*` matches `text/plain`, `*/*` matches everything.
    static func matches(_ mediaType: String, pattern: String) -> Bool {
        let type = Array(stripParameters(mediaType).utf8)
        let pat = Array(pattern.lowercased().utf8)
        return globMatch(type[...], pat[...])
    }

    private static func globMatch(_ text: ArraySlice<UInt8>, _ pattern: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == UInt8(ascii: "*") {
            var rest = text
            while true {
                if globMatch(rest, pattern.dropFirst()) { return true }
                guard let next = rest.first, next != UInt8(ascii: "/") else { return false }
                rest = rest.dropFirst()
            }
        }
        guard let head = text.first, head == first else { return false }
        return globMatch(text.dropFirst(), pattern.dropFirst())
    }
}
