import OrderedJSON

/// Turns the statements of a JetBrains response handler that hammock can express into
/// captures and assertion lines, and lists the others.
///
/// | statement | becomes |
/// |---|---|
/// | `client.global.set("token", response.body.token)` | capture `token` ← `$.token` |
/// | `client.global.set("loc", response.headers.valueOf("Location"))` | capture `loc` ← `header Location` |
/// | `client.assert(response.status === 200, "…")` | `status == 200` |
/// | `client.assert(response.body.name == "Ada")` | `$.name == "Ada"` |
/// | `client.assert(response.body.items.length >= 1)` | `$.items length >= 1` |
/// | `client.assert(response.headers.valueOf("Content-Type").includes("json"))` | `header Content-Type contains "json"` |
/// | `client.assert(response.contentType.mimeType === "application/json")` | `header Content-Type startsWith "application/json"` |
/// | `client.assert(response.body.id !== undefined)` | `$.id exists` |
/// | `client.assert(a && b)` | both |
/// | `client.test("…", function() { … })` | what its statements become |
///
/// `.length` becomes the `length` filter, which counts an array's elements and a string's
/// characters, as JavaScript's `.length` does. Any other statement (`console.log(…)`, `if`,
/// `||`, a comparison of two response values, a variable) is listed with its line, never
/// half-mapped.
enum HandlerScriptMapping {
    /// What a script maps to.
    struct Outcome: Equatable {
        /// The captures, in order.
        var captures: [CaptureRule] = []
        /// The assertion lines, in order.
        var assertions: [String] = []
        /// The statements left out: line breaks before them in the script, and their text on
        /// one line.
        var leftOut: [LeftOut] = []
    }

    /// A statement that has no hammock equivalent.
    struct LeftOut: Equatable {
        /// Line breaks before it in the script (0 for the line the script starts on).
        var line: Int
        /// The statement on one line, clipped.
        var text: String
    }

    typealias Token = HandlerScriptLexer.Token

    /// Maps `script`, the text of a `> {% … %}` handler.
    static func map(_ script: String) -> Outcome {
        let lexer = HandlerScriptLexer(script)
        let tokens = lexer.tokens()
        var outcome = Outcome()
        map(lexer.statements(tokens[...]), lexer: lexer, into: &outcome)
        return outcome
    }

    private static func map(
        _ statements: [HandlerScriptLexer.Statement], lexer: HandlerScriptLexer, into outcome: inout Outcome
    ) {
        for statement in statements {
            let tokens = statement.tokens
            if let arguments = call(tokens, ["client", "global", "set"]), arguments.count == 2,
                let name = string(arguments[0]), Template.isVariableName(name),
                let query = operand(arguments[1]), case .query(let kind, nil) = query
            {
                outcome.captures.append(CaptureRule(name: name, query: text(of: kind)))
            } else if let arguments = call(tokens, ["client", "assert"]), (1...2).contains(arguments.count),
                let assertions = condition(arguments[0])
            {
                outcome.assertions += assertions
            } else if let arguments = call(tokens, ["client", "test"]), arguments.count == 2,
                let body = functionBody(arguments[1])
            {
                map(lexer.statements(body), lexer: lexer, into: &outcome)
            } else {
                outcome.leftOut.append(LeftOut(line: statement.line, text: OneLine.clip(statement.text, width: 100)))
            }
        }
    }

    // MARK: - Calls and functions

    /// The arguments of `a.b.c(…)` when `tokens` are exactly that call.
    private static func call(_ tokens: ArraySlice<Token>, _ path: [String]) -> [ArraySlice<Token>]? {
        var index = tokens.startIndex
        for (offset, word) in path.enumerated() {
            if offset > 0 {
                guard index < tokens.endIndex, tokens[index].text == ".", tokens[index].kind == .punctuation else {
                    return nil
                }
                index += 1
            }
            guard index < tokens.endIndex, tokens[index].kind == .identifier, tokens[index].text == word else {
                return nil
            }
            index += 1
        }
        guard index < tokens.endIndex, tokens[index].text == "(", let close = matching(tokens, index),
            close == tokens.endIndex - 1
        else { return nil }
        return split(tokens[(index + 1)..<close], at: ",")
    }

    /// The index of the bracket that closes the one at `open`.
    private static func matching(_ tokens: ArraySlice<Token>, _ open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.endIndex where tokens[index].kind == .punctuation {
            switch tokens[index].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// `tokens` split at top-level `separator` tokens; empty when there are none.
    private static func split(_ tokens: ArraySlice<Token>, at separator: String) -> [ArraySlice<Token>] {
        guard !tokens.isEmpty else { return [] }
        var parts: [ArraySlice<Token>] = []
        var depth = 0
        var start = tokens.startIndex
        for index in tokens.indices where tokens[index].kind == .punctuation {
            switch tokens[index].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case separator where depth == 0:
                parts.append(tokens[start..<index])
                start = index + 1
            default: break
            }
        }
        parts.append(tokens[start...])
        return parts
    }

    /// The statements' tokens of `function () { … }`, `async function name() { … }` or
    /// `() => { … }`.
    private static func functionBody(_ tokens: ArraySlice<Token>) -> ArraySlice<Token>? {
        guard let open = tokens.firstIndex(where: { $0.text == "{" && $0.kind == .punctuation }),
            let close = matching(tokens, open), close == tokens.endIndex - 1
        else { return nil }
        let head = tokens[..<open].map(\.text)
        let shapes: [[String]] = [["function", "(", ")"], ["(", ")", "=>"]]
        let stripped = head.first == "async" ? Array(head.dropFirst()) : head
        let named = stripped.count == 4 && stripped[0] == "function" ? [stripped[0]] + stripped[2...] : stripped
        guard shapes.contains(named) else { return nil }
        return tokens[(open + 1)..<close]
    }

    // MARK: - Values

    /// A path into the JSON body.
    enum Segment: Equatable {
        case key(String)
        case index(Int)
    }

    /// What part of the response an operand reads.
    enum QueryKind: Equatable {
        case status
        case header(String)
        case body([Segment])
    }

    /// One side of a comparison.
    enum Operand: Equatable {
        /// A response value, with `length` when `.length` follows it.
        case query(QueryKind, filter: String?)
        /// `response.contentType.mimeType`.
        case mimeType
        /// A JSON literal.
        case literal(String)
        /// `undefined`.
        case undefined
    }

    static func text(of kind: QueryKind) -> String {
        switch kind {
        case .status: return RunQuery.status.description
        case .header(let name): return RunQuery.header(name).description
        case .body(let segments):
            guard !segments.isEmpty else { return RunQuery.body.description }
            return RunQuery.jsonPath(jsonPath(segments)).description
        }
    }

    /// `$.a['b-c'][0]`.
    static func jsonPath(_ segments: [Segment]) -> String {
        var path = "$"
        for segment in segments {
            switch segment {
            case .index(let index): path += "[\(index)]"
            case .key(let key):
                let isShorthand =
                    key.unicodeScalars.first.map { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "_" }
                    == true
                    && key.unicodeScalars.allSatisfy {
                        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                    }
                if isShorthand {
                    path += "." + key
                } else {
                    var quoted = "['"
                    for scalar in key.unicodeScalars {
                        switch scalar {
                        case "'": quoted += "\\'"
                        case "\\": quoted += "\\\\"
                        case _ where scalar.value < 0x20:
                            let hex = String(scalar.value, radix: 16)
                            quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                        default: quoted.unicodeScalars.append(scalar)
                        }
                    }
                    path += quoted + "']"
                }
            }
        }
        return path
    }

    private static func string(_ tokens: ArraySlice<Token>) -> String? {
        guard tokens.count == 1, case .string(let value) = tokens.first!.kind else { return nil }
        return value
    }

    /// A literal, `undefined`, or a path from `response`.
    static func operand(_ tokens: ArraySlice<Token>) -> Operand? {
        var tokens = tokens
        while tokens.first?.text == "(", let close = matching(tokens, tokens.startIndex), close == tokens.endIndex - 1 {
            tokens = tokens.dropFirst().dropLast()
        }
        if let literal = literal(tokens) { return literal }
        var index = tokens.startIndex
        func next() -> Token? {
            guard index < tokens.endIndex else { return nil }
            defer { index += 1 }
            return tokens[index]
        }
        func member() -> String? {
            guard index + 1 < tokens.endIndex, tokens[index].text == ".", tokens[index].kind == .punctuation,
                tokens[index + 1].kind == .identifier
            else { return nil }
            index += 2
            return tokens[index - 1].text
        }
        guard next()?.text == "response", tokens.first?.kind == .identifier else { return nil }
        let kind: QueryKind
        switch member() {
        case "status":
            kind = .status
        case "body":
            var segments: [Segment] = []
            while index < tokens.endIndex {
                if tokens[index].text == "[" {
                    guard index + 2 < tokens.endIndex, tokens[index + 2].text == "]" else { return nil }
                    let inside = tokens[index + 1]
                    if case .string(let key) = inside.kind {
                        segments.append(.key(key))
                    } else if inside.kind == .number, let number = Int(inside.text), number >= 0 {
                        segments.append(.index(number))
                    } else {
                        return nil
                    }
                    index += 3
                } else if tokens[index].text == ".", index + 2 == tokens.endIndex, tokens[index + 1].text == "length" {
                    break
                } else if let key = member() {
                    segments.append(.key(key))
                } else {
                    return nil
                }
            }
            kind = .body(segments)
        case "headers":
            guard member() == "valueOf", next()?.text == "(", let name = next(), case .string(let header) = name.kind,
                next()?.text == ")"
            else { return nil }
            kind = .header(header)
        case "contentType":
            guard member() == "mimeType", index == tokens.endIndex else { return nil }
            return .mimeType
        default:
            return nil
        }
        if index == tokens.endIndex { return .query(kind, filter: nil) }
        guard member() == "length", index == tokens.endIndex, kind != .status else { return nil }
        return .query(kind, filter: "length")
    }

    /// A JSON literal or `undefined`.
    private static func literal(_ tokens: ArraySlice<Token>) -> Operand? {
        let words = tokens.map(\.text)
        if words.count == 1, let token = tokens.first {
            switch token.kind {
            case .string(let value): return .literal(JSONStringEncoder.quoted(value))
            case .number: return isJSONNumber(token.text) ? .literal(token.text) : nil
            case .identifier where ["true", "false", "null"].contains(token.text): return .literal(token.text)
            case .identifier where token.text == "undefined": return .undefined
            default: return nil
            }
        }
        if words.count == 2, words[0] == "-", tokens.last!.kind == .number, isJSONNumber(words[1]) {
            return .literal("-" + words[1])
        }
        return nil
    }

    private static func isJSONNumber(_ text: String) -> Bool {
        guard let document = try? JSONDocument(text) else { return false }
        return document.kind(document.root) == .number
    }

    // MARK: - Conditions

    private static let comparisons = [
        "===": "==", "==": "==", "!==": "!=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">=",
    ]
    private static let flipped = ["==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="]

    /// The assertion lines `tokens` (a JavaScript condition) amounts to; nil when it is not
    /// one hammock can express.
    static func condition(_ tokens: ArraySlice<Token>) -> [String]? {
        var tokens = tokens
        while tokens.first?.text == "(", let close = matching(tokens, tokens.startIndex), close == tokens.endIndex - 1 {
            tokens = tokens.dropFirst().dropLast()
        }
        guard !tokens.isEmpty else { return nil }
        let parts = split(tokens, at: "&&")
        if parts.count > 1 {
            var lines: [String] = []
            for part in parts {
                guard let more = condition(part) else { return nil }
                lines += more
            }
            return lines
        }
        let operators = topLevel(tokens).filter { comparisons[tokens[$0].text] != nil }
        let anyOther = topLevel(tokens).contains { ["||", "??", "?", "!"].contains(tokens[$0].text) }
        guard !anyOther, operators.count <= 1 else { return nil }
        guard let at = operators.first else { return methodCondition(tokens).map { [$0] } }
        guard var predicate = comparisons[tokens[at].text], var left = operand(tokens[..<at]),
            var right = operand(tokens[(at + 1)...])
        else { return nil }
        switch (left, right) {
        case (.literal, .query), (.literal, .mimeType), (.undefined, .query):
            swap(&left, &right)
            predicate = flipped[predicate]!
        default: break
        }
        switch (left, right) {
        case (.query(let kind, let filter), .literal(let value)):
            return ["\(text(of: kind))\(filter.map { " " + $0 } ?? "") \(predicate) \(value)"]
        case (.query(let kind, nil), .undefined) where predicate == "==" || predicate == "!=":
            return ["\(text(of: kind)) \(predicate == "==" ? "not exists" : "exists")"]
        case (.mimeType, .literal(let value)) where value.hasPrefix("\"") && (predicate == "==" || predicate == "!="):
            let header = RunQuery.header("Content-Type").description
            return ["\(header) \(predicate == "==" ? "" : "not ")startsWith \(value)"]
        default:
            return nil
        }
    }

    /// Indices of the tokens outside brackets.
    private static func topLevel(_ tokens: ArraySlice<Token>) -> [Int] {
        var depth = 0
        var indices: [Int] = []
        for index in tokens.indices {
            let text = tokens[index].kind == .punctuation ? tokens[index].text : ""
            if ["(", "[", "{"].contains(text) { depth += 1 }
            if [")", "]", "}"].contains(text) { depth -= 1 }
            if depth == 0 { indices.append(index) }
        }
        return indices
    }

    /// `X.includes(v)`, `X.startsWith(v)`, `X.endsWith(v)`, `response.body.hasOwnProperty("k")`.
    private static func methodCondition(_ tokens: ArraySlice<Token>) -> String? {
        guard tokens.count >= 5, tokens.last?.text == ")" else { return nil }
        guard
            let open = tokens.indices.last(where: {
                tokens[$0].text == "(" && matching(tokens, $0) == tokens.endIndex - 1
            }),
            open - 2 >= tokens.startIndex, tokens[open - 2].text == ".", tokens[open - 1].kind == .identifier,
            let receiver = operand(tokens[..<(open - 2)])
        else { return nil }
        let argument = tokens[(open + 1)..<(tokens.endIndex - 1)]
        let method = tokens[open - 1].text
        let predicates = ["includes": "contains", "startsWith": "startsWith", "endsWith": "endsWith"]
        if let predicate = predicates[method], case .literal(let value)? = operand(argument) {
            switch receiver {
            case .query(let kind, nil): return "\(text(of: kind)) \(predicate) \(value)"
            case .mimeType: return "\(RunQuery.header("Content-Type").description) \(predicate) \(value)"
            default: return nil
            }
        }
        if method == "hasOwnProperty", case .query(.body(let segments), nil) = receiver, let key = string(argument) {
            return "\(text(of: .body(segments + [.key(key)]))) exists"
        }
        return nil
    }
}
