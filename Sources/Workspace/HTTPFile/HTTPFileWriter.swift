/// Writes requests as `.http` text, in the layout both dialects read: comments and directives,
/// the request line, headers, a blank line and the body, then handlers, the redirect and
/// references.
///
/// The writer is only used through ``HTTPFileDocument``, which reads what it wrote back and
/// compares, so a request that the format cannot hold is reported instead of written.
struct HTTPFileWriter {
    /// The line break of the file being written into.
    let lineBreak: String

    /// A block for a request of its own: `### title` (or `###` when `separator` is true and
    /// there is no title), then the request in full.
    func freshBlock(_ request: HTTPFileRequest, separator: Bool) -> String {
        var text = ""
        if separator || request.title != nil { text += separatorLine(request.title) }
        text += preamble(request, comments: request.comments, variableLines: [])
        text += message(request, comments: [])
        text += trailer(request, comments: [])
        return text
    }

    /// The block `old` with its request replaced by `request`. With `reusing`, the pieces of
    /// the old block whose part of the request did not change are kept byte for byte; without,
    /// everything but the separator, the file variables and the trailing blank lines is written
    /// anew.
    func replacement(for old: HTTPFileBlock, with request: HTTPFileRequest, reusing: Bool) -> String {
        guard let previous = old.request else { return old.text }
        // A byte order mark opens the first block; it stays first whatever is rewritten.
        let mark = [UInt8](arrayLiteral: 0xEF, 0xBB, 0xBF)
        let hasMark = old.separator == nil && old.text.utf8.starts(with: mark)
        let preambleText =
            hasMark ? String(decoding: old.preambleText.utf8.dropFirst(3), as: UTF8.self) : old.preambleText
        var text = hasMark ? "\u{FEFF}" : ""
        if let separator = old.separator, request.title == previous.title {
            text += separator
        } else if old.separator != nil || request.title != nil {
            text += separatorLine(request.title)
        }
        let counts = old.commentCounts
        let sameComments = reusing && request.comments == previous.comments
        let sameDirectives =
            request.name == previous.name && request.directives == previous.directives
            && request.checks == previous.checks
        let samePreamble = sameDirectives && request.preRequestScripts == previous.preRequestScripts
        let sameMessage =
            request.method == previous.method && request.url == previous.url
            && request.httpVersion == previous.httpVersion && request.headers == previous.headers
            && request.body == previous.body
        let sameTrailer =
            request.responseHandlers == previous.responseHandlers
            && request.responseReferences == previous.responseReferences
            && request.outputRedirect == previous.outputRedirect
        if sameComments && (samePreamble || !old.hasLateDirectives) {
            let preambleComments = Array(request.comments.prefix(counts[0]))
            let messageComments = Array(request.comments.dropFirst(counts[0]).prefix(counts[1]))
            let trailerComments = Array(request.comments.suffix(counts[2]))
            text +=
                samePreamble
                ? preambleText : preamble(request, comments: preambleComments, variableLines: old.variableLines)
            text += sameMessage ? old.messageText : message(request, comments: messageComments)
            text += sameTrailer ? old.trailerText : trailer(request, comments: trailerComments)
        } else {
            text += preamble(request, comments: request.comments, variableLines: old.variableLines)
            text += message(request, comments: [])
            text += trailer(request, comments: [])
        }
        if old.trailingBlankText.isEmpty && !old.endsWithLineBreak && text.hasSuffix(lineBreak) {
            text.removeLast(lineBreak.count)
        }
        return text + old.trailingBlankText
    }

    func separatorLine(_ title: String?) -> String {
        "###" + (title.map { " " + $0 } ?? "") + lineBreak
    }

    /// File variables, comments, `@name`, directives, hammock's checks and pre-request scripts.
    func preamble(_ request: HTTPFileRequest, comments: [String], variableLines: [String]) -> String {
        var lines = variableLines + comments
        if let name = request.name { lines.append(Self.directive("name", name)) }
        lines += request.directives.map { Self.directive($0.name, $0.value) }
        lines += Self.checkLines(request.checks)
        for script in request.preRequestScripts {
            switch script {
            case .inline(let text): lines.append("< {%" + text + "%}")
            case .file(let path): lines.append("< " + path)
            }
        }
        return lines.map { $0 + lineBreak }.joined()
    }

    /// The `# @capture`, `# @assert`, `# @retry` and `# @fresh` lines for `checks`.
    static func checkLines(_ checks: RequestChecks) -> [String] {
        var lines = checks.captures.map { "# @capture \($0.name) = \($0.query)" }
        lines += checks.assertions.map { directive("assert", $0) }
        if let retry = checks.retry { lines.append("# @retry \(retry.count) \(durationText(retry.interval))") }
        if let fresh = checks.freshFor { lines.append("# @fresh " + durationText(fresh)) }
        return lines
    }

    private static func directive(_ name: String, _ value: String) -> String {
        if value.isEmpty { return "# @" + name }
        return "# @" + name + (value.hasPrefix("=") ? " = " : " ") + value
    }

    /// A duration as text that ``DurationText/parse(_:)`` reads back as the same duration.
    static func durationText(_ duration: Duration) -> String {
        let usual = DurationText.format(duration)
        if DurationText.parse(usual) == duration { return usual }
        let nanoseconds = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        let fraction = String(nanoseconds % 1_000_000)
        var digits = String(repeating: "0", count: 6 - fraction.count) + fraction
        while digits.hasSuffix("0") { digits.removeLast() }
        let exact = "\(nanoseconds / 1_000_000)" + (digits.isEmpty ? "" : "." + digits) + "ms"
        return DurationText.parse(exact) == duration ? exact : usual
    }

    /// The request line, headers, comments among them, and the body after a blank line.
    func message(_ request: HTTPFileRequest, comments: [String]) -> String {
        var text = request.method + " " + request.url + (request.httpVersion.map { " " + $0 } ?? "") + lineBreak
        for header in request.headers {
            text += header.name + ":" + (header.value.isEmpty ? "" : " " + header.value) + lineBreak
        }
        text += comments.map { $0 + lineBreak }.joined()
        switch request.body {
        case nil:
            break
        case .text(let body):
            text += lineBreak + body + lineBreak
        case .file(let path, let fills, let encoding):
            text += lineBreak + "<" + (fills ? "@" + (encoding ?? "") : "") + " " + path + lineBreak
        }
        return text
    }

    /// Handlers, the redirect, references and comments, after a blank line.
    func trailer(_ request: HTTPFileRequest, comments: [String]) -> String {
        var lines: [String] = []
        for handler in request.responseHandlers {
            switch handler {
            case .inline(let text): lines.append("> {%" + text + "%}")
            case .file(let path): lines.append("> " + path)
            }
        }
        if let redirect = request.outputRedirect {
            lines.append((redirect.overwrites ? ">>! " : ">> ") + redirect.path)
        }
        lines += request.responseReferences.map { "<> " + $0 }
        lines += comments
        guard !lines.isEmpty else { return "" }
        return lineBreak + lines.map { $0 + lineBreak }.joined()
    }

    /// Why `request` cannot be written so that it reads back the same, in a sentence; nil when
    /// nothing in it is against the format's rules. (The document still reads back what it
    /// wrote and compares: this only finds the usual causes and names them.)
    static func unwritableReason(_ request: HTTPFileRequest) -> String? {
        func multiline(_ text: String) -> Bool { text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" } }
        let clip = { (text: String) in "“" + OneLine.clip(text, width: 60) + "”" }
        if let title = request.title, multiline(title) {
            return "the title \(clip(title)) cannot be written: it must be one line"
        }
        if let name = request.name, multiline(name) {
            return "the name \(clip(name)) cannot be written: it must be one line"
        }
        if !HTTPFileParser.isMethod(request.method) {
            return
                "the method \(clip(request.method)) cannot be written: it must be a known method or a word of capital letters"
        }
        if request.url.isEmpty || multiline(request.url) {
            return "the URL \(clip(request.url)) cannot be written: it must be one line and not empty"
        }
        if let version = request.httpVersion, !HTTPFileParser.isVersion(version) {
            return "the version \(clip(version)) cannot be written: it must read HTTP/1.1, HTTP/2 or the like"
        }
        for header in request.headers
        where !HTTPFileParser.isHeaderName(header.name) || header.name.contains(":") || multiline(header.value) {
            return
                "the header \(clip(header.name + ": " + header.value)) cannot be written: a header is one line, its name "
                + "a word without blank space or colon"
        }
        switch request.body {
        case .text(let text):
            let source = HTTPFileSource(text)
            let lines = source.lines.indices.map(source.content)
            let ends = lines.contains { HTTPFileParser.isSeparator($0) || HTTPFileParser.trailerLine($0) != nil }
            let blankEnd =
                lines.first.map(HTTPFileParser.isBlankLine) ?? true
                || lines.last.map(HTTPFileParser.isBlankLine) ?? true
            let onlyComments = lines.allSatisfy { HTTPFileParser.isBlankLine($0) || HTTPFileParser.isComment($0) }
            if ends || blankEnd || onlyComments || text.utf8.last == UInt8(ascii: "\n")
                || text.utf8.last == UInt8(ascii: "\r")
            {
                return
                    "the body cannot be written into a .http file as it is: it cannot be empty, start or end with blank "
                    + "lines, hold a line that starts with ###, “> ”, “>> ” or “<> ”, or be only comment lines"
            }
        case .file(let path, _, let encoding):
            if path.isEmpty || multiline(path)
                || (encoding.map { $0.isEmpty || $0.contains(where: HTTPFileParser.isBlank) } ?? false)
            {
                return "the body file \(clip(path)) cannot be written: its path must be one line and not empty"
            }
        case nil:
            break
        }
        if let comment = request.comments.first(where: multiline) {
            return "the comment \(clip(comment)) cannot be written: it must be one line"
        }
        let directiveTexts =
            request.directives.flatMap { [$0.name, $0.value] } + request.checks.assertions
            + request.checks.captures.flatMap { [$0.name, $0.query] }
        if let text = directiveTexts.first(where: multiline) {
            return "the directive or check \(clip(text)) cannot be written: it must be one line"
        }
        for script in request.preRequestScripts + request.responseHandlers {
            switch script {
            case .inline(let text) where text.contains("%}"):
                return "a script cannot be written: it holds “%}”, which would end it"
            case .file(let path) where path.isEmpty || multiline(path):
                return "the script file \(clip(path)) cannot be written: its path must be one line and not empty"
            default:
                continue
            }
        }
        return nil
    }
}
