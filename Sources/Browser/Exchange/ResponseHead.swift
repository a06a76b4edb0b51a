import Safety
import Workspace

/// The response as HTTP sent it, as lines of text for latestData's pane (`m`): the status
/// line, the redirect chain and final URL, timing and sizes, then every response header in the
/// order received (secrets masked), then the request headers that were sent (masked too).
public enum ResponseHead {
    /// The text of the head of `exchange`.
    public static func text(of exchange: Exchange) -> String {
        var lines: [String] = []
        lines.append(exchange.statusLine)
        lines.append("\(exchange.method) \(SecretMasker.maskURL(exchange.url))")
        for (index, redirect) in exchange.redirects.enumerated() {
            let target =
                index + 1 < exchange.redirects.count ? exchange.redirects[index + 1].url : exchange.respondingURL
            lines.append(
                "  ↳ \(redirect.statusCode) from \(SecretMasker.maskURL(redirect.url)) to \(SecretMasker.maskURL(target))"
            )
            // What the hop said on the way: cookies set, where it pointed.
            let skipped: Set<String> = ["date", "content-length", "server", "connection"]
            for header in redirect.headers where !skipped.contains(header.name.lowercased()) {
                lines.append("      \(header.name): \(masked(header.name, header.value))")
            }
        }
        if exchange.respondingURL != exchange.url {
            lines.append("final URL \(SecretMasker.maskURL(exchange.respondingURL))")
        }
        lines.append(exchange.timingSummary)
        var sizes = "body \(Format.bytes(exchange.bodySize)) decoded"
        if let wire = exchange.wireSize, wire != exchange.bodySize {
            sizes += " · \(Format.bytes(wire)) on the wire"
        } else if exchange.wireSize == nil, exchange.statusCode != nil {
            sizes += " · no Content-Length"
        }
        if exchange.statusCode != nil { lines.append(sizes) }
        if !exchange.responseHeaders.isEmpty {
            lines.append("")
            lines.append("response headers (\(exchange.responseHeaders.count))")
            for header in exchange.responseHeaders {
                lines.append("\(header.name): \(masked(header.name, header.value))")
            }
        }
        if !exchange.requestHeaders.isEmpty {
            lines.append("")
            // With no response the request may never have left (a refused connection).
            let sent =
                exchange.statusCode == nil
                ? "request headers (\(exchange.requestHeaders.count); no response came)"
                : "request headers sent (\(exchange.requestHeaders.count))"
            lines.append(sent)
            for header in exchange.requestHeaders {
                lines.append("\(header.name): \(masked(header.name, header.value))")
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
