import Safety

/// What the history masks before anything is written, with `Safety.SecretMasker`'s one policy.
///
/// Masked: values of secret headers (`Authorization`, `Cookie`, `Set-Cookie`, API-key and
/// token headers, the redirects' own headers included), secret query parameters and passwords
/// in every URL (the request URL, the redirects, the final URL, and URLs inside other header
/// values such as `Location`), and `Bearer`/`Basic` credentials or secret query parameters
/// quoted in an error message.
/// Not masked: request and response bodies, which are stored as sent and received.
enum HistorySecrets {
    /// `exchange` with its secrets masked.
    static func mask(_ exchange: Exchange) -> Exchange {
        var masked = exchange
        masked.url = SecretMasker.maskURL(exchange.url)
        masked.requestHeaders = exchange.requestHeaders.map(mask)
        masked.responseHeaders = exchange.responseHeaders.map(mask)
        masked.redirects = exchange.redirects.map {
            RedirectHop(url: SecretMasker.maskURL($0.url), statusCode: $0.statusCode, headers: $0.headers.map(mask))
        }
        masked.finalURL = exchange.finalURL.map(SecretMasker.maskURL)
        masked.errorMessage = exchange.errorMessage.map {
            SecretMasker.maskQuerySecrets(in: SecretMasker.maskInlineCredentials($0))
        }
        return masked
    }

    /// A header with its value masked when the header is secret, and secret query parameters
    /// masked in any other value (a `Location` or `Link` URL).
    static func mask(_ field: HeaderField) -> HeaderField {
        guard !SecretMasker.isSecretHeader(field.name) else {
            return HeaderField(name: field.name, value: SecretMasker.maskHeader(name: field.name, value: field.value))
        }
        return HeaderField(name: field.name, value: SecretMasker.maskQuerySecrets(in: field.value))
    }
}
