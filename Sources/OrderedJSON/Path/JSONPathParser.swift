/// Reads a JSONPath expression into a ``JSONPathQuery`` following RFC 9535's grammar exactly
/// (blank space only where the ABNF has `S`), and checks that its filters are well typed
/// (§2.4.3) as it goes.
///
/// Filters, parentheses and function calls may nest ``maximumNesting`` deep, a limit that keeps
/// parsing and evaluation within any thread's stack.
struct JSONPathParser {
    static let maximumNesting = 64
    /// The I-JSON range for indexes and slice bounds: ±(2^53 − 1).
    static let maximumInteger = 9_007_199_254_740_991

    let bytes: [UInt8]
    var position = 0
    var nesting = 0
    /// How many filters enclose the reading position.
    var filterDepth = 0
    /// How many filters nested in other filters have been read: the evaluator keeps a table of
    /// results for each.
    var memoCount = 0

    init(_ expression: String) {
        bytes = Array(expression.utf8)
    }

    /// A filter operand read but not yet placed: whether it is a test, a comparable or an
    /// argument depends on what surrounds it.
    enum Parsed {
        case expression(JSONPathExpression)
        case operand(Operand)
    }

    /// A literal, a query or a function call, and where it starts.
    struct Operand {
        enum Kind {
            case literal(JSONPathExpression.Literal)
            case query(JSONPathQuery)
            case function(JSONPathFunctionCall)
        }

        var kind: Kind
        var offset: Int
    }

    // MARK: queries

    /// jsonpath-query = root-identifier segments, and nothing after it.
    mutating func parse() throws(JSONPathSyntaxError) -> JSONPathQuery {
        guard peek == UInt8(ascii: "$") else {
            if let byte = peek, Self.isBlank(byte) {
                throw failure("blank space is not allowed before \"$\"")
            }
            throw failure("a query starts with \"$\" but found \(found())")
        }
        position += 1
        let segments = try segments()
        guard position == bytes.count else {
            if Self.isBlank(bytes[position]) {
                throw failure("blank space is not allowed at the end of the query")
            }
            throw failure("expected \".\", \"..\" or \"[\" but found \(found())")
        }
        return JSONPathQuery(isRelative: false, segments: segments)
    }

    /// segments = *(S segment)
    mutating func segments() throws(JSONPathSyntaxError) -> [JSONPathQuery.Segment] {
        var segments: [JSONPathQuery.Segment] = []
        while true {
            let before = position
            skipBlanks()
            guard let byte = peek, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") else {
                position = before
                return segments
            }
            segments.append(try segment())
        }
    }

    /// A child segment (`[…]`, `.name`, `.*`) or a descendant segment (`..[…]`, `..name`, `..*`).
    mutating func segment() throws(JSONPathSyntaxError) -> JSONPathQuery.Segment {
        if peek == UInt8(ascii: "[") { return try bracketed(descendant: false) }
        position += 1
        let descendant = peek == UInt8(ascii: ".")
        if descendant { position += 1 }
        let dots = descendant ? "\"..\"" : "\".\""
        guard let byte = peek else {
            throw failure("expected a member name, \"*\" or \"[\" after \(dots) but found end of input")
        }
        if byte == UInt8(ascii: "[") && descendant { return try bracketed(descendant: true) }
        if byte == UInt8(ascii: "*") {
            position += 1
            return JSONPathQuery.Segment(isDescendant: descendant, selectors: [.wildcard], isSingularForm: false)
        }
        guard Self.isNameFirst(byte) else {
            if Self.isBlank(byte) { throw failure("blank space is not allowed after \(dots)") }
            if byte == UInt8(ascii: "[") { throw failure("write \"[\" right after the value, without \".\"") }
            throw failure(
                "expected a member name or \"*\" after \(dots) but found \(found()) "
                    + "(other names need brackets and quotes, as in ['1'])")
        }
        let start = position
        while let next = peek, Self.isNameFirst(next) || Byte.isDigit(next) { position += 1 }
        let name = String(decoding: bytes[start..<position], as: UTF8.self)
        return JSONPathQuery.Segment(
            isDescendant: descendant, selectors: [.name(JSONPathQuery.Name(name))], isSingularForm: true)
    }

    /// bracketed-selection = "[" S selector *(S "," S selector) S "]"
    mutating func bracketed(descendant: Bool) throws(JSONPathSyntaxError) -> JSONPathQuery.Segment {
        let open = position
        position += 1
        var blank = skipBlanks()
        var selectors = [try selector()]
        while true {
            if skipBlanks() { blank = true }
            guard let byte = peek else {
                throw failure(
                    "expected \",\" or \"]\" to close the \"[\" at column \(column(of: open)) but found end of input")
            }
            if byte == UInt8(ascii: "]") {
                position += 1
                break
            }
            guard byte == UInt8(ascii: ",") else {
                throw failure("expected \",\" or \"]\" but found \(found())")
            }
            position += 1
            if skipBlanks() { blank = true }
            selectors.append(try selector())
        }
        var singular = !blank && selectors.count == 1
        switch selectors[0] {
        case .name, .index: break
        default: singular = false
        }
        return JSONPathQuery.Segment(isDescendant: descendant, selectors: selectors, isSingularForm: singular)
    }

    /// selector = name-selector / wildcard-selector / slice-selector / index-selector / filter-selector
    mutating func selector() throws(JSONPathSyntaxError) -> JSONPathQuery.Selector {
        guard let byte = peek else { throw failure("expected a selector but found end of input") }
        switch byte {
        case UInt8(ascii: "'"), Byte.quote:
            return .name(JSONPathQuery.Name(try stringLiteral()))
        case UInt8(ascii: "*"):
            position += 1
            return .wildcard
        case UInt8(ascii: "?"):
            position += 1
            try enter()
            filterDepth += 1
            defer {
                nesting -= 1
                filterDepth -= 1
            }
            var memo: Int?
            if filterDepth > 1 {
                memo = memoCount
                memoCount += 1
            }
            skipBlanks()
            return .filter(try test(try logicalOr()), memo: memo)
        case Byte.minus, Byte.colon, Byte.zero...Byte.nine:
            return try indexOrSlice()
        case UInt8(ascii: "@"), UInt8(ascii: "$"):
            throw failure("a query inside brackets belongs in a filter: write [?\(Character(UnicodeScalar(byte)))…]")
        default:
            throw failure(
                "expected a selector (a quoted name, \"*\", an index, a slice or a filter) but found \(found())")
        }
    }

    /// index-selector = int; slice-selector = [start S] ":" S [end S] [":" [S step ]]
    mutating func indexOrSlice() throws(JSONPathSyntaxError) -> JSONPathQuery.Selector {
        var start: Int?
        if peek != Byte.colon { start = try integer() }
        let before = position
        skipBlanks()
        guard peek == Byte.colon else {
            position = before
            return .index(start!)
        }
        position += 1
        skipBlanks()
        var end: Int?
        if let byte = peek, byte == Byte.minus || Byte.isDigit(byte) {
            end = try integer()
            skipBlanks()
        }
        var step: Int?
        if peek == Byte.colon {
            position += 1
            skipBlanks()
            if let byte = peek, byte == Byte.minus || Byte.isDigit(byte) { step = try integer() }
        }
        return .slice(start: start, end: end, step: step)
    }

    /// int = "0" / (["-"] DIGIT1 *DIGIT), within ±(2^53 − 1).
    mutating func integer() throws(JSONPathSyntaxError) -> Int {
        let start = position
        let negative = peek == Byte.minus
        if negative { position += 1 }
        guard let first = peek, Byte.isDigit(first) else {
            throw failure("expected a digit\(negative ? " after \"-\"" : "") but found \(found())")
        }
        if first == Byte.zero {
            position += 1
            if negative { throw failure("-0 is not allowed here; write 0", at: start) }
            if let next = peek, Byte.isDigit(next) {
                throw failure("integers must not start with 0", at: start)
            }
            return 0
        }
        var value = 0
        while let byte = peek, Byte.isDigit(byte) {
            if value <= Self.maximumInteger { value = value * 10 + Int(byte - Byte.zero) }
            position += 1
        }
        guard value <= Self.maximumInteger else {
            throw failure(
                "\(String(decoding: bytes[start..<position], as: UTF8.self)) is outside the integer range "
                    + "-9007199254740991...9007199254740991", at: start)
        }
        return negative ? -value : value
    }

    /// string-literal: double- or single-quoted, with the escapes of §2.3.1.1; returns the text.
    mutating func stringLiteral() throws(JSONPathSyntaxError) -> String {
        let start = position
        let quote = bytes[position]
        var index = position + 1
        while true {
            guard index < bytes.count else { throw failure("this string has no closing quote", at: start) }
            let byte = bytes[index]
            if byte == quote { break }
            if byte < 0x20 {
                throw failure(
                    "a string cannot hold \(describe(at: index)) as it is; write it as an escape such as \\n",
                    at: index)
            }
            guard byte == Byte.backslash else {
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { throw failure("this string has no closing quote", at: start) }
            let escape = bytes[index + 1]
            switch escape {
            case Byte.b, Byte.f, Byte.n, Byte.r, Byte.t, Byte.slash, Byte.backslash, quote:
                index += 2
            case Byte.u:
                let unit = try hex4(at: index + 2, escape: index)
                index += 6
                if (0xDC00..<0xE000).contains(unit) {
                    throw failure(
                        "\\u\(hexText(index - 4)) is a low surrogate with no high surrogate before it", at: index - 6)
                }
                if (0xD800..<0xDC00).contains(unit) {
                    guard index + 1 < bytes.count, bytes[index] == Byte.backslash, bytes[index + 1] == Byte.u,
                        let low = try? hex4(at: index + 2, escape: index), (0xDC00..<0xE000).contains(low)
                    else {
                        throw failure(
                            "\\u\(hexText(index - 4)) is a high surrogate; a low surrogate escape (\\uDC00 to \\uDFFF) "
                                + "must follow it", at: index - 6)
                    }
                    index += 6
                }
            default:
                throw failure("\\\(describe(at: index + 1, quoted: false)) is not an escape in a string", at: index)
            }
        }
        position = index + 1
        return bytes.withUnsafeBytes { JSONStringDecoder.decode($0, openingQuoteAt: start, quote: quote).text }
    }

    private func hex4(at index: Int, escape: Int) throws(JSONPathSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for offset in index..<(index + 4) {
            guard offset < bytes.count, Byte.isHexDigit(bytes[offset]) else {
                throw failure("\\u must be followed by four hex digits", at: escape)
            }
            let byte = bytes[offset] | 0x20
            value = value << 4 | UInt32(Byte.isDigit(byte) ? byte - Byte.zero : byte - UInt8(ascii: "a") + 10)
        }
        return value
    }

    private func hexText(_ start: Int) -> String { String(decoding: bytes[start..<(start + 4)], as: UTF8.self) }

    // MARK: filters

    /// logical-or-expr = logical-and-expr *(S "||" S logical-and-expr)
    mutating func logicalOr() throws(JSONPathSyntaxError) -> Parsed {
        let first = try logicalAnd()
        var terms: [JSONPathExpression] = []
        while true {
            let before = position
            skipBlanks()
            guard starts(with: "||") else {
                position = before
                break
            }
            if terms.isEmpty { terms.append(try test(first)) }
            position += 2
            skipBlanks()
            terms.append(try test(try logicalAnd()))
        }
        return terms.isEmpty ? first : .expression(.or(terms))
    }

    /// logical-and-expr = basic-expr *(S "&&" S basic-expr)
    mutating func logicalAnd() throws(JSONPathSyntaxError) -> Parsed {
        let first = try basic()
        var terms: [JSONPathExpression] = []
        while true {
            let before = position
            skipBlanks()
            guard starts(with: "&&") else {
                position = before
                break
            }
            if terms.isEmpty { terms.append(try test(first)) }
            position += 2
            skipBlanks()
            terms.append(try test(try basic()))
        }
        return terms.isEmpty ? first : .expression(.and(terms))
    }

    /// basic-expr = paren-expr / comparison-expr / test-expr
    mutating func basic() throws(JSONPathSyntaxError) -> Parsed {
        if peek == UInt8(ascii: "!") {
            position += 1
            skipBlanks()
            if peek == UInt8(ascii: "(") { return .expression(.not(try parenthesized())) }
            let operand = try operand()
            let negated = try test(.operand(operand))
            let before = position
            skipBlanks()
            if comparisonOperator() != nil {
                throw failure("\"!\" applies to a test, not to a comparison: write !(… == …)", at: before)
            }
            position = before
            return .expression(.not(negated))
        }
        if peek == UInt8(ascii: "(") { return .expression(try parenthesized()) }
        let left = try operand()
        let before = position
        skipBlanks()
        guard let comparison = comparisonOperator() else {
            position = before
            return .operand(left)
        }
        skipBlanks()
        if peek == nil || !Self.startsOperand(peek!) {
            throw failure(
                "expected a literal, a query or a function after \"\(comparison.rawValue)\" but found \(found())")
        }
        let right = try operand()
        return .expression(
            .comparison(try comparable(left, role: "compared"), comparison, try comparable(right, role: "compared")))
    }

    /// paren-expr without its "!": "(" S logical-expr S ")"
    mutating func parenthesized() throws(JSONPathSyntaxError) -> JSONPathExpression {
        let open = position
        position += 1
        try enter()
        defer { nesting -= 1 }
        skipBlanks()
        let inner = try test(try logicalOr())
        skipBlanks()
        guard peek == UInt8(ascii: ")") else {
            throw failure("expected \")\" to close the \"(\" at column \(column(of: open)) but found \(found())")
        }
        position += 1
        return inner
    }

    /// The operand as a test-expr: an existence test for a query, a function returning
    /// LogicalType or NodesType.
    func test(_ parsed: Parsed) throws(JSONPathSyntaxError) -> JSONPathExpression {
        switch parsed {
        case .expression(let expression):
            return expression
        case .operand(let operand):
            switch operand.kind {
            case .query(let query):
                return .exists(query)
            case .function(let call):
                guard call.function.result != .value else {
                    throw failure(
                        "\(call.function.rawValue)() gives a value, not a test: compare it, as in "
                            + "\(call.function.rawValue)(…) == 1", at: operand.offset)
                }
                return .test(call)
            case .literal:
                throw failure(
                    "a literal alone is not a test: compare it with something, as in @ == 1", at: operand.offset)
            }
        }
    }

    /// The operand as a comparable: a literal, a singular query or a function returning ValueType.
    func comparable(_ operand: Operand, role: String) throws(JSONPathSyntaxError) -> JSONPathExpression.Comparable {
        switch operand.kind {
        case .literal(let literal):
            return .literal(literal)
        case .query(let query):
            guard query.isSingular else {
                throw failure(
                    "only a singular query (names and indexes, as in @.a[0]) can be \(role); this one can select "
                        + "several nodes", at: operand.offset)
            }
            return .query(query)
        case .function(let call):
            guard call.function.result == .value else {
                throw failure(
                    "\(call.function.rawValue)() gives a logical result, which cannot be \(role)", at: operand.offset)
            }
            return .function(call)
        }
    }

    /// comparison-op = "==" / "!=" / "<=" / ">=" / "<" / ">"
    mutating func comparisonOperator() -> JSONPathExpression.ComparisonOperator? {
        for candidate in ["==", "!=", "<=", ">=", "<", ">"] where starts(with: candidate) {
            position += candidate.utf8.count
            return JSONPathExpression.ComparisonOperator(rawValue: candidate)
        }
        return nil
    }

    /// A literal, a filter query (`@…`, `$…`) or a function expression.
    mutating func operand() throws(JSONPathSyntaxError) -> Operand {
        let start = position
        guard let byte = peek else {
            throw failure("expected a test, a comparison or \"(\" but found end of input")
        }
        switch byte {
        case UInt8(ascii: "@"), UInt8(ascii: "$"):
            position += 1
            let query = JSONPathQuery(isRelative: byte == UInt8(ascii: "@"), segments: try segments())
            return Operand(kind: .query(query), offset: start)
        case UInt8(ascii: "'"), Byte.quote:
            return Operand(kind: .literal(.string(JSONPathQuery.Name(try stringLiteral()))), offset: start)
        case Byte.minus, Byte.zero...Byte.nine:
            return Operand(kind: .literal(.number(try number())), offset: start)
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
            while let next = peek, Self.isFunctionNameCharacter(next) { position += 1 }
            let name = String(decoding: bytes[start..<position], as: UTF8.self)
            if peek == UInt8(ascii: "(") {
                return Operand(kind: .function(try functionCall(name, at: start)), offset: start)
            }
            switch name {
            case "true": return Operand(kind: .literal(.true), offset: start)
            case "false": return Operand(kind: .literal(.false), offset: start)
            case "null": return Operand(kind: .literal(.null), offset: start)
            default:
                if JSONPathFunction(rawValue: name) != nil {
                    throw failure("expected \"(\" right after the function name \(name) but found \(found())")
                }
                throw failure(
                    "\(name) is not a literal or a function (strings need quotes; literals are true, false and null)",
                    at: start)
            }
        default:
            throw failure("expected a literal, a query (@ or $) or a function but found \(found())")
        }
    }

    /// number = (int / "-0") [ frac ] [ exp ], read by value.
    mutating func number() throws(JSONPathSyntaxError) -> JSONPathNumber {
        let start = position
        if peek == Byte.minus { position += 1 }
        guard let first = peek, Byte.isDigit(first) else {
            throw failure("expected a digit after \"-\" but found \(found())")
        }
        position += 1
        if first == Byte.zero, let next = peek, Byte.isDigit(next) {
            throw failure("numbers must not start with 0", at: start)
        }
        skipDigits()
        if peek == Byte.dot {
            position += 1
            guard let digit = peek, Byte.isDigit(digit) else {
                throw failure("expected a digit after \".\" but found \(found())")
            }
            skipDigits()
        }
        if peek == Byte.e || peek == Byte.capitalE {
            position += 1
            if peek == Byte.minus || peek == Byte.plus { position += 1 }
            guard let digit = peek, Byte.isDigit(digit) else {
                throw failure("expected a digit in the exponent but found \(found())")
            }
            skipDigits()
        }
        return bytes.withUnsafeBytes { JSONPathNumber.parse(UnsafeRawBufferPointer(rebasing: $0[start..<position])) }
    }

    /// function-expr = function-name "(" S [function-argument *(S "," S function-argument)] S ")",
    /// with the arguments checked against the function's parameter types (§2.4.3).
    mutating func functionCall(_ name: String, at start: Int) throws(JSONPathSyntaxError) -> JSONPathFunctionCall {
        guard let function = JSONPathFunction(rawValue: name) else {
            throw failure(
                "unknown function \(name)(); the functions are length, count, match, search and value", at: start)
        }
        position += 1
        try enter()
        defer { nesting -= 1 }
        skipBlanks()
        var parsed: [(Parsed, Int)] = []
        if peek != UInt8(ascii: ")") {
            while true {
                let argumentStart = position
                parsed.append((try logicalOr(), argumentStart))
                skipBlanks()
                guard peek == UInt8(ascii: ",") else { break }
                position += 1
                skipBlanks()
            }
        }
        guard peek == UInt8(ascii: ")") else {
            throw failure("expected \",\" or \")\" in the arguments of \(name)() but found \(found())")
        }
        position += 1
        let parameters = function.parameters
        guard parsed.count == parameters.count else {
            let wanted = parameters.count == 1 ? "1 argument" : "\(parameters.count) arguments"
            throw failure("\(name)() takes \(wanted) but was given \(parsed.count)", at: start)
        }
        var arguments: [JSONPathFunctionCall.Argument] = []
        for (index, (argument, offset)) in parsed.enumerated() {
            let ordinal = parameters.count == 1 ? "the argument" : "argument \(index + 1)"
            switch parameters[index] {
            case .value:
                guard case .operand(let operand) = argument else {
                    throw failure(
                        "\(ordinal) of \(name)() must be a value (a literal, a singular query or a function giving "
                            + "a value), not a test", at: offset)
                }
                arguments.append(.value(try comparable(operand, role: "passed as \(ordinal) of \(name)()")))
            case .logical:
                arguments.append(.logical(try test(argument)))
            case .nodes:
                guard case .operand(let operand) = argument, case .query(let query) = operand.kind else {
                    throw failure("\(ordinal) of \(name)() must be a query, such as @.* or $..a", at: offset)
                }
                arguments.append(.nodes(query))
            }
        }
        return JSONPathFunctionCall(function: function, arguments: arguments)
    }

    // MARK: reading

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    func starts(with text: String) -> Bool {
        var index = position
        for byte in text.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// Skips blank space (space, tab, line feed, carriage return); true when there was some.
    @discardableResult
    mutating func skipBlanks() -> Bool {
        let start = position
        while let byte = peek, Self.isBlank(byte) { position += 1 }
        return position > start
    }

    mutating func skipDigits() {
        while let byte = peek, Byte.isDigit(byte) { position += 1 }
    }

    mutating func enter() throws(JSONPathSyntaxError) {
        nesting += 1
        guard nesting <= Self.maximumNesting else {
            throw failure("filters, parentheses and functions nest more than \(Self.maximumNesting) deep")
        }
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == Byte.space || byte == Byte.tab || byte == Byte.newline || byte == Byte.carriageReturn
    }

    /// name-first = ALPHA / "_" / %x80-D7FF / %xE000-10FFFF (any non-ASCII byte of valid UTF-8)
    static func isNameFirst(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isFunctionNameCharacter(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_") || Byte.isDigit(byte)
    }

    static func startsOperand(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "@") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "'") || byte == Byte.quote
            || byte == Byte.minus || Byte.isDigit(byte) || byte &- UInt8(ascii: "a") < 26
    }

    // MARK: errors

    func failure(_ reason: String, at offset: Int? = nil) -> JSONPathSyntaxError {
        let offset = offset ?? position
        return JSONPathSyntaxError(offset: offset, column: column(of: offset), reason: reason)
    }

    /// 1-based column of a byte offset, in Unicode scalars.
    func column(of offset: Int) -> Int {
        var column = 1
        for byte in bytes[0..<min(offset, bytes.count)] where byte & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// What is at the reading position, for a message: `"x"`, `a space`, `end of input`.
    func found() -> String { describe(at: position) }

    func describe(at offset: Int, quoted: Bool = true) -> String {
        guard offset < bytes.count else { return "end of input" }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let scalar = String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first!
        switch scalar {
        case " ": return "a space"
        case "\t": return "a tab"
        case "\n": return "a line feed"
        case "\r": return "a carriage return"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        default:
            return quoted ? "\"\(scalar)\"" : String(scalar)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
