/// Compiles regular expressions from files and descriptions (someone else's text) with Swift's
/// `Regex`, after refusing patterns whose brackets nest deeper than ``maximumDepth``: the
/// parser of `Regex` recurses on nested groups and character classes, and a pattern such as
/// `[[[[…` thousands deep would overflow the stack.
enum RegexPattern {
    /// The deepest nesting of `(` and `[` accepted.
    static let maximumDepth = 100

    /// Why a pattern was refused.
    struct TooDeep: Error, CustomStringConvertible {
        var description: String { "its groups and brackets nest more than \(RegexPattern.maximumDepth) deep" }
    }

    /// The compiled pattern; throws ``TooDeep`` or the parser's error.
    static func compile(_ pattern: String) throws -> Regex<AnyRegexOutput> {
        var depth = 0
        var escaped = false
        for scalar in pattern.unicodeScalars {
            if escaped {
                escaped = false
                continue
            }
            switch scalar {
            case "\\": escaped = true
            case "(", "[":
                depth += 1
                if depth > maximumDepth { throw TooDeep() }
            case ")", "]": depth = max(0, depth - 1)
            default: break
            }
        }
        return try Regex(pattern)
    }
}
