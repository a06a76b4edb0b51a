import OrderedJSON

/// The value after an assertion's predicate, read once its `{{variables}}` are known.
enum RunExpectedValue {
    /// Checks the written value when the line is read: `file` needs a path; a value that looks
    /// like JSON (a quote, a bracket) must be JSON unless it holds `{{…}}`.
    static func check(_ text: String, column: Int) throws(RunSyntaxError) {
        if text == "file" || text.hasPrefix("file ") {
            guard text.count > 5 else {
                throw RunSyntaxError(column: column, reason: "“file” needs a path (file \"expected.json\")")
            }
            return
        }
        guard let first = text.unicodeScalars.first, "\"[{".unicodeScalars.contains(first), !text.contains("{{") else {
            return
        }
        do throws(JSONSyntaxError) {
            _ = try JSONDocument(text)
        } catch {
            throw RunSyntaxError(column: column, reason: "the value is not valid JSON: \(error.description)")
        }
    }

    /// The path of a `file "PATH"` value, nil for any other value.
    static func filePath(_ text: String) -> String? {
        guard text.hasPrefix("file ") else { return nil }
        let rest = text.dropFirst(5).trimmingCharacters(in: [" ", "\t"])
        return RunValueText.decodeString(rest) ?? rest
    }

    /// The value of `text` with its placeholders filled by `fill`: JSON literals as JSON, any
    /// other text as a string. A `"…"` literal is decoded first, then filled, so a value with
    /// quotes in it stays one string.
    static func value(_ text: String, fill: (String) throws -> String) rethrows -> RunValue {
        if let decoded = RunValueText.decodeString(text) {
            return .string(try fill(decoded))
        }
        let filled = try fill(text)
        if let document = try? JSONDocument(filled) {
            return RunValue(document, document.root)
        }
        return .string(filled)
    }
}
