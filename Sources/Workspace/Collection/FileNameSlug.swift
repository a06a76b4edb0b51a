import Foundation

/// File and folder names made from request names.
enum FileNameSlug {
    /// The longest slug, in characters.
    static let maximumLength = 60

    /// `Create a user!` → `create-a-user`; accents are dropped (`Café` → `cafe`), every run of
    /// other characters becomes one `-`; `request` when nothing is left.
    static func slug(_ name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                if pendingDash && !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
                if slug.count >= maximumLength { break }
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "request" : slug.lowercased()
    }

    /// `slug.yaml`, or `slug-2.yaml`, `slug-3.yaml`, … for the `attempt`-th try (0-based).
    static func fileName(slug: String, attempt: Int) -> String {
        attempt == 0 ? slug + ".yaml" : "\(slug)-\(attempt + 1).yaml"
    }

    /// True when `stem` (a file name without extension) is `slug` or `slug-<number>`, so a file
    /// named so can keep its name for a request whose name gives `slug`.
    static func isFileStem(_ stem: String, of slug: String) -> Bool {
        guard stem.hasPrefix(slug) else { return false }
        let rest = stem.dropFirst(slug.count)
        if rest.isEmpty { return true }
        guard rest.first == "-" else { return false }
        let number = rest.dropFirst()
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
