import Foundation
import OrderedJSON

/// A request body ready to send, produced by a form after validation. JSON and text are sent
/// exactly as typed; form fields are escaped and sent in the order written.
public enum RequestBody: Sendable, Equatable {
    /// No body (DELETE).
    case none
    /// JSON text exactly as typed; it was checked to be valid JSON.
    case json(String)
    /// Text, sent as UTF-8 `text/plain`.
    case text(String)
    /// Fields sent `application/x-www-form-urlencoded`, in the order written.
    case urlEncoded([Field])

    /// One `key=value` field of a form-urlencoded body.
    public struct Field: Sendable, Equatable {
        /// The name, unescaped.
        public var name: String
        /// The value, unescaped.
        public var value: String

        /// Creates a field.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Validates and converts form text. JSON errors read "Invalid JSON at line L, column C: …";
    /// form lines without `=` are rejected with their line number.
    public static func parse(_ text: String, mode: BodyMode) throws(FormError) -> RequestBody {
        switch mode {
        case .text:
            return .text(text)
        case .json:
            do throws(JSONSyntaxError) {
                _ = try JSONDocument(text)
            } catch {
                throw FormError(message: error.description)
            }
            return .json(text)
        case .form:
            var fields: [Field] = []
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { continue }
                guard let equals = trimmed.firstIndex(of: "=") else {
                    throw FormError(message: "Form body line \(offset + 1) needs key=value")
                }
                fields.append(Field(String(trimmed[..<equals]), String(trimmed[trimmed.index(after: equals)...])))
            }
            return .urlEncoded(fields)
        }
    }

    /// The bytes to send and their content type; nil for `.none`.
    public var encoded: (data: Data, contentType: String)? {
        switch self {
        case .none:
            return nil
        case .json(let text):
            return (Data(text.utf8), "application/json")
        case .text(let text):
            return (Data(text.utf8), "text/plain; charset=utf-8")
        case .urlEncoded(let fields):
            let pairs = fields.map { RequestBody.escape($0.name) + "=" + RequestBody.escape($0.value) }
            return (Data(pairs.joined(separator: "&").utf8), "application/x-www-form-urlencoded")
        }
    }

    private static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// Percent-escapes everything but unreserved characters.
    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
