import Yams

/// Parses the YAML of one collection or environment file into a node tree, turning parser
/// errors into a line number and a short reason.
enum YAMLDocument {
    /// A problem found in a file: the line (1-based) when known, and a reason in plain words.
    struct Problem: Error, Equatable {
        /// The 1-based line the problem is on, when known.
        var line: Int?
        /// What is wrong, as a phrase (`the key “url” is missing`).
        var reason: String
        /// The 1-based column, when known.
        var column: Int? = nil
    }

    /// The root node of `text`, nil for an empty document.
    static func parse(_ text: String) throws(Problem) -> Node? {
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw problem(from: error)
        } catch {
            throw Problem(line: nil, reason: "not valid YAML (\(error))")
        }
    }

    /// The raw text of a scalar node, nil for any other node. Not for values that must be kept
    /// exactly: the parser drops a byte-order mark at the start of a value (see ``Source``).
    static func text(of node: Node) -> String? {
        node.scalar?.string
    }

    /// The text of a document, to read values exactly.
    struct Source {
        private let lines: [Substring]

        init(_ text: String) {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        }

        /// The text of a scalar node exactly as written, nil for any other node.
        ///
        /// The parser turns values into strings in a way that drops a leading U+FEFF (byte-order
        /// mark); a double-quoted value whose text starts with that escape gets it back here.
        func text(of node: Node) -> String? {
            guard let scalar = node.scalar else { return nil }
            guard scalar.style == .doubleQuoted, let mark = scalar.mark, mark.line - 1 < lines.count else {
                return scalar.string
            }
            let line = lines[mark.line - 1].unicodeScalars
            guard let start = line.index(line.startIndex, offsetBy: mark.column - 1, limitedBy: line.endIndex) else {
                return scalar.string
            }
            let opening = String(line[start...].prefix(11)).lowercased()
            if opening.hasPrefix("\"\\ufeff") || opening.hasPrefix("\"\\u0000feff") {
                return "\u{FEFF}" + scalar.string
            }
            return scalar.string
        }
    }

    /// True for a plain scalar YAML reads as null: nothing, `~` or `null`.
    static func isNull(_ node: Node) -> Bool {
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// A word for what a node is, for messages (`a list`, `a mapping`, `text`).
    static func kindName(of node: Node) -> String {
        switch node {
        case .scalar: return "text"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    private static func problem(from error: YamlError) -> Problem {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            var reason = "not valid YAML: " + problem
            if let context {
                reason += " (\(context.text) on line \(context.mark.line))"
            }
            return Problem(line: mark.line, reason: reason)
        case .reader(let problem, _, _, _):
            return Problem(line: nil, reason: "not readable as YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.map { "“\($0)”" }.joined(separator: ", ")
            let phrase = duplicates.count == 1 ? "the key \(names) appears" : "the keys \(names) appear"
            return Problem(line: context.mark.line, reason: "\(phrase) more than once in one mapping")
        default:
            return Problem(line: nil, reason: "not valid YAML (\(error))")
        }
    }
}
