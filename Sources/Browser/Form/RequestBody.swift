import Foundation

/// A request body ready to hand to Siesta, produced by a form after validation.
public enum RequestBody: @unchecked Sendable {
    /// No body (DELETE).
    case none
    /// Parsed JSON (`[String: Any]`, `[Any]` or a scalar) for `request(_:json:)`.
    case json(Any)
    /// Text for `request(_:text:)`.
    case text(String)
    /// Fields for `request(_:urlEncoded:)`, in the order written.
    case urlEncoded([(String, String)])

    /// Validates and converts form text. JSON errors read "Invalid JSON at line L, column C: …";
    /// form lines without `=` are rejected with their line number.
    public static func parse(_ text: String, mode: BodyMode) throws(FormError) -> RequestBody {
        switch mode {
        case .text:
            return .text(text)
        case .json:
            if let failure = JSONValidator.validate(text) { throw FormError(message: failure.description) }
            guard
                let value = try? JSONSerialization.jsonObject(
                    with: Data(text.utf8), options: [.fragmentsAllowed])
            else {
                throw FormError(message: "Invalid JSON at line 1, column 1: the parser rejected it")
            }
            return .json(value)
        case .form:
            var fields: [(String, String)] = []
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { continue }
                guard let equals = trimmed.firstIndex(of: "=") else {
                    throw FormError(message: "Form body line \(offset + 1) needs key=value")
                }
                fields.append((String(trimmed[..<equals]), String(trimmed[trimmed.index(after: equals)...])))
            }
            return .urlEncoded(fields)
        }
    }
}
