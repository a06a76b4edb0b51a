/// A value from another request's last exchange, written as the `.http` dialects write it:
///
/// | written | gives |
/// |---|---|
/// | `{{login.response.body.$.token}}` | the JSONPath `$.token` in the answer's body |
/// | `{{login.response.body.*}}` | the whole body |
/// | `{{login.response.headers.X-Token}}` | the answer's header `X-Token` |
/// | `{{login.request.body.$.user}}` | the JSONPath in the body that was sent |
/// | `{{login.request.headers.Accept}}` | a header that was sent |
///
/// The request is named by its `name:` (or `# @name`) or its file name without extension.
public struct RequestValueReference: Sendable, Hashable {
    /// Which side of the exchange.
    public enum Side: String, Sendable, Hashable {
        /// What was sent.
        case request
        /// What came back.
        case response
    }

    /// Which part of it.
    public enum Part: Sendable, Hashable {
        /// The body as a whole (`*`), or the value at a JSONPath (`$.token`).
        case body(path: String?)
        /// One header, by name (any case).
        case header(String)
    }

    /// The request's name.
    public var request: String
    /// Request or response.
    public var side: Side
    /// Body or header.
    public var part: Part
    /// The text between the braces, as written (without outer spaces).
    public var text: String

    /// Creates a reference.
    public init(request: String, side: Side, part: Part, text: String) {
        self.request = request
        self.side = side
        self.part = part
        self.text = text
    }

    /// Reads `text` (what is between the braces); nil when it is not a request value.
    public static func parse(_ text: String) -> RequestValueReference? {
        for side in [Side.response, .request] {
            for (marker, isBody) in [(".\(side.rawValue).body", true), (".\(side.rawValue).headers.", false)] {
                guard let range = text.range(of: marker) else { continue }
                let name = String(text[..<range.lowerBound])
                guard Template.isVariableName(name) else { continue }
                let rest = String(text[range.upperBound...])
                if isBody {
                    if rest.isEmpty || rest == ".*" {
                        return RequestValueReference(request: name, side: side, part: .body(path: nil), text: text)
                    }
                    guard rest.hasPrefix(".$") else { continue }
                    return RequestValueReference(
                        request: name, side: side, part: .body(path: String(rest.dropFirst())), text: text)
                }
                guard !rest.isEmpty, !rest.contains(where: { $0 == " " || $0 == ":" }) else { continue }
                return RequestValueReference(request: name, side: side, part: .header(rest), text: text)
            }
        }
        return nil
    }
}
