import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads header fields out of Foundation's response type.
enum HTTPHeaderFields {
    /// The response's headers as a `[String: String]` dictionary with lower-cased names.
    static func dictionary(of response: HTTPURLResponse) -> [String: String] {
        var result: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            guard let name = key as? String else { continue }
            result[name.lowercased()] = value as? String ?? "\(value)"
        }
        return result
    }
}
