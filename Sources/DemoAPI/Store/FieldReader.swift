/// Reads typed, optional fields out of a JSON object body, with 400 errors that name the field.
struct FieldReader {
    private let object: [String: JSONValue]

    /// Wraps a decoded body; anything but an object is a 400 error.
    init(json: JSONValue) throws {
        guard case .object(let object) = json else {
            throw APIError(.badRequest, "The request body must be a JSON object, not \(json.kindName).")
        }
        self.object = object
    }

    /// The string at `key`, `nil` when absent or `null`.
    func string(_ key: String) throws -> String? {
        switch object[key] {
        case nil, .null: return nil
        case .string(let value): return value
        case .some(let other): throw Self.typeError(key, expected: "a string", got: other)
        }
    }

    /// The integer at `key`, `nil` when absent or `null`.
    func int(_ key: String) throws -> Int? {
        switch object[key] {
        case nil, .null: return nil
        case .int(let value): return value
        case .some(let other): throw Self.typeError(key, expected: "an integer", got: other)
        }
    }

    private static func typeError(_ key: String, expected: String, got value: JSONValue) -> APIError {
        APIError(.badRequest, "The field \"\(key)\" must be \(expected), not \(value.kindName).")
    }
}
