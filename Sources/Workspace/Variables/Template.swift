import Foundation

/// A text with `{{variable}}` placeholders, parsed once.
///
/// Syntax:
/// - `{{name}}` is the variable `name` of the selected environment. A name is letters, digits,
///   `_`, `-` and `.`, starting with a letter, digit or `_`.
/// - `{{env:NAME}}` is the process environment variable `NAME` (letters, digits and `_`, not
///   starting with a digit).
/// - `{{$uuid}}`, `{{$timestamp}}`, `{{$randomInt 1 10}}` … are made when the request is sent
///   (see ``DynamicVariable``).
/// - `{{login.response.body.$.token}}` is a value of another request's last exchange (see
///   ``RequestValueReference``).
/// - Spaces and tabs inside the braces are allowed: `{{ name }}`, `{{ env:HOME }}`.
/// - `\{{` is a literal `{{`: the backslash is dropped and what follows is not a placeholder
///   (`\{{name}}` gives the text `{{name}}`). A backslash anywhere else is kept as it is.
/// - Any other `{{` (such as `{{ not a name }}` or a lone `{{`) is plain text and stays as written,
///   so JSON and other templating languages pass through untouched.
///
/// Values are inserted as they are: a value that itself contains `{{x}}` is not expanded again.
public struct Template: Sendable, Hashable {
    /// One piece of a template.
    public enum Segment: Sendable, Hashable {
        /// Text used as it is (escapes already applied: `\{{` is `{{` here).
        case literal(String)
        /// A placeholder.
        case reference(VariableReference)
    }

    /// The pieces, in order; adjacent literals are merged.
    public let segments: [Segment]

    /// Parses `text`. Parsing never fails: what is not a placeholder is literal text.
    public init(_ text: String) {
        var segments: [Segment] = []
        var literal = ""
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        var literalStart = index
        func flush(upTo end: String.UnicodeScalarView.Index) {
            literal += String(scalars[literalStart..<end])
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\\", Self.hasOpening(scalars, at: scalars.index(after: index)) {
                flush(upTo: index)
                literal += "{{"
                index = scalars.index(index, offsetBy: 3)
                literalStart = index
                continue
            }
            if scalar == "{", let (reference, end) = Self.placeholder(in: scalars, at: index) {
                flush(upTo: index)
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                segments.append(.reference(reference))
                index = end
                literalStart = index
                continue
            }
            index = scalars.index(after: index)
        }
        flush(upTo: scalars.endIndex)
        if !literal.isEmpty { segments.append(.literal(literal)) }
        self.segments = segments
    }

    /// The placeholders, in order, repeats included.
    public var references: [VariableReference] {
        segments.compactMap {
            if case .reference(let reference) = $0 { return reference }
            return nil
        }
    }

    /// The literal text only, placeholders left out (escapes applied).
    public var literalText: String {
        segments.map {
            if case .literal(let text) = $0 { return text }
            return ""
        }
        .joined()
    }

    /// The text with each placeholder replaced by `value(reference)`; nil from `value` leaves
    /// the placeholder and is reported through `missing`. Values are inserted as they are.
    public func render(
        _ value: (VariableReference) -> String?, missing: (VariableReference) -> Void = { _ in }
    ) -> String {
        var result = ""
        for segment in segments {
            switch segment {
            case .literal(let text):
                result += text
            case .reference(let reference):
                if let text = value(reference) {
                    result += text
                } else {
                    missing(reference)
                    result += reference.placeholder
                }
            }
        }
        return result
    }

    /// True for text that is a valid variable name (`base`, `user.id`, `api-key`).
    public static func isVariableName<S: StringProtocol>(_ name: S) -> Bool {
        guard let first = name.unicodeScalars.first, isNameStart(first) else { return false }
        return name.unicodeScalars.allSatisfy { isNameStart($0) || $0 == "-" || $0 == "." }
    }

    /// True for text that is a valid process environment name (`HOME`, `API_TOKEN`).
    public static func isProcessEnvironmentName<S: StringProtocol>(_ name: S) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII,
            first.properties.isAlphabetic || first == "_"
        else { return false }
        return name.unicodeScalars.allSatisfy(isNameStart)
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
    }

    private static func hasOpening(_ scalars: String.UnicodeScalarView, at index: String.UnicodeScalarView.Index)
        -> Bool
    {
        guard index < scalars.endIndex, scalars[index] == "{" else { return false }
        let next = scalars.index(after: index)
        return next < scalars.endIndex && scalars[next] == "{"
    }

    /// The placeholder starting at `start` (which holds `{`) and the index after its `}}`.
    ///
    /// The text between the braces (spaces and tabs around it allowed, no line break, no `{` or
    /// `}` inside) is, in this order: `env:NAME`, a dynamic variable `$name args…`, a request
    /// value (`name.response.body.$.path`, `name.response.headers.X-Token`), or a variable name. Anything else is no placeholder.
    private static func placeholder(
        in scalars: String.UnicodeScalarView, at start: String.UnicodeScalarView.Index
    ) -> (VariableReference, String.UnicodeScalarView.Index)? {
        guard hasOpening(scalars, at: start) else { return nil }
        var index = scalars.index(start, offsetBy: 2)
        let innerStart = index
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "}" { break }
            if scalar == "{" || scalar == "\n" || scalar == "\r" { return nil }
            index = scalars.index(after: index)
        }
        guard index < scalars.endIndex else { return nil }
        let next = scalars.index(after: index)
        guard next < scalars.endIndex, scalars[next] == "}" else { return nil }
        let end = scalars.index(after: next)
        let inner = String(scalars[innerStart..<index]).trimmingCharacters(in: [" ", "\t"])
        guard let reference = reference(inner) else { return nil }
        return (reference, end)
    }

    /// What the text between the braces refers to; nil when it is no placeholder.
    static func reference(_ inner: String) -> VariableReference? {
        if inner.hasPrefix("env:") {
            let variable = inner.dropFirst(4)
            return isProcessEnvironmentName(variable) ? .processEnvironment(String(variable)) : nil
        }
        if inner.hasPrefix("$") {
            let words = inner.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let name = words.first, DynamicVariable.isName(name) else { return nil }
            return .dynamic(name: name, arguments: Array(words.dropFirst()))
        }
        if let value = RequestValueReference.parse(inner) { return .requestValue(value) }
        return isVariableName(inner) ? .variable(inner) : nil
    }
}
