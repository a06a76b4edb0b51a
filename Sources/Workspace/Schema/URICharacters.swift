import Foundation

/// The character classes of RFC 3986, for checking the `uri` format.
enum URICharacters {
    /// `unreserved`: letters, digits and `-._~`.
    static let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    /// `sub-delims`.
    static let subDelimiters = "!$&'()*+,;="

    /// True when every character of `scalars` is one of `allowed` or part of a `%HH` escape.
    static func valid(_ scalars: ArraySlice<Unicode.Scalar>, allowing allowed: String) -> Bool {
        let allowed = Set(allowed.unicodeScalars)
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "%" {
                guard index + 2 < scalars.endIndex, isHex(scalars[index + 1]), isHex(scalars[index + 2]) else {
                    return false
                }
                index += 3
                continue
            }
            guard allowed.contains(scalar) else { return false }
            index += 1
        }
        return true
    }

    private static func isHex(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "0"..."9", "a"..."f", "A"..."F": return true
        default: return false
        }
    }
}
