/// Reads the text of a `.http` file into blocks (see ``HTTPFileDocument`` for the format).
///
/// The parser never traps on any input: what it cannot read is a ``HTTPFileProblem`` naming
/// the line and column.
struct HTTPFileParser {
    private let source: HTTPFileSource
    private let file: String?

    init(_ text: String, file: String?) {
        source = HTTPFileSource(text)
        self.file = file
    }

    /// The file's line break (for lines the writer adds).
    var lineBreak: String { source.lineBreak }

    /// The blocks of the file, in order; the first has no separator.
    func blocks() throws(HTTPFileProblem) -> [HTTPFileBlock] {
        var blocks: [HTTPFileBlock] = []
        var separator: Int?
        var first = 0
        for index in source.lines.indices where Self.isSeparator(source.content(index)) {
            blocks.append(try block(separator: separator, lines: first..<index))
            separator = index
            first = index + 1
        }
        blocks.append(try block(separator: separator, lines: first..<source.lines.count))
        return blocks
    }

    // MARK: - Line kinds

    static func isSeparator(_ line: String) -> Bool { line.hasPrefix("###") }

    /// The title of a separator line: what follows the `#`s, trimmed; nil when empty.
    static func title(ofSeparator line: String) -> String? {
        let title = trimmed(line.drop(while: { $0 == "#" }))
        return title.isEmpty ? nil : title
    }

    static func isBlankScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{0B}" || scalar == "\u{0C}"
    }

    static func isBlank(_ character: Character) -> Bool {
        character.unicodeScalars.count == 1 && isBlankScalar(character.unicodeScalars.first!)
    }

    static func isBlankLine<S: StringProtocol>(_ line: S) -> Bool {
        line.unicodeScalars.allSatisfy(isBlankScalar)
    }

    static func trimmed<S: StringProtocol>(_ text: S) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlankScalar($0) }),
            let last = scalars.lastIndex(where: { !isBlankScalar($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    static func droppingLeadingBlank(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        let first = scalars.firstIndex(where: { !isBlankScalar($0) }) ?? scalars.endIndex
        return Substring(scalars[first...])
    }

    static func isComment(_ line: String) -> Bool {
        let text = droppingLeadingBlank(Substring(line))
        return text.hasPrefix("#") || text.hasPrefix("//")
    }

    /// What a line that ends a body says, when it is one: `> {% … %}`, `> file`, `<> file`,
    /// `>> file`, `>>! file`, each at the start of the line.
    enum TrailerLine: Equatable {
        /// `> {%`: the script starts at this many bytes into the line.
        case inlineHandler(braceOffset: Int)
        /// `> path`.
        case handlerFile(String)
        /// `<> path`.
        case reference(String)
        /// `>> path` or `>>! path`.
        case redirect(String, overwrites: Bool)
    }

    static func trailerLine(_ line: String) -> TrailerLine? {
        func rest(after marker: String) -> Substring? {
            guard line.hasPrefix(marker) else { return nil }
            let rest = line.dropFirst(marker.count)
            guard let next = rest.first, isBlank(next) else { return nil }
            return rest
        }
        if let rest = rest(after: "<>") { return .reference(trimmed(rest)) }
        if let rest = rest(after: ">>!") { return .redirect(trimmed(rest), overwrites: true) }
        if let rest = rest(after: ">>") { return .redirect(trimmed(rest), overwrites: false) }
        if line.hasPrefix(">"), !line.hasPrefix(">>") {
            let rest = droppingLeadingBlank(line.dropFirst())
            if rest.hasPrefix("{%") {
                return .inlineHandler(braceOffset: line.utf8.count - rest.utf8.count)
            }
            if let next = line.dropFirst().first, isBlank(next) { return .handlerFile(trimmed(rest)) }
        }
        return nil
    }

    static let knownMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "PATCH", "OPTIONS", "TRACE", "LOCK", "UNLOCK",
        "PROPFIND", "PROPPATCH", "COPY", "MOVE", "MKCOL", "MKCALENDAR", "ACL", "SEARCH", "QUERY",
    ]

    /// A known method in any case, or an upper-case word (`PURGE`, `M-SEARCH`).
    static func isMethod<S: StringProtocol>(_ word: S) -> Bool {
        if knownMethods.contains(word.uppercased()) { return true }
        guard let first = word.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return word.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || $0 == "-" || $0 == "_" }
    }

    /// `HTTP/1.1`, `HTTP/2`, `HTTP/2.0`.
    static func isVersion<S: StringProtocol>(_ word: S) -> Bool {
        guard word.hasPrefix("HTTP/") else { return false }
        let parts = word.dropFirst(5).split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
    }

    /// Splits a trailing ` HTTP/x.y` off `text` when something is left before it.
    static func splitVersion(_ text: String) -> (rest: String, version: String?) {
        let scalars = text.unicodeScalars
        guard let lastBlank = scalars.lastIndex(where: isBlankScalar) else { return (text, nil) }
        let word = String(String.UnicodeScalarView(scalars[scalars.index(after: lastBlank)...]))
        let rest = trimmed(String(String.UnicodeScalarView(scalars[..<lastBlank])))
        guard isVersion(word), !rest.isEmpty else { return (text, nil) }
        return (rest, word)
    }

    /// Header names: RFC 9110 token characters, and `{{…}}` placeholders; not starting with
    /// `&`, which right after the request line continues the URL.
    static func isHeaderName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("&") else { return false }
        let placeholder = name.contains("{{")
        return name.unicodeScalars.allSatisfy { scalar in
            guard scalar.isASCII else { return false }
            if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) {
                return true
            }
            if "!#$%&'*+-.^_`|~{}".unicodeScalars.contains(scalar) { return true }
            return placeholder && isBlankScalar(scalar)
        }
    }

    // MARK: - Blocks

    private func problem(_ line: Int, _ column: Int, _ reason: String) -> HTTPFileProblem {
        HTTPFileProblem(file: file, line: source.lines[line].number, column: column, reason: reason)
    }

    /// The 1-based column of `index` in `text` (a line's content).
    private static func column(of index: String.Index, in text: String) -> Int {
        text.unicodeScalars[..<index].count + 1
    }

    /// Column of the first character that is not blank.
    private static func indentColumn(_ text: String) -> Int {
        text.unicodeScalars.prefix(while: isBlankScalar).count + 1
    }

    private func block(separator: Int?, lines: Range<Int>) throws(HTTPFileProblem) -> HTTPFileBlock {
        let start = separator.map { source.lines[$0].start } ?? 0
        let stop = lines.upperBound < source.lines.count ? source.lines[lines.upperBound].start : source.bytes.count
        var block = HTTPFileBlock(
            text: source.text(start..<stop),
            separator: separator.map { source.text(source.lines[$0].start..<source.lines[$0].end) },
            variables: [], variableLines: [])
        let lastLine = lines.isEmpty ? separator : lines.upperBound - 1
        block.endsWithLineBreak = lastLine.map { source.lines[$0].end > source.lines[$0].contentEnd } ?? true
        var reader = BlockReader(parser: self, block: block, lines: lines)
        reader.title = separator.flatMap { Self.title(ofSeparator: source.content($0)) }
        try reader.read()
        return reader.block
    }

    /// Reads one block's lines, section by section.
    private struct BlockReader {
        let parser: HTTPFileParser
        var block: HTTPFileBlock
        let lines: Range<Int>
        var title: String?
        var request = HTTPFileRequest(url: "")
        var index: Int
        var section = 0

        init(parser: HTTPFileParser, block: HTTPFileBlock, lines: Range<Int>) {
            self.parser = parser
            self.block = block
            self.lines = lines
            index = lines.lowerBound
        }

        var source: HTTPFileSource { parser.source }

        func content(_ line: Int) -> String { source.content(line) }

        mutating func read() throws(HTTPFileProblem) {
            request.title = title
            // Before the request line: blank lines, comments, directives, variables, scripts.
            while index < lines.upperBound {
                let line = content(index)
                let start = index
                if HTTPFileParser.isBlankLine(line) {
                    index += 1
                } else if HTTPFileParser.isComment(line) {
                    try comment(line, at: index)
                    index += 1
                } else if HTTPFileParser.droppingLeadingBlank(Substring(line)).hasPrefix("@") {
                    try variable(line, at: index)
                    index += 1
                } else if let script = try preRequestScript(line, at: index) {
                    request.preRequestScripts.append(script)
                    request.origin.preRequestLines.append(source.lines[start].number)
                } else {
                    break
                }
            }
            guard index < lines.upperBound else { return }
            let requestLine = index
            block.commentCounts[0] = request.comments.count
            section = 1
            try requestLineAndURL()
            var messageEnd = index - 1
            // Headers, up to a blank line, a body file line or a line that ends the body.
            var bodyFollows = false
            while index < lines.upperBound {
                let line = content(index)
                if HTTPFileParser.isBlankLine(line) {
                    index += 1
                    bodyFollows = true
                    break
                }
                if HTTPFileParser.trailerLine(line) != nil { break }
                if line.hasPrefix("<"), let next = line.dropFirst().first, next == "@" || HTTPFileParser.isBlank(next) {
                    bodyFollows = true
                    break
                }
                if HTTPFileParser.isComment(line) {
                    try comment(line, at: index)
                } else if let first = line.first, HTTPFileParser.isBlank(first), !request.headers.isEmpty {
                    let more = HTTPFileParser.trimmed(line)
                    let last = request.headers.count - 1
                    request.headers[last].value =
                        request.headers[last].value.isEmpty
                        ? more : request.headers[last].value + " " + more
                } else {
                    try header(line, at: index)
                }
                messageEnd = index
                index += 1
            }
            block.commentCounts[1] = request.comments.count - block.commentCounts[0]
            section = 2
            if bodyFollows { messageEnd = try body(messageEnd: messageEnd) }
            try trailer()
            block.commentCounts[2] = request.comments.count - block.commentCounts[0] - block.commentCounts[1]
            request.origin.file = parser.file
            request.origin.requestLine = source.lines[requestLine].number
            block.request = request
            cutPieces(requestLine: requestLine, messageEnd: messageEnd)
        }

        /// Splits the block's text into separator, preamble, message, trailer and trailing
        /// blank lines.
        mutating func cutPieces(requestLine: Int, messageEnd: Int) {
            let blockStart = block.separator == nil ? 0 : source.lines[lines.lowerBound - 1].end
            let requestStart = source.lines[requestLine].start
            let messageStop = source.lines[messageEnd].end
            var lastFilled = messageEnd
            for line in lines where line > messageEnd && !HTTPFileParser.isBlankLine(content(line)) {
                lastFilled = line
            }
            let trailerStop = source.lines[lastFilled].end
            let blockStop =
                lines.upperBound < source.lines.count ? source.lines[lines.upperBound].start : source.bytes.count
            block.preambleText = source.text(blockStart..<requestStart)
            block.messageText = source.text(requestStart..<messageStop)
            block.trailerText = source.text(messageStop..<max(messageStop, trailerStop))
            block.trailingBlankText = source.text(max(messageStop, trailerStop)..<blockStop)
        }

        mutating func comment(_ line: String, at lineIndex: Int) throws(HTTPFileProblem) {
            var text = HTTPFileParser.droppingLeadingBlank(Substring(line))
            text = text.dropFirst(text.hasPrefix("//") ? 2 : 1)
            text = HTTPFileParser.droppingLeadingBlank(text)
            guard text.hasPrefix("@") else {
                request.comments.append(line)
                return
            }
            let word = text.dropFirst().prefix(while: {
                $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")
            })
            var rest = text.dropFirst(1 + word.count)
            guard !word.isEmpty, rest.first.map({ HTTPFileParser.isBlank($0) || $0 == "=" }) ?? true else {
                request.comments.append(line)
                return
            }
            rest = HTTPFileParser.droppingLeadingBlank(rest)
            if rest.first == "=" { rest = rest.dropFirst() }
            let value = HTTPFileParser.trimmed(rest)
            let valueColumn = HTTPFileParser.column(of: rest.startIndex, in: line)
            if section > 0 { block.hasLateDirectives = true }
            switch word {
            case "name":
                request.name = value
            case "capture":
                guard let equals = value.firstIndex(of: "=") else {
                    throw parser.problem(
                        lineIndex, valueColumn,
                        "“@capture” needs a variable name and a query: # @capture token = $.token")
                }
                let name = HTTPFileParser.trimmed(value[..<equals])
                let query = HTTPFileParser.trimmed(value[value.index(after: equals)...])
                guard !name.isEmpty, !query.isEmpty, !name.unicodeScalars.contains(where: HTTPFileParser.isBlankScalar)
                else {
                    throw parser.problem(
                        lineIndex, valueColumn,
                        "“@capture” needs a variable name and a query: # @capture token = $.token")
                }
                request.checks.captures.append(CaptureRule(name: name, query: query))
            case "assert":
                guard !value.isEmpty else {
                    throw parser.problem(
                        lineIndex, valueColumn, "“@assert” needs an assertion: # @assert status == 200")
                }
                request.checks.assertions.append(value)
            case "retry":
                let words = value.split(whereSeparator: HTTPFileParser.isBlank)
                guard words.count == 2, let count = Int(words[0]), count >= 0,
                    let interval = DurationText.parse(String(words[1]))
                else {
                    throw parser.problem(
                        lineIndex, valueColumn,
                        "“@retry” needs how many more tries and the pause between them: # @retry 10 500ms")
                }
                request.checks.retry = RetryRule(count: count, interval: interval)
            case "fresh":
                guard let duration = DurationText.parse(value) else {
                    throw parser.problem(
                        lineIndex, valueColumn, "“@fresh” needs a duration (250ms, 2s, 10m, 1h): # @fresh 10m")
                }
                request.checks.freshFor = duration
            default:
                request.directives.append(HTTPFileDirective(name: String(word), value: value))
                request.origin.directiveLines.append(source.lines[lineIndex].number)
            }
        }

        mutating func variable(_ line: String, at lineIndex: Int) throws(HTTPFileProblem) {
            let text = HTTPFileParser.droppingLeadingBlank(Substring(line)).dropFirst()
            let name = text.prefix(while: { !HTTPFileParser.isBlank($0) && $0 != "=" })
            let rest = HTTPFileParser.droppingLeadingBlank(text.dropFirst(name.count))
            guard !name.isEmpty, rest.first == "=" else {
                throw parser.problem(
                    lineIndex, HTTPFileParser.indentColumn(line),
                    "the line “\(OneLine.clip(line, width: 60))” starts with “@” but is not a file variable (@name = value)"
                )
            }
            block.variables.append(
                EnvironmentVariable(name: String(name), value: HTTPFileParser.trimmed(rest.dropFirst())))
            block.variableLines.append(line)
        }

        /// `< {% … %}` or `< ./file.js` before the request line; moves ``index`` past it.
        mutating func preRequestScript(_ line: String, at lineIndex: Int) throws(HTTPFileProblem) -> HTTPFileScript? {
            let text = HTTPFileParser.droppingLeadingBlank(Substring(line))
            guard text.hasPrefix("<"), let next = text.dropFirst().first, HTTPFileParser.isBlank(next) || next == "{"
            else { return nil }
            let rest = HTTPFileParser.droppingLeadingBlank(text.dropFirst())
            if rest.hasPrefix("{%") {
                let offset = line.utf8.count - rest.utf8.count
                let script = try inlineScript(at: lineIndex, braceOffset: offset, what: "pre-request script")
                return .inline(script)
            }
            guard HTTPFileParser.isBlank(next) else { return nil }
            let path = HTTPFileParser.trimmed(rest)
            guard !path.isEmpty else { return nil }
            index += 1
            return .file(path)
        }

        /// The text between `{%` (at `braceOffset` bytes into line `lineIndex`) and the next
        /// `%}` in the block; moves ``index`` to the line after the `%}`.
        mutating func inlineScript(at lineIndex: Int, braceOffset: Int, what: String) throws(HTTPFileProblem)
            -> String
        {
            let bytes = source.bytes
            let scriptStart = source.lines[lineIndex].start + braceOffset + 2
            let limit = source.lines[lines.upperBound - 1].contentEnd
            var position = scriptStart
            while position + 1 < limit,
                !(bytes[position] == UInt8(ascii: "%") && bytes[position + 1] == UInt8(ascii: "}"))
            {
                position += 1
            }
            guard position + 1 < limit else {
                throw parser.problem(
                    lineIndex, HTTPFileParser.indentColumn(content(lineIndex)),
                    "the \(what) that starts here has no closing “%}” before the end of the request")
            }
            var endLine = lineIndex
            while source.lines[endLine].end <= position { endLine += 1 }
            let after = source.text((position + 2)..<source.lines[endLine].contentEnd)
            guard HTTPFileParser.isBlankLine(after) else {
                let blank = after.unicodeScalars.prefix(while: HTTPFileParser.isBlankScalar).count
                throw parser.problem(
                    endLine, source.column(ofByte: position + 2, onLine: endLine) + blank,
                    "the \(what) ends with “%}”, but “\(OneLine.clip(HTTPFileParser.trimmed(after), width: 60))” follows "
                        + "it on the same line")
            }
            index = endLine + 1
            return source.text(scriptStart..<position)
        }

        /// The request line and the URL lines that continue it.
        mutating func requestLineAndURL() throws(HTTPFileProblem) {
            let lineIndex = index
            let line = content(index)
            let text = HTTPFileParser.trimmed(line)
            let first = text.unicodeScalars.prefix(while: { !HTTPFileParser.isBlankScalar($0) })
            let firstWord = String(String.UnicodeScalarView(first))
            var rest: String
            if HTTPFileParser.isMethod(firstWord) {
                request.method = firstWord
                rest = HTTPFileParser.trimmed(
                    String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(first.count))))
                if rest.isEmpty {
                    throw parser.problem(
                        lineIndex, HTTPFileParser.indentColumn(line),
                        "the request line “\(OneLine.clip(text, width: 60))” has no URL")
                }
            } else {
                request.method = "GET"
                rest = text
                if firstWord == "curl" {
                    throw parser.problem(
                        lineIndex, HTTPFileParser.indentColumn(line),
                        "the request “\(OneLine.clip(text, width: 60))” is a curl command, which is not read from .http "
                            + "files here: import it as a curl command, or write it as METHOD URL and headers")
                }
                if HTTPFileParser.splitVersion(rest).rest.unicodeScalars.contains(where: HTTPFileParser.isBlankScalar) {
                    throw parser.problem(
                        lineIndex, HTTPFileParser.indentColumn(line),
                        "the request line “\(OneLine.clip(text, width: 60))” does not start with a method (GET, POST, PUT, …)"
                    )
                }
            }
            index += 1
            while index < lines.upperBound {
                let next = content(index)
                let piece = HTTPFileParser.trimmed(next)
                guard !piece.isEmpty, !HTTPFileParser.isComment(next),
                    piece.hasPrefix("?") || piece.hasPrefix("&") || next.first.map(HTTPFileParser.isBlank) == true
                else { break }
                rest += piece
                index += 1
            }
            let (url, version) = HTTPFileParser.splitVersion(rest)
            request.url = url
            request.httpVersion = version
        }

        mutating func header(_ line: String, at lineIndex: Int) throws(HTTPFileProblem) {
            guard let colon = line.firstIndex(of: ":") else {
                throw parser.problem(
                    lineIndex, 1,
                    "the line “\(OneLine.clip(line, width: 60))” is not a header: it has no colon (Name: value); "
                        + "a blank line must come before the body")
            }
            let name = HTTPFileParser.trimmed(line[..<colon])
            guard HTTPFileParser.isHeaderName(name) else {
                throw parser.problem(
                    lineIndex, 1,
                    "the line “\(OneLine.clip(line, width: 60))” is not a header: “\(OneLine.clip(name, width: 60))” is not a "
                        + "header name; a blank line must come before the body")
            }
            request.headers.append(
                HeaderField(name: name, value: HTTPFileParser.trimmed(line[line.index(after: colon)...])))
        }

        /// The body after the blank line; returns the last line of the message.
        mutating func body(messageEnd: Int) throws(HTTPFileProblem) -> Int {
            while index < lines.upperBound, HTTPFileParser.isBlankLine(content(index)) { index += 1 }
            let first = index
            var last: Int?
            while index < lines.upperBound {
                let line = content(index)
                if HTTPFileParser.trailerLine(line) != nil { break }
                if !HTTPFileParser.isBlankLine(line) { last = index }
                index += 1
            }
            guard let last else { return messageEnd }
            let bodyLines = first...last
            if bodyLines.allSatisfy({ HTTPFileParser.isBlankLine(content($0)) || HTTPFileParser.isComment(content($0)) }
            ) {
                // Nothing but comments: they are the request's comments, not a body.
                section = 3
                for line in bodyLines where !HTTPFileParser.isBlankLine(content(line)) {
                    try comment(content(line), at: line)
                }
                return messageEnd
            }
            if first == last, let file = Self.fileBody(content(first)) {
                request.body = file
            } else {
                request.body = .text(source.text(source.lines[first].start..<source.lines[last].contentEnd))
            }
            return last
        }

        /// `< path`, `<@ path`, `<@latin1 path`.
        static func fileBody(_ line: String) -> HTTPFileBody? {
            guard line.hasPrefix("<") else { return nil }
            var rest = line.dropFirst()
            var fills = false
            var encoding: String?
            if rest.first == "@" {
                fills = true
                let word = rest.dropFirst().prefix(while: { !HTTPFileParser.isBlank($0) })
                encoding = word.isEmpty ? nil : String(word)
                rest = rest.dropFirst(1 + word.count)
            }
            guard let next = rest.first, HTTPFileParser.isBlank(next) else { return nil }
            let path = HTTPFileParser.trimmed(rest)
            guard !path.isEmpty else { return nil }
            return .file(path: path, fillsVariables: fills, encoding: encoding)
        }

        /// Handlers, references, the redirect and comments after the body.
        mutating func trailer() throws(HTTPFileProblem) {
            section = 3
            var handlerLines: [Int] = []
            while index < lines.upperBound {
                let line = content(index)
                if HTTPFileParser.isBlankLine(line) {
                    index += 1
                    continue
                }
                if HTTPFileParser.isComment(line) {
                    try comment(line, at: index)
                    index += 1
                    continue
                }
                switch HTTPFileParser.trailerLine(line) {
                case .inlineHandler(let offset):
                    handlerLines.append(source.lines[index].number)
                    request.responseHandlers.append(
                        .inline(try inlineScript(at: index, braceOffset: offset, what: "response handler")))
                case .handlerFile(let path):
                    try nonEmpty(path, "the response handler line names no script file")
                    handlerLines.append(source.lines[index].number)
                    request.responseHandlers.append(.file(path))
                    index += 1
                case .reference(let path):
                    try nonEmpty(path, "the response reference “<>” names no file")
                    request.responseReferences.append(path)
                    index += 1
                case .redirect(let path, let overwrites):
                    try nonEmpty(path, "the output redirect names no file")
                    guard request.outputRedirect == nil else {
                        throw parser.problem(index, 1, "a request can write its response to one file only")
                    }
                    request.outputRedirect = HTTPFileOutputRedirect(path: path, overwrites: overwrites)
                    index += 1
                case nil:
                    throw parser.problem(
                        index, HTTPFileParser.indentColumn(line),
                        "the line “\(OneLine.clip(line, width: 60))” is not understood after a response handler or reference "
                            + "(> {% … %}, > file, <> file, >> file, a comment, or ### to start the next request)")
                }
            }
            request.origin.handlerLines = handlerLines
        }

        func nonEmpty(_ path: String, _ reason: String) throws(HTTPFileProblem) {
            if path.isEmpty { throw parser.problem(index, 1, reason) }
        }
    }
}
