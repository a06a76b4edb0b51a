import Foundation

/// Anything that can say which URLs a configuration applies to: a `String` wildcard pattern,
/// a `Resource`, or an `NSRegularExpression`.
///
/// String patterns are resolved against the service's `baseURL` (a leading `/` is optional)
/// unless they contain `://`. `*` matches any run of characters within one path segment, `**`
/// across segments (`/a/**/b` matches `/a/b` and `/a/1/2/b`), `?` one character other than
/// `/`. The whole URL must match; its query string is ignored.
@MainActor
public protocol ConfigurationPatternConvertible {
    /// A predicate that tells whether a resource URL matches this pattern.
    func configurationPattern(for service: Service) -> (URL) -> Bool

    /// How this pattern appears in logs.
    var configurationPatternDescription: String { get }
}

extension String: ConfigurationPatternConvertible {
    /// Compiles this wildcard pattern against the service's base URL.
    public func configurationPattern(for service: Service) -> (URL) -> Bool {
        let regex = WildcardPattern.regularExpression(for: self, baseURL: service.baseURL)
        return { url in
            let target = WildcardPattern.stripQuery(url.absoluteString)
            let range = NSRange(target.startIndex..., in: target)
            return regex?.firstMatch(in: target, range: range) != nil
        }
    }

    /// The pattern itself.
    public var configurationPatternDescription: String { self }
}

extension NSRegularExpression: ConfigurationPatternConvertible {
    /// Matches when the expression finds a match anywhere in the full URL string.
    public func configurationPattern(for service: Service) -> (URL) -> Bool {
        { url in
            let target = url.absoluteString
            return self.firstMatch(in: target, range: NSRange(target.startIndex..., in: target)) != nil
        }
    }

    /// The expression's source.
    public var configurationPatternDescription: String { pattern }
}
