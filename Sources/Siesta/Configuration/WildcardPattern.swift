import Foundation

/// Translates Siesta's wildcard URL patterns into anchored regular expressions.
enum WildcardPattern {
    static func regularExpression(for pattern: String, baseURL: URL?) -> NSRegularExpression? {
        let absolute: String
        if pattern.contains("://") {
            absolute = pattern
        } else if let baseURL {
            let base = stripQuery(baseURL.absoluteString)
            absolute = base + (pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern)
        } else {
            absolute = pattern
        }
        var regex = "^"
        var characters = Substring(absolute)
        while let character = characters.first {
            if characters.hasPrefix("**/") {
                regex += "(?:[^/]*/)*"
                characters = characters.dropFirst(3)
            } else if characters.hasPrefix("**") {
                regex += ".*"
                characters = characters.dropFirst(2)
            } else if character == "*" {
                regex += "[^/]*"
                characters = characters.dropFirst()
            } else if character == "?" {
                regex += "[^/]"
                characters = characters.dropFirst()
            } else {
                regex += NSRegularExpression.escapedPattern(for: String(character))
                characters = characters.dropFirst()
            }
        }
        regex += "$"
        return try? NSRegularExpression(pattern: regex)
    }

    static func stripQuery(_ url: String) -> String {
        url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? url
    }
}
