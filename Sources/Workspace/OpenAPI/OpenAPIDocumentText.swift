import Foundation
import OrderedJSON

/// Reads the bytes of a description or of a file it refers to as a ``JSONDocument``: JSON
/// directly, YAML by way of ``OpenAPIYAMLConverter``.
enum OpenAPIDocumentText {
    /// The document the bytes hold.
    ///
    /// Text that starts with `{` or `[` is JSON (a JSON file with a mistake is told as such,
    /// not read as the YAML flow collection it may also be); anything else is YAML.
    static func document(from data: Data) throws(APIDescriptionError) -> JSONDocument {
        if startsLikeJSON(data) {
            do {
                return try JSONDocument(data: data)
            } catch {
                throw .notJSONOrYAML(line: error.line, column: error.column, reason: error.reason)
            }
        }
        return try yamlDocument(from: data)
    }

    private static func yamlDocument(from data: Data) throws(APIDescriptionError) -> JSONDocument {
        let text = String(decoding: data, as: UTF8.self)
        guard let json = try OpenAPIYAMLConverter.jsonText(fromYAML: text) else {
            throw .notADescription(reason: "the document is empty")
        }
        do {
            return try JSONDocument(json)
        } catch {
            throw .notJSONOrYAML(line: 1, column: 1, reason: "the YAML could not be written as JSON (\(error.reason))")
        }
    }

    private static func startsLikeJSON(_ data: Data) -> Bool {
        for byte in data.prefix(4096) {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0xEF, 0xBB, 0xBF:
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                return true
            default:
                return false
            }
        }
        return false
    }
}
