/// Host names as URLs carry them: an IPv6 address in brackets, an IPv4 address as digits and
/// dots, otherwise a name.
package enum HTTPHost {
    /// `host` without the brackets an IPv6 address has in a URL; other hosts as they are.
    package static func unbracketed<Text: StringProtocol>(_ host: Text) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : String(host)
    }

    /// Whether `host` (without brackets) is an IP address rather than a name: an IPv6 address,
    /// or digits and dots. Addresses are never sent as a TLS server name and match only
    /// themselves.
    package static func isIPAddress(_ host: String) -> Bool {
        host.contains(":" as Character) || (!host.isEmpty && host.allSatisfy { $0 == "." || $0.isASCII && $0.isNumber })
    }
}
