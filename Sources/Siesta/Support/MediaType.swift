import Foundation

/// Parsing helpers for `Content-Type` values and media type patterns such as `*/json`.
enum MediaType {
    /// `"application/json; charset=utf-8"` → `"application/json"`.
    static func stripParameters(_ value: String) -> String {
        let base =
            value.utf8.split(separator: UInt8(ascii: ";"), maxSplits: 1, omittingEmptySubsequences: false)
            .first ?? value.utf8[...]
        return String(decoding: trimmed(base, removing: []), as: UTF8.self).lowercased()
    }

    /// The `charset` parameter of a `Content-Type` value, without quotes, if present.
    static func charset(in value: String) -> String? {
        for parameter in value.utf8.split(separator: UInt8(ascii: ";")).dropFirst() {
            let parts = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2,
                String(decoding: trimmed(parts[0], removing: []), as: UTF8.self).lowercased() == "charset"
            else { continue }
            let raw = trimmed(parts[1], removing: [UInt8(ascii: "\"")])
            return raw.isEmpty ? nil : String(decoding: raw, as: UTF8.self).lowercased()
        }
        return nil
    }

    /// `bytes` without leading and trailing spaces and tabs, then without leading and trailing
    /// `extra` bytes.
    private static func trimmed(_ bytes: Substring.UTF8View, removing extra: Set<UInt8>) -> Substring.UTF8View {
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var slice = bytes
        while let first = slice.first, isBlank(first) { slice = slice.dropFirst() }
        while let last = slice.last, isBlank(last) { slice = slice.dropLast() }
        while let first = slice.first, extra.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, extra.contains(last) { slice = slice.dropLast() }
        return slice
    }

    /// Whether `mediaType` (no parameters) matches `pattern`, where `*` stands for any run of
    /// characters other than `/`: `*/json` matches `application/json`, `*/*+json` matches
    /// `application/vnd.api+json`, `text/*` matches `text/plain`, `*/*` matches everything.
    static func matches(_ mediaType: String, pattern: String) -> Bool {
        matches(strippedBytes(of: mediaType), pattern: patternBytes(pattern))
    }

    /// Whether a media type matches any of several patterns; the forms
    /// ``strippedBytes(of:)`` and ``patternBytes(_:)`` make, so that a transformer prepares its
    /// patterns once and each response's type once.
    static func matches(_ mediaType: [UInt8], anyOf patterns: [[UInt8]]) -> Bool {
        patterns.contains { matches(mediaType, pattern: $0) }
    }

    /// A `Content-Type` value as lower-cased bytes without parameters, ready for matching.
    static func strippedBytes(of mediaType: String) -> [UInt8] {
        let utf8 = mediaType.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return Array(stripParameters(mediaType).utf8)
        }
        // ASCII only (the usual case): strip, trim and lower-case the bytes in one pass.
        let end = utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
        return trimmed(utf8[utf8.startIndex..<end], removing: []).map { byte in
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
    }

    /// A pattern as lower-cased bytes, ready for matching.
    static func patternBytes(_ pattern: String) -> [UInt8] {
        Array(pattern.lowercased().utf8)
    }

    private static func matches(_ mediaType: [UInt8], pattern: [UInt8]) -> Bool {
        globMatch(mediaType[...], pattern[...])
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
