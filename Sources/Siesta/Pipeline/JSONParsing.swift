import Foundation

/// The standard JSON parser: `Data` (or already-decoded text) to `[String: Any]` or `[Any]`.
enum JSONParsing {
    static func parse(_ entity: Entity<Any>) throws -> Any? {
        let data: Data
        switch entity.content {
        case let bytes as Data: data = bytes
        case let text as String: data = Data(text.utf8)
        case let object as [String: Any]: return object
        case let array as [Any]: return array
        default:
            throw RequestError.Cause.WrongInputTypeInTranformerPipeline(
                expectedType: "Data", actualType: String(describing: type(of: entity.content)))
        }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            let cause = RequestError.Cause.EmptyJSONBody()
            throw RequestError(cause: cause, entity: entity)
        }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            // The parser's own error is the cause, as in Siesta: code written for Siesta inspects it
            // (`NSCocoaErrorDomain`, code 3840, where it went wrong in its debug description).
            throw RequestError(userMessage: "Cannot parse server response", cause: error, entity: entity)
        }
        if parsed is [String: Any] || parsed is [Any] {
            return parsed
        }
        let cause = RequestError.Cause.JSONResponseIsNotDictionaryOrArray(actualType: jsonTypeName(of: data))
        throw RequestError(cause: cause, entity: entity)
    }

    /// The JSON type of a bare value, read from its first significant byte.
    private static func jsonTypeName(of data: Data) -> String {
        switch data.first(where: { $0 > 0x20 }) {
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "boolean"
        case UInt8(ascii: "\""): return "string"
        case UInt8(ascii: "n"): return "null"
        default: return "number"
        }
    }
}
