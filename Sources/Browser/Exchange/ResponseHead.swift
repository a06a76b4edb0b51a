import Safety

/// The response as HTTP sent it, as lines of text for latestData's pane (`m`): the status
/// line, the redirect chain and final URL, timing and sizes, then every response header in the
/// order received (secrets masked), then the request headers that were sent (masked too).
public enum ResponseHead {
    /// The text of the head of `record`.
    public static func text(of record: ExchangeRecord) -> String {
        var lines: [String] = []
        lines.append(record.statusLine)
        lines.append("\(record.method) \(SecretMasker.maskURL(record.url))")
        for (index, redirect) in record.redirects.enumerated() {
            let target =
                index + 1 < record.redirects.count ? record.redirects[index + 1].url : record.finalURL
            lines.append(
                "  ↳ \(redirect.statusCode) from \(SecretMasker.maskURL(redirect.url)) to \(SecretMasker.maskURL(target))"
            )
            // What the hop said on the way: cookies set, where it pointed.
            let skipped: Set<String> = ["date", "content-length", "server", "connection"]
            for header in redirect.headers where !skipped.contains(header.name.lowercased()) {
                lines.append("      \(header.name): \(masked(header.name, header.value))")
            }
        }
        if record.finalURL != record.url {
            lines.append("final URL \(SecretMasker.maskURL(record.finalURL))")
        }
        lines.append(record.timingSummary)
        var sizes = "body \(Format.bytes(record.decodedSize)) decoded"
        if let wire = record.wireSize, wire != record.decodedSize {
            sizes += " · \(Format.bytes(wire)) on the wire"
        } else if record.wireSize == nil, record.statusCode != nil {
            sizes += " · no Content-Length"
        }
        if record.statusCode != nil { lines.append(sizes) }
        if !record.headers.isEmpty {
            lines.append("")
            lines.append("response headers (\(record.headers.count))")
            for (name, value) in record.headers {
                lines.append("\(name): \(masked(name, value))")
            }
        }
        if !record.requestHeaders.isEmpty {
            lines.append("")
            lines.append("request headers sent (\(record.requestHeaders.count))")
            for (name, value) in record.requestHeaders {
                lines.append("\(name): \(masked(name, value))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A header value as shown: secret headers masked, and secret query parameters inside any
    /// other value (`Location: …?access_token=…`) too.
    static func masked(_ name: String, _ value: String) -> String {
        SecretMasker.maskQuerySecrets(in: SecretMasker.maskHeader(name: name, value: value))
    }
}
