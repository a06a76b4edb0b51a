import Foundation
import Safety

/// What ``HARLog`` masks, with `Safety.SecretMasker`'s one policy.
enum HARSecrets {
    /// A URL with its userinfo password and the values of secret query parameters masked, by
    /// their name as written or as decoded (`%74oken`). A fragment is kept.
    static func url(_ url: String) -> String {
        let masked = SecretMasker.maskURL(url)
        guard let question = masked.firstIndex(of: "?") else { return masked }
        let fragment = masked[question...].firstIndex(of: "#") ?? masked.endIndex
        let query = HARURLEncoding.maskingSecrets(masked[masked.index(after: question)..<fragment])
        return masked[...question] + query + masked[fragment...]
    }

    /// A header with its value masked when the header is secret (every cookie value of a
    /// `Cookie` or `Set-Cookie`, even one without a name); a URL-valued header (`Location`,
    /// `Content-Location`, `Referer`) masked as a URL; secret query parameters masked in any
    /// other value.
    static func header(_ field: HeaderField) -> HeaderField {
        let name = field.name.lowercased().trimmingCharacters(in: .whitespaces)
        let value: String
        switch name {
        case "cookie": value = cookieList(field.value, isSetCookie: false)
        case "set-cookie": value = cookieList(field.value, isSetCookie: true)
        case _ where SecretMasker.isSecretHeader(name): value = SecretMasker.maskHeader(name: name, value: field.value)
        case "location", "content-location", "referer": value = url(field.value)
        default: value = SecretMasker.maskQuerySecrets(in: field.value)
        }
        return HeaderField(name: field.name, value: value)
    }

    /// An error message with `Bearer`/`Basic` credentials and secret query parameters masked.
    static func message(_ text: String) -> String {
        SecretMasker.maskQuerySecrets(in: SecretMasker.maskInlineCredentials(text))
    }

    /// A `Cookie` value (`a=1; b=2`) or one `Set-Cookie` value with every cookie value masked;
    /// the attributes of a `Set-Cookie` (`Path=/`) are kept.
    private static func cookieList(_ value: String, isSetCookie: Bool) -> String {
        value.split(separator: ";", omittingEmptySubsequences: false).enumerated()
            .map { offset, part -> String in
                if isSetCookie && offset > 0 { return String(part) }
                if let equals = part.firstIndex(of: "=") { return part[...equals] + SecretMasker.mask }
                let text = part.trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? String(part) : part.prefix(while: \.isWhitespace) + SecretMasker.mask
            }
            .joined(separator: ";")
    }
}
