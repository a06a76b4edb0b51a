import Foundation

/// How an entity's headers are kept in the `headers` column: a JSON object of lower-cased
/// names to values, without headers that carry credentials.
enum StoredHeaders {
    /// Headers never written to disk: cookies a server sets, and any credentials that found
    /// their way into a header map. Compared with lower-cased names.
    static let excludedNames: Set<String> = [
        "set-cookie", "set-cookie2", "cookie", "authorization", "proxy-authorization",
    ]

    /// The JSON text stored for `headers`, with excluded headers dropped and keys sorted (so
    /// equal header maps give equal text).
    static func encode(_ headers: [String: String]) throws -> String {
        let kept = headers.filter { !excludedNames.contains($0.key.lowercased()) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(kept), as: UTF8.self)
    }

    /// The header map stored as `text`.
    ///
    /// - Throws: A decoding error when `text` is not a JSON object of strings.
    static func decode(_ text: String) throws -> [String: String] {
        try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    }
}
