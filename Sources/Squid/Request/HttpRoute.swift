import Foundation

/// The routing path of a request, appended to the service's URL.
///
/// Write it as an array literal of strings and numbers; every element is turned into text with
/// `String(describing:)`. A slash inside an element separates path segments, and empty segments
/// are dropped, so `["users", 1, "posts"]`, `["users/1", "posts"]` and `["/users/1/posts/"]` all
/// give `/users/1/posts`. Each segment is percent-encoded (a space becomes `%20`, `?` becomes
/// `%3F`), so segments can never add a query or a fragment. `+` appends one route to another.
///
/// ```swift
/// var routes: HttpRoute { ["users", userId] + ["posts"] }
/// ```
public struct HttpRoute: Sendable, Hashable, ExpressibleByArrayLiteral, CustomStringConvertible {

    /// The path segments in order, not yet percent-encoded. Never contains empty strings or
    /// slashes.
    public let segments: [String]

    /// Creates a route from path components, each converted with `String(describing:)` and split
    /// at slashes.
    public init(_ components: [any CustomStringConvertible]) {
        segments = components.flatMap { component in
            String(describing: component).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        }
    }

    /// Creates a route from an array literal such as `["users", 1]`.
    public init(arrayLiteral elements: any CustomStringConvertible...) {
        self.init(elements)
    }

    /// The route as a percent-encoded path starting with `/`; `""` for the empty route.
    public var description: String {
        encodedPath
    }

    /// The percent-encoded path, `/`-joined with a leading slash, or `""` when there are no
    /// segments.
    public var encodedPath: String {
        segments.map { "/" + Self.encode($0) }.joined()
    }

    /// Appends the segments of `rhs` to those of `lhs`.
    public static func + (lhs: HttpRoute, rhs: HttpRoute) -> HttpRoute {
        HttpRoute(segments: lhs.segments + rhs.segments)
    }

    private init(segments: [String]) {
        self.segments = segments
    }

    private static let allowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/;?#%")
        return set
    }()

    private static func encode(_ segment: String) -> String {
        // Most segments need no escape; those are returned as they are, without Foundation's
        // encoder (which goes through a CFString).
        if segment.utf8.allSatisfy(isAllowedASCII) { return segment }
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }

    /// Whether `byte` is an ASCII character of ``allowed``: a letter, a digit or one of
    /// `!$&'()*+,-.:=@_~`.
    private static func isAllowedASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "-"),
            UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "@"), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
