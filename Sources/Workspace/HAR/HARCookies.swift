import Foundation
import Safety

/// The `cookies` arrays of a HAR request and response, read from the `Cookie` and `Set-Cookie`
/// headers, every value masked.
enum HARCookies {
    /// One object per cookie of every `Cookie` header: `name` and a masked `value`.
    static func request(_ headers: [HeaderField]) -> [JSONTextValue] {
        headers.filter { $0.name.lowercased() == "cookie" }
            .flatMap { $0.value.split(separator: ";") }
            .compactMap { pair -> JSONTextValue? in
                let (name, value) = split(pair)
                guard !name.isEmpty || !value.isEmpty else { return nil }
                return .object([("name", .string(name)), ("value", .string(masked(value)))])
            }
    }

    /// One object per cookie set by the `Set-Cookie` headers (a value may hold several, one a
    /// line): `name`, a masked `value`, and `path`, `domain`, `expires`, `httpOnly` and `secure`
    /// when the header gives them.
    static func response(_ headers: [HeaderField]) -> [JSONTextValue] {
        headers.filter { $0.name.lowercased() == "set-cookie" }
            .flatMap { $0.value.split(separator: "\n") }
            .compactMap(setCookie)
    }

    private static func setCookie(_ line: Substring) -> JSONTextValue? {
        var parts = line.split(separator: ";", omittingEmptySubsequences: false)
        let (name, value) = split(parts.removeFirst())
        guard !name.isEmpty || !value.isEmpty else { return nil }
        var members: [(String, JSONTextValue)] = [("name", .string(name)), ("value", .string(masked(value)))]
        var attributes: [(String, JSONTextValue)] = []
        var flags: [(String, JSONTextValue)] = []
        for part in parts {
            let equals = part.firstIndex(of: "=") ?? part.endIndex
            let attribute = part[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let argument =
                equals == part.endIndex ? "" : part[part.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            switch attribute {
            case "path": attributes.append(("path", .string(argument)))
            case "domain": attributes.append(("domain", .string(argument)))
            case "expires":
                if let date = HARDates.httpDate(argument) {
                    attributes.append(("expires", .string(HARDates.iso(date))))
                }
            case "httponly": flags.append(("httpOnly", .bool(true)))
            case "secure": flags.append(("secure", .bool(true)))
            default: break
            }
        }
        for key in ["path", "domain", "expires"] {
            if let last = attributes.last(where: { $0.0 == key }) { members.append(last) }
        }
        for key in ["httpOnly", "secure"] where flags.contains(where: { $0.0 == key }) {
            members.append((key, .bool(true)))
        }
        return .object(members)
    }

    /// The name and value of `name=value`, blanks around each trimmed; text without `=` is a
    /// value with an empty name, as RFC 6265bis reads it.
    private static func split(_ pair: Substring) -> (name: String, value: String) {
        guard let equals = pair.firstIndex(of: "=") else { return ("", pair.trimmingCharacters(in: .whitespaces)) }
        return (
            pair[..<equals].trimmingCharacters(in: .whitespaces),
            pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        )
    }

    private static func masked(_ value: String) -> String { value.isEmpty ? "" : SecretMasker.mask }
}
