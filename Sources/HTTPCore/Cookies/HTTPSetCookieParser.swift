import Foundation

/// Turns one `Set-Cookie` value into the cookie it sets, following RFC 6265 (sections 5.2 and
/// 5.3) and the later rules browsers apply (RFC 6265bis): a `Secure` cookie only from https, the
/// `__Secure-` and `__Host-` name prefixes.
///
/// What is ignored, as browsers do: a value without `=` or with an empty name; a name and value
/// longer than ``maximumSize`` bytes together; control characters (tab included) in the name or
/// value; a `Domain` the request's host is not under, or a one-label domain (`com`) other than
/// the host itself (there is no public suffix list, so `co.uk` is not refused); unknown
/// attributes. An attribute that is malformed (an unreadable `Expires`, a `Max-Age` that is not
/// an integer) is ignored, not the cookie. `Max-Age` wins over `Expires`; a `Max-Age` of zero or
/// less, or an `Expires` in the past, gives an already expired cookie, which deletes the stored
/// one of the same identity.
package enum HTTPSetCookieParser {
    /// The largest name plus value, in bytes, that is accepted.
    package static let maximumSize = 4096
    /// The longest lifetime a cookie is given, in seconds (400 days, as browsers cap it).
    package static let maximumLifetime: TimeInterval = 400 * 86_400

    /// The cookie `header` sets, received from `url` at `now`; nil when the header is ignored.
    package static func parse(_ header: String, from url: URL, now: Date = Date()) -> HTTPCookieRecord? {
        guard let host = HTTPCookieMatching.canonicalHost(of: url) else { return nil }
        let isHTTPS = url.scheme?.lowercased() == "https"
        var parts = header.split(separator: ";", omittingEmptySubsequences: false)
        let pair = parts.removeFirst()
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        let name = trimmed(pair[..<equals])
        let value = trimmed(pair[pair.index(after: equals)...])
        guard !name.isEmpty, name.utf8.count + value.utf8.count <= maximumSize,
            !hasControlCharacters(name), !hasControlCharacters(value)
        else { return nil }

        var expires: Date?
        var maximumAge: Date?
        var domainAttribute: String?
        var path: String?
        var isSecure = false
        var isHTTPOnly = false
        for part in parts {
            let equals = part.firstIndex(of: "=") ?? part.endIndex
            let attribute = trimmed(part[..<equals]).lowercased()
            let argument = equals == part.endIndex ? "" : trimmed(part[part.index(after: equals)...])
            guard argument.utf8.count <= 1024 else { continue }
            switch attribute {
            case "expires":
                if let date = HTTPCookieDate.parse(argument) { expires = date }
            case "max-age":
                if let seconds = parseMaximumAge(argument) {
                    maximumAge =
                        seconds <= 0
                        ? Date(timeIntervalSince1970: 0)
                        : now.addingTimeInterval(min(TimeInterval(seconds), maximumLifetime))
                }
            case "domain":
                var domain = Substring(argument)
                if domain.hasPrefix(".") { domain = domain.dropFirst() }
                if !domain.isEmpty { domainAttribute = domain.lowercased() }
            case "path":
                path = argument.hasPrefix("/") ? argument : nil
            case "secure":
                isSecure = true
            case "httponly":
                isHTTPOnly = true
            default:
                break
            }
        }

        var domain = host
        var isHostOnly = true
        if let attribute = domainAttribute, !HTTPHost.isIPAddress(host) {
            // A one-label domain stands in for a public suffix: only the host itself may name it,
            // and the cookie then stays host-only.
            let isPublicSuffix = !attribute.contains(".")
            if attribute != host {
                guard !isPublicSuffix, HTTPCookieMatching.domainMatches(host: host, domain: attribute) else {
                    return nil
                }
            }
            domain = attribute
            isHostOnly = isPublicSuffix
        } else if let attribute = domainAttribute, attribute != host {
            return nil
        }
        if isSecure && !isHTTPS { return nil }
        let lowerName = name.lowercased()
        if lowerName.hasPrefix("__secure-") && !isSecure { return nil }
        if lowerName.hasPrefix("__host-") && (!isSecure || !isHostOnly || path != "/") { return nil }

        let expiry = maximumAge ?? expires.map { min($0, now.addingTimeInterval(maximumLifetime)) }
        return HTTPCookieRecord(
            name: name, value: value, domain: domain, isHostOnly: isHostOnly,
            path: path ?? HTTPCookieMatching.defaultPath(of: url), expires: expiry, isSecure: isSecure,
            isHTTPOnly: isHTTPOnly, created: now)
    }

    /// The text without leading and trailing spaces and tabs.
    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// Whether `text` holds a control character: %x00-1F or %x7F.
    private static func hasControlCharacters(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }

    /// The seconds of a `Max-Age` value: an optional `-` and digits only; very large values are
    /// clamped rather than refused.
    private static func parseMaximumAge(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let significant = digits.drop { $0 == "0" }
        let magnitude = significant.count > 12 ? 1_000_000_000_000 : Int(significant) ?? 0
        return text.hasPrefix("-") ? -magnitude : magnitude
    }
}
