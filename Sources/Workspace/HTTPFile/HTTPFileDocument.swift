/// A `.http` / `.rest` file, as the JetBrains HTTP Client and the VS Code REST Client write it:
/// its requests, its file variables, and its text kept byte for byte.
///
/// ```http
/// @base = https://api.example.com
///
/// ### List users
/// GET {{base}}/users?page=1
/// Accept: application/json
///
/// ### Create a user
/// # @name create
/// POST {{base}}/users
/// Content-Type: application/json
///
/// {"name": "Ada"}
///
/// > {% client.global.set("id", response.body.id); %}
/// ```
///
/// ```swift
/// let document = try HTTPFileDocument.parse(text, file: "api.http")
/// document.requests.map(\.title)         // [“List users”, “Create a user”]
/// document.fileVariables                 // [base = https://api.example.com]
/// document.text == text                  // true, byte for byte
/// ```
///
/// **Reading.** A line that starts with `###` ends one request's block and starts the next; the
/// text after the `#`s is the title. Before the request line, a block holds blank lines,
/// comments (`#`, `//`), directives (`# @name NAME`, `# @no-redirect`, `# @timeout 30`,
/// hammock's `# @capture`, `# @assert`, `# @retry`, `# @fresh`), file variables (`@name = value`)
/// and JetBrains pre-request scripts (`< {% … %}`). The request line is `[METHOD] URL
/// [HTTP/VERSION]` (no method means GET); lines right after it that are indented or start with
/// `?` or `&` continue the URL. Headers (`Name: value`) follow until a blank line, then the
/// body, until the next `###` or a line that starts a response handler (`> {% … %}`,
/// `> file`), a response reference (`<> file`) or an output redirect (`>> file`, `>>! file`).
/// Lines may end in `\n`, `\r\n` or `\r`. See ``HTTPFileRequest`` for what each part becomes.
///
/// **Writing.** ``text`` is always the text the document was read from, or the text an edit
/// produced: the document is never re-rendered as a whole. ``replacing(requestAt:with:)``
/// rewrites only the block of the request that changed (and in it, only the parts that
/// changed), ``appending(_:)`` adds a block at the end; both read the result back and throw
/// when the request would not read back as given. So `parse(doc.text) == doc` for every
/// document, and `parse(text).text == text` for every text that parses.
///
/// Not promised: that a request written by hammock is laid out as its author would; that
/// JetBrains' and VS Code's readers agree on every odd file (this reader takes the union of
/// their rules where they do not conflict).
public struct HTTPFileDocument: Sendable, Hashable {
    /// The file's text: as read, or as the last edit left it.
    public private(set) var text: String
    /// The blocks of ``text``.
    var blocks: [HTTPFileBlock]
    /// The line break lines added by edits end with: the file's first one, `\n` by default.
    var lineBreak: String
    /// The file name problems and notes are given with.
    var file: String?

    /// An empty document (no text, no requests), to build a file with ``appending(_:)``.
    public init() {
        text = ""
        blocks = [HTTPFileBlock(text: "", separator: nil, variables: [], variableLines: [])]
        lineBreak = "\n"
    }

    /// A new file holding `fileVariables` (as `@name = value` lines) and then `requests`, each
    /// in its own `###` block, with `lineBreak` (`"\n"` or `"\r\n"`) ending every line.
    ///
    /// Throws when a variable or request cannot be written so that it reads back the same (a
    /// name with blank space or `=`, a value or URL on more than one line, …).
    ///
    /// ```swift
    /// let document = try HTTPFileDocument(
    ///     requests: [HTTPFileRequest(title: "Ping", url: "{{base}}/ping")],
    ///     fileVariables: [EnvironmentVariable(name: "base", value: "http://localhost:8080")])
    /// // "@base = http://localhost:8080\n\n### Ping\nGET {{base}}/ping\n"
    /// ```
    public init(
        requests: [HTTPFileRequest], fileVariables: [EnvironmentVariable] = [], lineBreak: String = "\n"
    ) throws(HTTPFileProblem) {
        var text = fileVariables.map { "@\($0.name) = \($0.value)" + lineBreak }.joined()
        var document = try HTTPFileDocument.parse(text)
        let wanted = fileVariables.map {
            EnvironmentVariable(name: $0.name, value: HTTPFileParser.trimmed($0.value))
        }
        guard document.fileVariables == wanted, document.requests.isEmpty else {
            throw HTTPFileProblem(
                file: nil, line: nil, column: nil,
                reason: "the file variables cannot be written as “@name = value” lines: a name must have no blank "
                    + "space or “=”, and a value must be one line")
        }
        if !fileVariables.isEmpty { text += lineBreak }
        document.text = text
        document.blocks[0].text = text
        document.lineBreak = lineBreak
        for request in requests { document = try document.appending(request) }
        self = document
    }

    /// Reads `text`. `file` names the file in problems and in the notes of
    /// ``HTTPFileRequest/toSaved()`` (`api.http:12:1: …`).
    ///
    /// Throws the first problem found, with its line and column: a request line with no URL,
    /// a header line without a colon (a body not separated by a blank line), a `> {%` with no
    /// `%}` before the next `###`, a malformed hammock directive, an `@` line that is not
    /// `@name = value`. Never traps, whatever the text.
    public static func parse(_ text: String, file: String? = nil) throws(HTTPFileProblem) -> HTTPFileDocument {
        let parser = HTTPFileParser(text, file: file)
        var document = HTTPFileDocument()
        document.text = text
        document.blocks = try parser.blocks()
        document.lineBreak = parser.lineBreak
        document.file = file
        return document
    }

    /// Reads a file's bytes: as ``parse(_:file:)``, after checking they are UTF-8.
    ///
    /// Bytes that are not UTF-8 give a problem at the line and column of the first bad byte
    /// (`api.http:3:7: the file is not UTF-8 text: byte 0xFF cannot start a character`).
    public static func parse(bytes: some Collection<UInt8>, file: String? = nil) throws(HTTPFileProblem)
        -> HTTPFileDocument
    {
        let bytes = Array(bytes)
        if let bad = UTF8Check.firstProblem(in: bytes) {
            throw HTTPFileProblem(
                file: file, line: bad.line, column: bad.column, reason: "the file is not UTF-8 text: " + bad.reason)
        }
        return try parse(String(decoding: bytes, as: UTF8.self), file: file)
    }

    /// Two documents are equal when their texts are and they read the same; the line break
    /// edits would use and the file name given for problems are not compared.
    public static func == (lhs: HTTPFileDocument, rhs: HTTPFileDocument) -> Bool {
        lhs.blocks == rhs.blocks
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(blocks)
    }

    /// The requests, in file order; blocks without a request line are skipped.
    public var requests: [HTTPFileRequest] { blocks.compactMap(\.request) }

    /// The file variables (`@name = value`, VS Code's syntax), in file order, from every block.
    /// Values are as written, `{{…}}` included; a name defined twice appears twice (the later
    /// one wins when they are used as one environment).
    public var fileVariables: [EnvironmentVariable] { blocks.flatMap(\.variables) }

    /// The document with request `index` replaced by `request`, every byte outside that
    /// request's block unchanged.
    ///
    /// Inside the block, the parts whose values did not change are kept as they were (a new URL
    /// leaves the comments, the directives and the handler script alone); the rest is written
    /// in the usual layout. A request equal to the old one returns the document unchanged.
    /// Blank space around the title, URL, header names and values, and a comment without `#`
    /// or `//` (which gets `# `), are adjusted as reading would adjust them.
    ///
    /// Throws when `request` cannot be written so that it reads back the same (a header value
    /// or URL on two lines, a body line that starts with `###`, …), naming what. Traps when
    /// `index` is not an index of ``requests``.
    ///
    /// ```swift
    /// var edited = document.requests[1]
    /// edited.url = "{{base}}/v2/users"
    /// let saved = try document.replacing(requestAt: 1, with: edited)
    /// ```
    public func replacing(requestAt index: Int, with request: HTTPFileRequest) throws(HTTPFileProblem)
        -> HTTPFileDocument
    {
        let old = requests
        precondition(old.indices.contains(index), "no request at index \(index)")
        let target = Self.normalized(request)
        if target == old[index] { return self }
        let blockIndex = blocks.indices.filter { blocks[$0].request != nil }[index]
        let before = blocks[..<blockIndex].map(\.text).joined()
        let after = blocks[(blockIndex + 1)...].map(\.text).joined()
        let writer = HTTPFileWriter(lineBreak: lineBreak)
        var wanted = old
        wanted[index] = target
        var attempt: Result<HTTPFileDocument, HTTPFileProblem> = .success(self)
        for reusing in [true, false] {
            let block = writer.replacement(for: blocks[blockIndex], with: target, reusing: reusing)
            attempt = Result { () throws(HTTPFileProblem) in
                try HTTPFileDocument.parse(before + block + after, file: file)
            }
            if case .success(var document) = attempt, document.requests == wanted {
                document.lineBreak = lineBreak
                return document
            }
        }
        throw unwritable(target, attempt: attempt, index: index)
    }

    /// The document with `request` added at the end in a block of its own (`### title`, or
    /// `###` when it has no title; no separator in an empty document when it has none), after
    /// a blank line. The existing text is unchanged, except that a line break is added when it
    /// does not end with one.
    ///
    /// Throws when `request` cannot be written so that it reads back the same (see
    /// ``replacing(requestAt:with:)``).
    public func appending(_ request: HTTPFileRequest) throws(HTTPFileProblem) -> HTTPFileDocument {
        let target = Self.normalized(request)
        var text = self.text
        if let last = text.utf8.last {
            if last != UInt8(ascii: "\n") && last != UInt8(ascii: "\r") { text += lineBreak }
            let source = HTTPFileSource(text)
            if let line = source.lines.indices.last, !HTTPFileParser.isBlankLine(source.content(line)) {
                text += lineBreak
            }
        }
        let writer = HTTPFileWriter(lineBreak: lineBreak)
        text += writer.freshBlock(target, separator: !text.isEmpty)
        let attempt = Result { () throws(HTTPFileProblem) in try HTTPFileDocument.parse(text, file: file) }
        if case .success(var document) = attempt, document.requests == requests + [target] {
            document.lineBreak = lineBreak
            return document
        }
        throw unwritable(target, attempt: attempt, index: requests.count)
    }

    /// Blank space trimmed where reading trims it; comments given a `# ` when they have no
    /// comment marker.
    static func normalized(_ request: HTTPFileRequest) -> HTTPFileRequest {
        var request = request
        let trim = { (text: String) in HTTPFileParser.trimmed(text) }
        request.title = request.title.map { trim($0) }.flatMap { $0.isEmpty ? nil : $0 }
        request.name = request.name.map { trim($0) }
        request.comments = request.comments.map { HTTPFileParser.isComment($0) ? $0 : "# " + $0 }
        request.directives = request.directives.map { HTTPFileDirective(name: $0.name, value: trim($0.value)) }
        request.checks.captures = request.checks.captures.map {
            CaptureRule(name: trim($0.name), query: trim($0.query))
        }
        request.checks.assertions = request.checks.assertions.map { trim($0) }
        request.method = trim(request.method)
        request.url = trim(request.url)
        request.httpVersion = request.httpVersion.map { trim($0) }
        request.headers = request.headers.map { HeaderField(name: trim($0.name), value: trim($0.value)) }
        if case .file(let path, let fills, let encoding) = request.body {
            request.body = .file(path: trim(path), fillsVariables: fills, encoding: encoding)
        }
        request.responseReferences = request.responseReferences.map { trim($0) }
        request.outputRedirect = request.outputRedirect.map {
            HTTPFileOutputRedirect(path: trim($0.path), overwrites: $0.overwrites)
        }
        func trimmedFile(_ script: HTTPFileScript) -> HTTPFileScript {
            if case .file(let path) = script { return .file(trim(path)) }
            return script
        }
        request.preRequestScripts = request.preRequestScripts.map(trimmedFile)
        request.responseHandlers = request.responseHandlers.map(trimmedFile)
        return request
    }

    /// Why `request` did not read back as itself from `attempt`.
    private func unwritable(
        _ request: HTTPFileRequest, attempt: Result<HTTPFileDocument, HTTPFileProblem>, index: Int
    ) -> HTTPFileProblem {
        func problem(_ reason: String) -> HTTPFileProblem {
            HTTPFileProblem(file: file, line: nil, column: nil, reason: reason)
        }
        if let reason = HTTPFileWriter.unwritableReason(request) { return problem(reason) }
        let read: HTTPFileDocument
        switch attempt {
        case .failure(let failure):
            return problem("the request cannot be written so that it reads back: \(failure.reason)")
        case .success(let document):
            read = document
        }
        guard read.requests.indices.contains(index) else {
            return problem("the request cannot be written so that it reads back as one request")
        }
        let back = read.requests[index]
        let clip = { (text: String) in OneLine.clip(text, width: 60) }
        if back.title != request.title {
            return problem("the title “\(clip(request.title ?? ""))” cannot be written: it must be one line")
        }
        if back.method != request.method {
            return problem(
                "the method “\(clip(request.method))” cannot be written: it must be one word of capital letters "
                    + "or a known method")
        }
        if back.url != request.url || back.httpVersion != request.httpVersion {
            return problem("the URL “\(clip(request.url))” cannot be written: it must be one line and not empty")
        }
        if back.headers != request.headers {
            let header = request.headers.first(where: { !back.headers.contains($0) })
            let shown = header.map { "“" + clip($0.name + ": " + $0.value) + "” " } ?? ""
            return problem(
                "the header \(shown)cannot be written: a header is one line, its name a word without blank space "
                    + "or colon")
        }
        if back.body != request.body {
            return problem(
                "the body cannot be written into a .http file as it is: it cannot start or end with blank lines, "
                    + "hold a line that starts with ###, “> ”, “>> ” or “<> ”, or be only comment lines")
        }
        if back.comments != request.comments {
            return problem(
                "the comments cannot be written as they are: each must be one line starting with # or //, "
                    + "not ### and not a directive (# @word)")
        }
        if back.name != request.name || back.directives != request.directives || back.checks != request.checks {
            return problem(
                "the name, directives or checks cannot be written as they are: each must be one line, and a "
                    + "directive's name letters, digits, - and _")
        }
        return problem(
            "the scripts, references or output redirect cannot be written as they are: a script cannot hold “%}” "
                + "or a line starting with ###, and a path must be one line")
    }
}
