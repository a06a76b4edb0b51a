import Safety

/// `application/x-www-form-urlencoded` text, a query or a form body, read the way the WHATWG
/// URL standard reads it, and written back with its secret values masked.
enum HARURLEncoding {
    /// The name-value pairs of `text`: split at `&`, empty pieces skipped, the name ending at the
    /// first `=` (a piece without one is a name with an empty value), each part decoded.
    static func pairs(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&").map { piece in
            guard let equals = piece.firstIndex(of: "=") else { return (decode(piece), "") }
            return (decode(piece[..<equals]), decode(piece[piece.index(after: equals)...]))
        }
    }

    /// A name or value with `+` read as a space and `%XX` as that byte; the bytes are read as
    /// UTF-8, an invalid sequence as U+FFFD. A `%` not followed by two hex digits stays.
    static func decode(_ component: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.utf8.count)
        var index = component.utf8.startIndex
        let end = component.utf8.endIndex
        while index < end {
            let byte = component.utf8[index]
            index = component.utf8.index(after: index)
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index < end, let high = hexValue(component.utf8[index]),
                component.utf8.index(after: index) < end,
                let low = hexValue(component.utf8[component.utf8.index(after: index)])
            {
                bytes.append(high << 4 | low)
                index = component.utf8.index(index, offsetBy: 2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with the value of every pair whose decoded name is a secret (``SecretMasker``'s
    /// query parameter names: `token`, `password`, `api_key`, …) replaced by the mask; the rest
    /// is kept byte for byte.
    static func maskingSecrets(_ text: Substring) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false)
            .map { piece -> String in
                guard let equals = piece.firstIndex(of: "="),
                    SecretMasker.isSecretQueryParameter(decode(piece[..<equals]))
                else { return String(piece) }
                return piece[...equals] + SecretMasker.mask
            }
            .joined(separator: "&")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
