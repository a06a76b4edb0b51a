import Foundation

/// Hides secrets in text that is logged: values of secret-looking query parameters.
enum SecretMasking {
    /// Query parameter names whose values are masked.
    static let secretParameterNames: Set<String> = [
        "api_key", "apikey", "api-key", "key", "token", "access_token", "refresh_token", "password",
        "secret", "client_secret", "signature", "sig", "auth",
    ]

    /// Header names whose values are never shown.
    static let secretHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
    ]

    /// Replaces the values of secret query parameters (`?token=abc` → `?token=•••`).
    static func maskSecrets(in text: String) -> String {
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
            guard nameEnd < text.endIndex, text[nameEnd] == "=",
                secretParameterNames.contains(name.lowercased())
            else { continue }
            result += name + "=•••"
            let valueStart = text.index(after: nameEnd)
            index = text[valueStart...].firstIndex(where: { $0 == "&" || $0 == " " || $0 == "#" }) ?? text.endIndex
        }
        return result
    }
}
