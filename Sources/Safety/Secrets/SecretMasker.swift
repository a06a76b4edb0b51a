/// The one policy for secrets: which headers and query parameters carry them, the one mask,
/// and how credential headers, URLs and free text are shown or logged with them hidden.
///
/// Header values are masked when the header name is a known credential header
/// (`Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`, `X-API-Key`, `X-Auth-Token`,
/// …) or contains `token`, `secret`, `password` or `api-key`/`apikey`. A masked value keeps a
/// short, non-secret prefix (`Bearer ••••••`) so people can tell what kind of credential it was.
/// Not promised: detecting secrets in arbitrary body text.
public enum SecretMasker {
    /// What masked characters are replaced with.
    public static let mask = "••••••"

    private static let exactNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "apikey",
        "x-auth-token", "x-access-token", "x-csrf-token", "x-xsrf-token",
    ]
    private static let nameFragments = ["token", "secret", "password", "passwd", "api-key", "apikey", "api_key"]
    private static let queryNames: Set<String> = [
        "token", "access_token", "refresh_token", "api_key", "api-key", "apikey", "key", "password", "secret",
        "client_secret", "auth", "signature", "sig",
    ]

    /// True if a header (any case) carries credentials.
    public static func isSecretHeader(_ name: String) -> Bool {
        let lower = name.lowercased().trimmingCharacters(in: .whitespaces)
        return exactNames.contains(lower) || nameFragments.contains(where: lower.contains)
    }

    /// True if a query parameter (any case) carries credentials: `token`, `api_key`,
    /// `access_token`, `client_secret`, `sig`, … or any name that is a secret header name.
    public static func isSecretQueryParameter<S: StringProtocol>(_ name: S) -> Bool {
        queryNames.contains(name.lowercased()) || isSecretHeader(String(name))
    }

    /// The value to show for header `name`: masked if the header is secret, unchanged otherwise.
    /// `Authorization: Bearer abc` → `Bearer ••••••`; `Cookie: a=1; b=2` → `a=••••••; b=••••••`.
    public static func maskHeader(name: String, value: String) -> String {
        guard isSecretHeader(name) else { return value }
        let lower = name.lowercased()
        if lower == "set-cookie", value.contains("\n") {
            // Repeated Set-Cookie fields folded into one value, one cookie a line.
            return value.split(separator: "\n", omittingEmptySubsequences: false)
                .map { maskHeader(name: name, value: String($0)) }.joined(separator: "\n")
        }
        if lower == "cookie" || lower == "set-cookie" {
            let parts = value.split(separator: ";", omittingEmptySubsequences: false)
            return parts.enumerated()
                .map { offset, part -> String in
                    // Set-Cookie attributes after the first pair (Path=/, Max-Age=…) are not secret.
                    if lower == "set-cookie" && offset > 0 { return String(part) }
                    let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    if pieces.count == 2 { return "\(pieces[0])=\(mask)" }
                    // A bare value (`Cookie: abc123`) is a secret too.
                    return part.trimmingCharacters(in: .whitespaces).isEmpty
                        ? String(part) : (part.first == " " ? " " : "") + mask
                }
                .joined(separator: ";")
        }
        let parts = value.split(separator: " ", maxSplits: 1)
        if parts.count == 2, parts[0].allSatisfy(\.isLetter), parts[0].count <= 12 {
            return "\(parts[0]) \(mask)"
        }
        return mask
    }

    /// `Name: value` with the value masked when needed.
    public static func maskHeaderLine(_ line: String) -> String {
        guard let colon = line.firstIndex(of: ":") else { return line }
        let name = String(line[..<colon])
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard isSecretHeader(name) else { return line }
        return "\(name): \(maskHeader(name: name, value: value))"
    }

    /// The URL text with credentials masked: a `user:password@` userinfo and query values of
    /// parameters named like secrets (`token`, `api_key`, `access_token`, …).
    public static func maskURL(_ url: String) -> String {
        // Most URLs have neither userinfo nor a query: nothing to look at (views mask every
        // visible URL on every frame).
        guard url.utf8.contains(UInt8(ascii: "@")) || url.utf8.contains(UInt8(ascii: "?")) else { return url }
        var text = url
        if let scheme = text.range(of: "://"),
            let at = text[scheme.upperBound...].firstIndex(of: "@"),
            !text[scheme.upperBound..<at].contains("/")
        {
            let userinfo = text[scheme.upperBound..<at]
            let user = userinfo.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            text.replaceSubrange(scheme.upperBound..<at, with: user.isEmpty ? mask : "\(user):\(mask)")
        }
        guard let question = text.firstIndex(of: "?") else { return text }
        let head = text[...question]
        let query = text[text.index(after: question)...]
        let masked = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let pieces = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2, isSecretQueryParameter(pieces[0]) else { return String(pair) }
            return "\(pieces[0])=\(mask)"
        }
        return head + masked.joined(separator: "&")
    }

    /// Like ``maskURL(_:)`` for a URL as a person typed it, which may leave the scheme out:
    /// `user:password@host/x` masks the password too (`user:••••••@host/x`), while
    /// `mailto:a@b.c` stays as it is.
    public static func maskTypedURL(_ text: String) -> String {
        let masked = maskURL(text)
        guard !text.contains("://"), let at = masked.firstIndex(of: "@") else { return masked }
        let userinfo = masked[..<at]
        guard !userinfo.contains("/"), let colon = userinfo.firstIndex(of: ":") else { return masked }
        // `mailto:a@b.c` and the like name a scheme, not a user.
        guard !["mailto", "tel", "urn", "data", "news"].contains(userinfo[..<colon].lowercased()) else { return masked }
        return String(masked[...colon]) + mask + String(masked[at...])
    }

    /// Masks `Bearer <token>` and `Basic <credentials>` wherever they appear in free text.
    public static func maskInlineCredentials(_ text: String) -> String {
        guard contains(text, "earer ") || contains(text, "asic ") else { return text }
        var result = text
        for scheme in ["Bearer ", "Basic ", "bearer ", "basic "] {
            var searchStart = result.startIndex
            while let range = result.range(of: scheme, range: searchStart..<result.endIndex) {
                var end = range.upperBound
                while end < result.endIndex, !result[end].isWhitespace, !"\"',".contains(result[end]) {
                    end = result.index(after: end)
                }
                if end == range.upperBound {
                    searchStart = end
                    continue
                }
                result.replaceSubrange(range.upperBound..<end, with: mask)
                searchStart = result.index(range.upperBound, offsetBy: mask.count)
            }
        }
        return result
    }

    /// Masks the values of secret query parameters wherever a `?name=` or `&name=` appears in
    /// free text, such as a log line (`GET /a?token=abc&page=2` → `GET /a?token=••••••&page=2`).
    public static func maskQuerySecrets(in text: String) -> String {
        guard text.contains("=") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            result.append(character)
            index = text.index(after: index)
            guard character == "?" || character == "&" else { continue }
            let nameEnd = text[index...].firstIndex(where: { $0 == "=" || $0 == "&" || $0 == " " }) ?? text.endIndex
            let name = text[index..<nameEnd]
            guard nameEnd < text.endIndex, text[nameEnd] == "=", isSecretQueryParameter(name) else { continue }
            result += name + "=" + mask
            let valueStart = text.index(after: nameEnd)
            index = text[valueStart...].firstIndex(where: { $0 == "&" || $0 == " " || $0 == "#" }) ?? text.endIndex
        }
        return result
    }

    /// True when the UTF-8 of `text` contains that of `needle` (a cheap first look before the
    /// slower searches).
    private static func contains(_ text: String, _ needle: String) -> Bool {
        let bytes = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if bytes[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
        }
        return false
    }
}
