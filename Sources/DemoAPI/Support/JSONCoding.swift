import Foundation

/// The one JSON encoder and decoder configuration the server uses.
///
/// Output is pretty-printed with sorted keys, so equal content always gives equal bytes and
/// therefore an equal ``ETag``; slashes are not escaped so links read as written.
enum JSONCoding {
    /// Encodes `value` as readable, deterministic JSON bytes.
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// Encodes `value` as compact JSON on one line, keys sorted, for the streaming routes whose
    /// formats are line-based (Server-Sent Events `data:` lines, NDJSON).
    static func encodeLine(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Decodes a JSON request body, turning any failure into a 400 ``APIError``.
    static func decodeBody<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        if data.isEmpty {
            throw APIError(.badRequest, "The request body is empty; a JSON body is required.")
        }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw APIError(.badRequest, "The request body is not valid JSON.")
        }
    }
}
