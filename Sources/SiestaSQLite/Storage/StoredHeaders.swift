import Foundation
import Safety

/// How an entity's headers are kept in the `headers` column: a JSON object of lower-cased
/// names to values, without headers that carry credentials.
enum StoredHeaders {
    /// Whether a header is never written to disk: the package's secret headers (cookies a server
    /// sets, credentials, API keys and tokens that found their way into a header map), and
    /// `Set-Cookie2`.
    static func isExcluded(_ name: String) -> Bool {
        SecretMasker.isSecretHeader(name) || name.lowercased() == "set-cookie2"
    }

    /// The JSON text stored for `headers`, with excluded headers dropped and keys sorted (so
    /// equal header maps give equal text).
    static func encode(_ headers: [String: String]) throws -> String {
        let kept = headers.filter { !isExcluded($0.key) }
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
