import Safety

/// Why typed text is not a URL hammock can open. ``message`` is a sentence that names the text
/// (made safe to print, and cut after 200 characters).
public struct URLInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the text.
    public enum Reason: Equatable, Sendable {
        /// Nothing was typed.
        case empty
        /// A scheme other than `http` and `https` (`ftp`, `file`, `ws`, `mailto`, …), lower-cased.
        case unsupportedScheme(String)
        /// An `http(s)` URL without a host (`http://`, `https:///x`, `http:x`).
        case noHost
        /// A path, query or `./` with no service to resolve it against (on the command line).
        case relativeWithoutBase
        /// A host with characters no host name has.
        case invalidHost(String)
        /// A host with non-ASCII letters (not supported: type its `xn--` form).
        case internationalHost(String)
        /// Brackets around something that is not an IPv6 address.
        case invalidIPv6(String)
        /// A port that is not a number from 1 to 65535.
        case invalidPort(String)
    }

    /// The text as typed.
    public var text: String
    /// What is wrong with it.
    public var reason: Reason

    /// Creates an error for `text`.
    public init(text: String, reason: Reason) {
        self.text = text
        self.reason = reason
    }

    /// The sentence shown to the user, e.g. "cannot open 'ftp://x': hammock speaks http and
    /// https".
    public var message: String {
        let named = "cannot open '\(Self.shown(text))'"
        switch reason {
        case .empty:
            return "no URL given: type one like localhost:8080/users or https://example.org/"
        case .unsupportedScheme(let scheme):
            let webSockets =
                scheme == "ws" || scheme == "wss"
                ? " (a ws:// or wss:// URL opens the WebSocket console from g or the command line)" : ""
            return "\(named): hammock speaks http and https\(webSockets)"
        case .noHost:
            return "\(named): it names no host (for example http://localhost:8080/)"
        case .relativeWithoutBase:
            return "\(named): a path needs a host in front (for example localhost:8080/users)"
        case .invalidHost(let host):
            return "\(named): '\(Self.shown(host))' is not a host name"
        case .internationalHost(let host):
            return "\(named): international host names are not supported; type the xn-- form of '\(Self.shown(host))'"
        case .invalidIPv6(let host):
            return "\(named): '\(Self.shown(host))' is not an IPv6 address"
        case .invalidPort(let port):
            return "\(named): the port '\(Self.shown(port))' is not a number from 1 to 65535"
        }
    }

    /// The ``message``.
    public var description: String { message }

    private static func shown(_ text: String) -> String {
        let masked = SecretMasker.maskTypedURL(text)
        let cut = masked.count > 200 ? String(masked.prefix(200)) + "…" : masked
        return UnsafeText.clean(cut)
    }
}
