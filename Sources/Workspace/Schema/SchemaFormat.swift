import Foundation

/// The `format` values the validator can assert, and their checks. `format` is an annotation
/// unless the validator is made with `assertsFormats: true`; names not listed here are always
/// annotations.
enum SchemaFormat: String, Sendable {
    /// RFC 3339 `date-time`: `1985-04-12T23:20:50.52Z`.
    case dateTime = "date-time"
    /// RFC 3339 `full-date`: `1985-04-12`.
    case date
    /// RFC 3339 `full-time`, offset required: `23:20:50.52Z`.
    case time
    /// An RFC 5321 mailbox: dot-atom or quoted local part, host name or address literal.
    case email
    /// RFC 4122 text form: `8-4-4-4-12` hexadecimal digits.
    case uuid
    /// An absolute RFC 3986 URI (scheme required).
    case uri
    /// Dotted-quad IPv4, without leading zeros.
    case ipv4
    /// RFC 4291 text form of IPv6, with an optional trailing IPv4 part.
    case ipv6
    /// An RFC 1123 host name; `xn--` labels must be valid Punycode.
    case hostname
    /// OpenAPI's `int32`: a whole number within 32 bits.
    case int32
    /// OpenAPI's `int64`: a whole number within 64 bits.
    case int64

    /// The format for a `format` value in `dialect`, or nil when it is not asserted.
    init?(name: String, dialect: JSONSchemaDialect) {
        guard let format = SchemaFormat(rawValue: name) else { return nil }
        if format == .int32 || format == .int64 {
            guard dialect == .openAPI30 || dialect == .swagger20 else { return nil }
        }
        self = format
    }

    /// True for the formats that apply to numbers; the others apply to strings.
    var appliesToNumbers: Bool { self == .int32 || self == .int64 }

    /// Plain words for a message: `"x" is not a valid <name>`.
    var readableName: String {
        switch self {
        case .dateTime: return "date-time"
        case .date: return "date"
        case .time: return "time"
        case .email: return "email address"
        case .uuid: return "UUID"
        case .uri: return "URI"
        case .ipv4: return "IPv4 address"
        case .ipv6: return "IPv6 address"
        case .hostname: return "host name"
        case .int32: return "32-bit integer"
        case .int64: return "64-bit integer"
        }
    }

    /// True when the string is valid for this format in `dialect` (draft 2020-12 host names
    /// follow IDNA 2008 as well as RFC 1123).
    func accepts(_ text: String, dialect: JSONSchemaDialect) -> Bool {
        let scalars = Array(text.unicodeScalars)
        switch self {
        case .dateTime: return Self.isDateTime(scalars)
        case .date: return Self.isDate(scalars[...])
        case .time: return Self.isTime(scalars[...])
        case .email: return Self.isEmail(scalars, idna: dialect == .draft2020_12)
        case .uuid: return Self.isUUID(scalars)
        case .uri: return Self.isURI(scalars)
        case .ipv4: return Self.isIPv4(scalars[...])
        case .ipv6: return Self.isIPv6(scalars[...])
        case .hostname: return HostnameFormat.isValid(scalars, idna: dialect == .draft2020_12)
        case .int32, .int64: return true
        }
    }

    /// True when the number is valid for this format.
    func accepts(_ number: SchemaNumber) -> Bool {
        switch self {
        case .int32: return number.isInteger && (number.intValue.map { Int32(exactly: $0) != nil } ?? false)
        case .int64:
            return number.isInteger
                && SchemaNumber.compare(number, SchemaNumber("9223372036854775807")!) <= 0
                && SchemaNumber.compare(number, SchemaNumber("-9223372036854775808")!) >= 0
        default: return true
        }
    }

    // MARK: dates and times

    private static func digits(_ scalars: ArraySlice<Unicode.Scalar>, _ start: Int, _ count: Int) -> Int? {
        guard start >= scalars.startIndex, start + count <= scalars.endIndex else { return nil }
        var value = 0
        for index in start..<(start + count) {
            let scalar = scalars[index]
            guard scalar.value >= 48 && scalar.value <= 57 else { return nil }
            value = value * 10 + Int(scalar.value - 48)
        }
        return value
    }

    private static func isDateTime(_ scalars: [Unicode.Scalar]) -> Bool {
        guard scalars.count > 11, scalars[10] == "T" || scalars[10] == "t" else { return false }
        return isDate(scalars[0..<10]) && isTime(scalars[11...])
    }

    private static func isDate(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        let start = scalars.startIndex
        guard scalars.count == 10, scalars[start + 4] == "-", scalars[start + 7] == "-",
            let year = digits(scalars, start, 4), let month = digits(scalars, start + 5, 2),
            let day = digits(scalars, start + 8, 2), (1...12).contains(month), day >= 1
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    private static func isTime(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        let start = scalars.startIndex
        guard scalars.count >= 9, scalars[start + 2] == ":", scalars[start + 5] == ":",
            let hour = digits(scalars, start, 2), let minute = digits(scalars, start + 3, 2),
            let second = digits(scalars, start + 6, 2), hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = start + 8
        if index < scalars.endIndex, scalars[index] == "." {
            index += 1
            let fractionStart = index
            while index < scalars.endIndex, scalars[index].value >= 48, scalars[index].value <= 57 { index += 1 }
            guard index > fractionStart else { return false }
        }
        guard index < scalars.endIndex else { return false }
        var offsetMinutes = 0
        if scalars[index] == "Z" || scalars[index] == "z" {
            guard index + 1 == scalars.endIndex else { return false }
        } else {
            guard scalars[index] == "+" || scalars[index] == "-", index + 6 == scalars.endIndex,
                scalars[index + 3] == ":", let offsetHour = digits(scalars, index + 1, 2),
                let offsetMinute = digits(scalars, index + 4, 2), offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (scalars[index] == "+" ? 1 : -1)
        }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    // MARK: identifiers

    private static func isHex(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "0"..."9", "a"..."f", "A"..."F": return true
        default: return false
        }
    }

    private static func isUUID(_ scalars: [Unicode.Scalar]) -> Bool {
        guard scalars.count == 36 else { return false }
        for (index, scalar) in scalars.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard scalar == "-" else { return false }
            } else if !isHex(scalar) {
                return false
            }
        }
        return true
    }

    // MARK: addresses

    private static func isIPv4(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        let parts = scalars.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ $0.value >= 48 && $0.value <= 57 }),
                part.count == 1 || part.first != "0",
                let value = Int(String(String.UnicodeScalarView(part))), value <= 255
            else { return false }
        }
        return true
    }

    private static func isIPv6(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        var scalars = scalars
        var groupsNeeded = 8
        // A trailing dotted IPv4 part stands for the last two groups.
        if let lastColon = scalars.lastIndex(of: ":"), scalars[(lastColon + 1)...].contains(".") {
            guard isIPv4(scalars[(lastColon + 1)...]) else { return false }
            scalars = scalars[..<(lastColon + 1)]
            if scalars.last == ":" && !(scalars.count >= 2 && scalars[scalars.endIndex - 2] == ":") {
                scalars = scalars.dropLast()
            }
            groupsNeeded = 6
        }
        guard scalars.allSatisfy({ isHex($0) || $0 == ":" }) else { return false }
        let text = String(String.UnicodeScalarView(scalars))
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ half: String) -> Int? {
            if half.isEmpty { return 0 }
            let parts = half.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ (1...4).contains($0.count) }) else { return nil }
            return parts.count
        }
        if halves.count == 2 {
            guard let left = groups(halves[0]), let right = groups(halves[1]) else { return false }
            return left + right < groupsNeeded
        }
        guard let count = groups(halves[0]) else { return false }
        return count == groupsNeeded
    }

    private static func isEmail(_ scalars: [Unicode.Scalar], idna: Bool) -> Bool {
        guard let at = scalars.lastIndex(of: "@"), at > 0, at < scalars.count - 1 else { return false }
        let local = scalars[..<at]
        let domain = scalars[(at + 1)...]
        if local.first == "\"" {
            guard local.count >= 2, local.last == "\"" else { return false }
            var index = local.startIndex + 1
            while index < local.endIndex - 1 {
                let scalar = local[index]
                if scalar == "\\" {
                    index += 2
                    continue
                }
                guard scalar != "\"", scalar.value >= 0x20, scalar.value < 0x7F else { return false }
                index += 1
            }
            guard index == local.endIndex - 1 else { return false }
        } else {
            let atomSpecials = "!#$%&'*+-/=?^_`{|}~".unicodeScalars
            let atoms = local.split(separator: ".", omittingEmptySubsequences: false)
            for atom in atoms {
                guard !atom.isEmpty,
                    atom.allSatisfy({
                        $0.isASCII
                            && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || atomSpecials.contains($0))
                    })
                else { return false }
            }
        }
        if domain.first == "[" {
            guard domain.last == "]" else { return false }
            let literal = domain.dropFirst().dropLast()
            let prefix = Array("IPv6:".unicodeScalars)
            if literal.starts(with: prefix) { return isIPv6(literal.dropFirst(prefix.count)) }
            return isIPv4(literal)
        }
        return HostnameFormat.isValid(Array(domain), idna: idna)
    }

    private static func isURI(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let colon = scalars.firstIndex(of: ":"), colon > 0,
            scalars[0].isASCII, scalars[0].properties.isAlphabetic,
            scalars[..<colon].allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
            })
        else { return false }
        var rest = scalars[(colon + 1)...]
        var fragment: ArraySlice<Unicode.Scalar>?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[(hash + 1)...]
            rest = rest[..<hash]
        }
        var query: ArraySlice<Unicode.Scalar>?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[(mark + 1)...]
            rest = rest[..<mark]
        }
        let pchar = URICharacters.unreserved + URICharacters.subDelimiters + ":@"
        if let fragment, !URICharacters.valid(fragment, allowing: pchar + "/?") { return false }
        if let query, !URICharacters.valid(query, allowing: pchar + "/?") { return false }
        if rest.starts(with: ["/", "/"]) {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<end]
            let path = rest[end...]
            guard URICharacters.valid(path, allowing: pchar + "/") else { return false }
            if let at = authority.lastIndex(of: "@") {
                guard
                    URICharacters.valid(
                        authority[..<at], allowing: URICharacters.unreserved + URICharacters.subDelimiters + ":")
                else { return false }
                authority = authority[(at + 1)...]
            }
            if authority.first == "[" {
                guard let close = authority.firstIndex(of: "]") else { return false }
                let literal = authority[(authority.startIndex + 1)..<close]
                guard isIPv6(literal) || (literal.first == "v" || literal.first == "V") else { return false }
                authority = authority[(close + 1)...]
                if authority.isEmpty { return true }
                guard authority.first == ":" else { return false }
                return authority.dropFirst().allSatisfy { ("0"..."9").contains($0) }
            }
            if let portColon = authority.lastIndex(of: ":") {
                guard authority[(portColon + 1)...].allSatisfy({ ("0"..."9").contains($0) }) else { return false }
                authority = authority[..<portColon]
            }
            return URICharacters.valid(authority, allowing: URICharacters.unreserved + URICharacters.subDelimiters)
        }
        return URICharacters.valid(rest, allowing: pchar + "/")
    }
}
