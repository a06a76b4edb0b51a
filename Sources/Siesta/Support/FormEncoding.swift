import Foundation

/// Escaping for `application/x-www-form-urlencoded` bodies.
enum FormEncoding {
    private static let allowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// Percent-escapes everything except unreserved characters; `nil` if the text cannot be
    /// escaped.
    static func escape(_ text: String) -> String? {
        text.addingPercentEncoding(withAllowedCharacters: allowed)
    }
}
