import Foundation
import Safety

/// How an environment authenticates its requests. The text fields may hold `{{variables}}`
/// (resolved like the request's, see ``Environment/prepare(_:processEnvironment:password:)``).
///
/// In an environment file it is the `auth` section:
///
/// ```yaml
/// auth:
///   type: basic            # or bearer, apiKey, none
///   username: ada
///   password: "{{env:API_PASSWORD}}"   # leave out to be asked when sending
/// ```
///
/// Its ``description`` is ``masked``, so string interpolation never shows a secret.
public enum AuthScheme: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// HTTP Basic: `Authorization: Basic base64(username:password)`. A nil password is asked
    /// for when sending (``Environment/prepare(_:processEnvironment:password:)`` reports it).
    case basic(username: String, password: String?)
    /// `Authorization: Bearer <token>`.
    case bearer(token: String)
    /// A key sent as header `name` or as query parameter `name`.
    case apiKey(name: String, value: String, location: APIKeyLocation)

    /// True when this is Basic auth without a password, which must be asked for.
    public var needsPassword: Bool {
        if case .basic(_, nil) = self { return true }
        return false
    }

    /// The fields that may hold templates, with the name used for them in messages.
    public var fields: [(name: String, value: String)] {
        switch self {
        case .basic(let username, let password):
            return [("username", username)] + (password.map { [("password", $0)] } ?? [])
        case .bearer(let token):
            return [("token", token)]
        case .apiKey(let name, let value, _):
            return [("name", name), ("value", value)]
        }
    }

    /// The variables the auth settings use, in field order.
    public var variableUses: [VariableUse] {
        var collector = VariableUse.Collector()
        for field in fields {
            for reference in Template(field.value).references { collector.add(reference, at: .auth(field.name)) }
        }
        return collector.uses
    }

    /// The scheme with every field rendered by `transform` (used to resolve templates).
    func mapFields(_ transform: (_ field: String, _ value: String) -> String) -> AuthScheme {
        switch self {
        case .basic(let username, let password):
            return .basic(
                username: transform("username", username), password: password.map { transform("password", $0) })
        case .bearer(let token):
            return .bearer(token: transform("token", token))
        case .apiKey(let name, let value, let location):
            return .apiKey(name: transform("name", name), value: transform("value", value), location: location)
        }
    }

    /// `definition` with this auth added. Call it on a resolved scheme: the fields are used as
    /// they are.
    ///
    /// - Basic and bearer add an `Authorization` header; an API key adds its header, or appends
    ///   `name=value` (percent-encoded) to the URL's query, before any `#fragment`.
    /// - A header or query parameter the request already has (same name, any case for headers)
    ///   wins: the auth does not add a second one.
    /// - `password` is used when a Basic scheme has none of its own.
    ///
    /// Throws when a Basic password is still missing, when a Basic username holds a `:` (which
    /// the encoding cannot carry), or when a header name or value is empty or spans lines.
    public func apply(to definition: RequestDefinition, password: String? = nil) throws(AuthError) -> RequestDefinition
    {
        var result = definition
        switch self {
        case .basic(let username, let ownPassword):
            guard let secret = ownPassword ?? password else {
                throw AuthError(message: "Basic auth for user \(username) needs a password.")
            }
            guard !username.contains(":") else {
                throw AuthError(
                    message: "The Basic auth username “\(username)” contains “:”, which Basic auth cannot send.")
            }
            let credentials = Data((username + ":" + secret).utf8).base64EncodedString()
            try addHeader("Authorization", "Basic " + credentials, to: &result)
        case .bearer(let token):
            try addHeader("Authorization", "Bearer " + token, to: &result)
        case .apiKey(let name, let value, .header):
            try addHeader(name, value, to: &result)
        case .apiKey(let name, let value, .query):
            guard !name.isEmpty else { throw AuthError(message: "The API key has an empty parameter name.") }
            result.url = Self.addingQueryParameter(name: name, value: value, to: definition.url)
        case .apiKey(let name, let value, .cookie):
            guard !name.isEmpty, !name.contains(where: { $0 == "=" || $0 == ";" || $0.isNewline }) else {
                throw AuthError(message: "The API key's cookie name “\(name)” cannot be sent as a cookie.")
            }
            guard !value.contains(where: { $0 == ";" || $0.isNewline }) else {
                throw AuthError(message: "The API key for cookie \(name) holds “;” or a line break.")
            }
            let pair = name + "=" + value
            if let index = result.headers.firstIndex(where: { $0.name.lowercased() == "cookie" }) {
                let existing = result.headers[index].value
                let names = existing.split(separator: ";").map {
                    $0.split(separator: "=").first?.trimmingCharacters(in: .whitespaces) ?? ""
                }
                if !names.contains(name) { result.headers[index].value = existing + "; " + pair }
            } else {
                result.headers.append(HeaderField(name: "Cookie", value: pair))
            }
        }
        return result
    }

    /// How the auth is shown on screens and in logs: the kind, the non-secret parts (username,
    /// key name and place) and the secrets as `SecretMasker.mask`. A secret written as exactly
    /// one placeholder is shown as that placeholder (`Bearer token from {{token}}`), which tells
    /// where it comes from without showing it.
    public var masked: String {
        switch self {
        case .basic(let username, let password):
            let secret = password.map { "password " + Self.maskedSecret($0) } ?? "password asked when sending"
            return "Basic auth as \(username), \(secret)"
        case .bearer(let token):
            return "Bearer token " + Self.maskedSecret(token)
        case .apiKey(let name, let value, let location):
            let place = location == .header ? "header" : location == .query ? "query parameter" : "cookie"
            return "API key in \(place) \(name): " + Self.maskedSecret(value)
        }
    }

    /// Same as ``masked``.
    public var description: String { masked }

    /// Same as ``masked``.
    public var debugDescription: String { masked }

    private static func maskedSecret(_ value: String) -> String {
        let template = Template(value)
        if template.segments.count == 1, case .reference(let reference) = template.segments[0] {
            return "from " + reference.placeholder
        }
        return SecretMasker.mask
    }

    private func addHeader(_ name: String, _ value: String, to definition: inout RequestDefinition) throws(AuthError) {
        guard !name.isEmpty, !name.contains(where: { $0 == ":" || $0.isWhitespace }) else {
            throw AuthError(message: "The auth header name “\(name)” is empty or has a space or “:” in it.")
        }
        guard !value.contains(where: \.isNewline) else {
            throw AuthError(message: "The value of auth header \(name) spans several lines.")
        }
        let lower = name.lowercased()
        guard !definition.headers.contains(where: { $0.name.lowercased() == lower }) else { return }
        definition.headers.append(HeaderField(name: name, value: value))
    }

    /// `url` with `name=value` added to its query (percent-encoded), unless the query already
    /// has a parameter `name`.
    static func addingQueryParameter(name: String, value: String, to url: String) -> String {
        let fragmentStart = url.firstIndex(of: "#") ?? url.endIndex
        let base = String(url[..<fragmentStart])
        let fragment = String(url[fragmentStart...])
        let encodedName = percentEncoded(name)
        if let question = base.firstIndex(of: "?") {
            let query = base[base.index(after: question)...]
            let names = query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1).first ?? "" }
            if names.contains(where: { $0 == encodedName || $0 == name }) { return url }
        }
        let separator = !base.contains("?") ? "?" : (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&")
        return base + separator + encodedName + "=" + percentEncoded(value) + fragment
    }

    private static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
