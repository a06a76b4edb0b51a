import Foundation
import OrderedJSON
import Workspace

/// A request body ready to send, produced by a form after validation. JSON and text are sent
/// exactly as typed; form fields are sent in the order written, each encoded as described in
/// ``parse(_:mode:)``; multipart parts and files are read from disk when sent.
public enum RequestBody: Sendable, Equatable {
    /// No body (DELETE).
    case none
    /// JSON text exactly as typed; it was checked to be valid JSON.
    case json(String)
    /// Text, sent as UTF-8 `text/plain`.
    case text(String)
    /// Fields sent `application/x-www-form-urlencoded`, in the order written.
    case urlEncoded([Field])
    /// Parts sent `multipart/form-data`, in the order written; files are streamed when sent.
    case multipart([MultipartPart])
    /// The file at the path (as typed: `~/` is the home folder, a relative path is read from
    /// hammock's working folder), streamed when sent.
    case file(String)

    /// One `key=value` field of a form-urlencoded body.
    public struct Field: Sendable, Equatable {
        /// The name, as the server will decode it.
        public var name: String
        /// The value, as the server will decode it.
        public var value: String
        /// The field as it goes on the wire (`a%20b=c%26d`).
        public var encoded: String

        /// Creates a field from literal text: every byte but `A-Z a-z 0-9 - . _ ~` is
        /// percent-encoded (`%`, `+`, `&`, `=` and spaces included), so the server decodes
        /// exactly `name` and `value`.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
            encoded = PercentEncoding.encodeAll(name) + "=" + PercentEncoding.encodeAll(value)
        }

        /// Creates a field from a pair that is encoded already (`q=rock%26roll`, `x=a+b`): it is
        /// sent exactly as given; `name` and `value` are what a server decodes (`+` as a space).
        public init(encodedPair: String) {
            encoded = encodedPair
            let equals = encodedPair.firstIndex(of: "=") ?? encodedPair.endIndex
            func decoded(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            name = decoded(encodedPair[..<equals])
            value = equals == encodedPair.endIndex ? "" : decoded(encodedPair[encodedPair.index(after: equals)...])
        }
    }

    /// Validates and converts form text. JSON errors read "Invalid JSON at line L, column C: …".
    ///
    /// A form body is `key=value` pairs, separated by `&` or by line breaks, mixed freely
    /// (`a=1&b=2` on one line is two fields); blank lines, empty pairs and the spaces around a
    /// line are ignored, and the first `=` of a pair ends its key. A pair without `=` or with an
    /// empty key is rejected with its line number. Each line is one of two kinds:
    ///
    /// - Literal text (the usual case): keys and values are percent-encoded on the way out,
    ///   every byte but `A-Z a-z 0-9 - . _ ~`, so `%`, `+`, spaces and non-ASCII arrive exactly as
    ///   typed (`note=50% + tax` is sent `note=50%25%20%2B%20tax`).
    /// - Already encoded: a line that holds at least one `%XX` escape and otherwise only
    ///   unreserved characters, `=`, `&`, `+` and `*` (`q=rock%26roll&x=a+b`, pasted from a log
    ///   or a curl command) is sent byte for byte; the server decodes `%26` as `&` and `+` as a
    ///   space. This is how a value can hold `&` or `=`.
    ///
    /// A multipart body is one part a line in curl's `-F` syntax (``MultipartPart/parts(inBody:)``);
    /// it needs a part at least. A file body is one line, the path.
    public static func parse(_ text: String, mode: BodyMode) throws(FormError) -> RequestBody {
        switch mode {
        case .multipart:
            do throws(MultipartSpecError) {
                let parts = try MultipartPart.parts(inBody: text)
                guard !parts.isEmpty else {
                    throw MultipartSpecError(
                        "A multipart body needs a part at least: name=value, name=@file or name=<file, one a line.")
                }
                return .multipart(parts)
            } catch {
                throw FormError(message: error.message)
            }
        case .file:
            let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            guard let path = lines.first else {
                throw FormError(message: "A file body is the path of the file to send: type it.")
            }
            guard lines.count == 1 else {
                throw FormError(
                    message:
                        "A file body is one path, and this one has \(lines.count) lines; for several files, use multipart."
                )
            }
            return .file(path)
        case .text:
            return .text(text)
        case .json:
            if !text.isEmpty, text.allSatisfy(\.isWhitespace) {
                throw FormError(
                    message: "The JSON body is only white space: empty it to send no body, or Ctrl-T sends it as text")
            }
            do throws(JSONSyntaxError) {
                _ = try JSONDocument(text)
            } catch {
                // `{{variables}}` may stand for any value (`{"id": {{id}}}`): such a body is
                // checked again once they are filled in, just before sending.
                guard text.contains("{{"), (try? JSONDocument(Self.placeholdersAsNull(text))) != nil else {
                    throw FormError(message: error.description)
                }
            }
            return .json(text)
        case .form:
            var fields: [Field] = []
            // Any line break separates pairs: `\n`, `\r\n` (one Character) or a lone `\r`.
            let lineBreaks: Set<Character> = ["\n", "\r\n", "\r"]
            for (offset, line) in text.split(omittingEmptySubsequences: false, whereSeparator: lineBreaks.contains)
                .enumerated()
            {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                let isEncoded = isEncodedLine(trimmed)
                for pair in trimmed.split(separator: "&") {
                    guard let equals = pair.firstIndex(of: "=") else {
                        throw FormError(message: "Form body line \(offset + 1): '\(pair)' needs key=value")
                    }
                    guard equals > pair.startIndex else {
                        throw FormError(message: "Form body line \(offset + 1): '\(pair)' has no key before =")
                    }
                    fields.append(
                        isEncoded
                            ? Field(encodedPair: String(pair))
                            : Field(String(pair[..<equals]), String(pair[pair.index(after: equals)...])))
                }
            }
            return .urlEncoded(fields)
        }
    }

    /// The bytes to send and their content type; nil for `.none`, and for multipart and file
    /// bodies, whose bytes are read from files only when sent.
    public var encoded: (data: Data, contentType: String)? {
        switch self {
        case .none, .multipart, .file:
            return nil
        case .json(let text):
            return (Data(text.utf8), "application/json")
        case .text(let text):
            return (Data(text.utf8), "text/plain; charset=utf-8")
        case .urlEncoded(let fields):
            return (Data(fields.map(\.encoded).joined(separator: "&").utf8), "application/x-www-form-urlencoded")
        }
    }

    /// `text` with every `{{…}}` replaced by `null`, to check the JSON around variables.
    static func placeholdersAsNull(_ text: String) -> String {
        text.replacingOccurrences(of: #"\{\{[^{}]*\}\}"#, with: "null", options: .regularExpression)
    }

    /// True for a line written in the wire form already: one `%XX` escape at least, and
    /// otherwise only unreserved characters, `=`, `&`, `+` and `*`.
    static func isEncodedLine(_ line: String) -> Bool {
        let bytes = Array(line.utf8)
        var sawEscape = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                sawEscape = true
                index += 3
                continue
            }
            let allowed =
                PercentEncoding.isUnreserved(byte) || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "&")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*")
            guard allowed else { return false }
            index += 1
        }
        return sawEscape
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
