import NIOHTTP1

/// Folds header fields into one value per name, the form `HTTPURLResponse` and dictionaries
/// hold.
///
/// Repeated fields are joined with `", "`, as RFC 9110 allows for list-valued fields, except
/// `Set-Cookie`: its values may contain commas themselves (`Expires=Wed, 21 Oct 2026 …`), so
/// they are joined with a line feed, which no header value can contain. Split such a value on
/// `"\n"` to get the cookies back.
package enum HTTPHeaderFolding {
    /// The separator between folded `Set-Cookie` values.
    package static let setCookieSeparator = "\n"

    /// One value per lower-cased name, in a dictionary.
    package static func fold(_ fields: [HTTPHeaderField]) -> [String: String] {
        var result: [String: String] = [:]
        for field in fields {
            let name = field.name.lowercased()
            if let existing = result[name] {
                result[name] = existing + separator(for: name) + field.value
            } else {
                result[name] = field.value
            }
        }
        return result
    }

    /// One value per lower-cased name, in a dictionary, from the fields as the client parsed them.
    package static func fold(_ headers: HTTPHeaders) -> [String: String] {
        var result = [String: String](minimumCapacity: headers.count)
        for (name, value) in headers {
            let name = name.lowercased()
            if let existing = result[name] {
                result[name] = existing + separator(for: name) + value
            } else {
                result[name] = value
            }
        }
        return result
    }

    /// The separator used between repeated values of the field `name` (lower-cased).
    package static func separator(for name: String) -> String {
        name == "set-cookie" ? setCookieSeparator : ", "
    }
}
