import Safety

/// `application/x-www-form-urlencoded` text, a query or a form body, read the way the WHATWG
/// URL standard reads it, and written back with its secret values masked.
enum HARURLEncoding {
    /// The name-value pairs of `text`: split at `&`, empty pieces skipped, the name ending at the
    /// first `=` (a piece without one is a name with an empty value), each part decoded
    /// (``PercentEncoding/decodeFormComponent(_:)``).
    static func pairs(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&").map { piece in
            guard let equals = piece.firstIndex(of: "=") else {
                return (PercentEncoding.decodeFormComponent(piece), "")
            }
            return (
                PercentEncoding.decodeFormComponent(piece[..<equals]),
                PercentEncoding.decodeFormComponent(piece[piece.index(after: equals)...])
            )
        }
    }

    /// `text` with the value of every pair whose decoded name is a secret (``SecretMasker``'s
    /// query parameter names: `token`, `password`, `api_key`, …) replaced by the mask; the rest
    /// is kept byte for byte.
    static func maskingSecrets(_ text: Substring) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false)
            .map { piece -> String in
                guard let equals = piece.firstIndex(of: "="),
                    SecretMasker.isSecretQueryParameter(PercentEncoding.decodeFormComponent(piece[..<equals]))
                else { return String(piece) }
                return piece[...equals] + SecretMasker.mask
            }
            .joined(separator: "&")
    }
}
