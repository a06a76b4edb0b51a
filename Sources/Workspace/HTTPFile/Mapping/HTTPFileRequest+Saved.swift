import Foundation
import OrderedJSON

extension HTTPFileRequest {
    /// The request in hammock's terms: name, definition and checks, with a note for each thing
    /// that did not carry over.
    ///
    /// - The name is `# @name`, else the `###` title, else `METHOD path` (`GET /users`).
    /// - The method is upper-cased; URL and headers are kept as written, `{{…}}` included.
    /// - The body: `< path` and `<@ path` become a `.file` body with the path as written
    ///   (relative to the `.http` file's folder: the caller resolves it); a JSON content type
    ///   (`application/json`, `…+json`) gives `.json`; `application/x-www-form-urlencoded`
    ///   gives `.form` (hammock reads pairs split by `&` or line breaks, as VS Code writes
    ///   them); a multipart body stays `.text` with its `Content-Type` header (noted); a VS Code
    ///   GraphQL request (`X-Request-Type: GraphQL`) becomes the JSON body VS Code sends
    ///   (`{"query": …, "variables": …}`, noted); any other body is `.text`.
    /// - A URL that is a path (`/api/items`) with a `Host` header becomes an absolute URL to
    ///   that host, `https` for ports 443 and 8443 and `http` otherwise, as VS Code sends it
    ///   (noted).
    /// - The checks are the `# @capture`, `# @assert`, `# @retry` and `# @fresh` directives,
    ///   then what the response handlers' statements map to (see the article on `.http`
    ///   files).
    /// - Notes name the file and line (`api.http:14: the handler statement
    ///   `console.log(response.body)` has no hammock equivalent and was left out`): for each
    ///   directive, pre-request script, handler file, unmapped statement, output redirect,
    ///   `<@` or encoded body file, multipart or GraphQL body.
    ///
    /// ```swift
    /// let saved = try HTTPFileDocument.parse(text, file: "api.http").requests[0].toSaved()
    /// try collection.save(saved.definition, name: saved.name, checks: saved.checks)
    /// saved.notes.forEach { print($0) }
    /// ```
    public func toSaved() -> HTTPFileSavedRequest {
        var notes: [String] = []
        let place = origin.place
        let requestPlace = place(origin.requestLine)
        var headers = self.headers
        var definition = RequestDefinition(method: method.uppercased(), url: url, headers: headers)
        switch body {
        case nil:
            break
        case .file(let path, let fills, let encoding):
            definition.body = path
            definition.bodyKind = .file
            if fills {
                notes.append(
                    requestPlace + "the body file \(path) is read with “<@”, which fills {{variables}} in it; "
                        + "hammock sends the file as it is")
            }
            if let encoding {
                notes.append(
                    requestPlace
                        + "the body file's encoding “\(encoding)” is not used; hammock sends its bytes as they are")
            }
        case .text(let text):
            let mediaType = Self.mediaType(in: headers)
            if let graphQL = headers.firstIndex(where: {
                $0.name.lowercased() == "x-request-type" && $0.value.lowercased() == "graphql"
            }) {
                headers.remove(at: graphQL)
                if mediaType == nil { headers.append(HeaderField(name: "Content-Type", value: "application/json")) }
                definition.headers = headers
                definition.body = Self.graphQLBody(text)
                definition.bodyKind = .json
                notes.append(
                    requestPlace + "the GraphQL request became the JSON body VS Code sends for it "
                        + "({\"query\": …, \"variables\": …}), without the X-Request-Type header")
            } else {
                definition.body = text
                switch mediaType {
                case let type? where type == "application/json" || type.hasSuffix("+json"):
                    definition.bodyKind = .json
                case "application/x-www-form-urlencoded":
                    definition.bodyKind = .form
                case let type? where type.hasPrefix("multipart/"):
                    definition.bodyKind = .text
                    notes.append(
                        requestPlace
                            + "the multipart body is kept as text with its Content-Type header (and boundary); "
                            + "hammock sends it as written and does not read its “< file” lines")
                default:
                    definition.bodyKind = .text
                }
            }
        }
        if url.hasPrefix("/"), let host = headers.first(where: { $0.name.lowercased() == "host" })?.value,
            !host.isEmpty
        {
            let port = host.split(separator: ":").dropFirst().first
            let scheme = port == "443" || port == "8443" ? "https" : "http"
            definition.url = scheme + "://" + host + url
            notes.append(
                requestPlace
                    + "the path \(url) with the Host header \(host) became \(definition.url), as VS Code sends it")
        }
        for (offset, directive) in directives.enumerated() {
            let at = place(origin.directiveLines[safe: offset] ?? origin.requestLine)
            notes.append(at + Self.note(for: directive))
        }
        for offset in preRequestScripts.indices {
            let at = place(origin.preRequestLines[safe: offset] ?? origin.requestLine)
            notes.append(at + "the pre-request script has no hammock equivalent and was left out")
        }
        var checks = self.checks
        for (offset, handler) in responseHandlers.enumerated() {
            let line = origin.handlerLines[safe: offset] ?? origin.requestLine
            switch handler {
            case .file(let path):
                notes.append(place(line) + "the response handler file \(path) is not read; its checks were left out")
            case .inline(let script):
                let outcome = HandlerScriptMapping.map(script)
                checks.captures += outcome.captures
                checks.assertions += outcome.assertions
                for statement in outcome.leftOut {
                    notes.append(
                        place(line > 0 ? line + statement.line : 0) + "the handler statement `\(statement.text)` "
                            + "has no hammock equivalent and was left out")
                }
            }
        }
        if let redirect = outputRedirect {
            notes.append(
                requestPlace + "the response is not written to \(redirect.path) (“>>” has no hammock equivalent)")
        }
        return HTTPFileSavedRequest(name: savedName, definition: definition, checks: checks, notes: notes)
    }

    /// A request for a `.http` file from hammock's: `### name` as the title, the method, URL
    /// and headers as they are, the checks as `# @capture`, `# @assert`, `# @retry` and
    /// `# @fresh` lines.
    ///
    /// The body: a `.file` body is written `< path`; `.json` and `.form` bodies get a
    /// `Content-Type` header when they have none (the `.http` clients have no body kinds, so
    /// it is what tells them, and hammock when the file is read back); a `.multipart` body
    /// becomes `multipart/form-data` text with a boundary (files as `< path` lines). Blank
    /// lines at the start and end of a body are dropped (a `.http` file cannot hold them), and
    /// an empty body is none. Line breaks in the name become spaces.
    ///
    /// Whether the request can be written at all (a header value on two lines, a body line
    /// starting with `###`) is known when it is added with ``HTTPFileDocument/appending(_:)``.
    ///
    /// ```swift
    /// let request = HTTPFileRequest(name: "Create a user", definition: definition, checks: checks)
    /// let document = try HTTPFileDocument().appending(request)
    /// ```
    public init(name: String, definition: RequestDefinition, checks: RequestChecks) {
        let (headers, body) = Self.parts(of: definition)
        let title = Self.oneLine(name)
        self.init(
            title: title.isEmpty ? nil : title, method: definition.method, url: definition.url, headers: headers,
            body: body, checks: checks)
    }

    /// This request with hammock's edited values written into it, keeping everything the file
    /// says that hammock does not model (comments, directives, scripts, the form of the body
    /// line) and every part whose value did not change.
    ///
    /// A new name goes where the old one came from: the `# @name` line when there is one, else
    /// the `###` title. Method, URL, headers and body are taken only when they differ from
    /// what ``toSaved()`` gives for this request, so an unchanged `<@ ./body.json` stays as it
    /// is. Checks that the response handlers already give are not written again as `# @…`
    /// lines; a handler's check cannot be removed this way (the script is kept as written).
    ///
    /// ```swift
    /// let edited = request.updated(name: saved.name, definition: editedDefinition, checks: saved.checks)
    /// let document = try document.replacing(requestAt: 2, with: edited)
    /// ```
    public func updated(name: String, definition: RequestDefinition, checks: RequestChecks) -> HTTPFileRequest {
        var request = self
        let saved = toSaved()
        if name != saved.name {
            let line = Self.oneLine(name)
            if let old = self.name, !HTTPFileParser.trimmed(old).isEmpty {
                request.name = line
            } else {
                request.title = line.isEmpty ? nil : line
            }
        }
        if definition.method != saved.definition.method { request.method = definition.method }
        if definition.url != saved.definition.url { request.url = definition.url }
        let headersChanged = definition.headers != saved.definition.headers
        let rewritten = saved.definition.headers != headers
        let bodyChanged =
            definition.body != saved.definition.body || definition.bodyKind != saved.definition.bodyKind
            || (headersChanged && rewritten)
        if headersChanged || bodyChanged {
            let (newHeaders, newBody) = Self.parts(of: definition)
            request.headers = newHeaders
            if bodyChanged { request.body = newBody }
        }
        var fromHandlers = RequestChecks()
        for case .inline(let script) in responseHandlers {
            let outcome = HandlerScriptMapping.map(script)
            fromHandlers.captures += outcome.captures
            fromHandlers.assertions += outcome.assertions
        }
        request.checks = RequestChecks(
            captures: Self.removing(fromHandlers.captures, from: checks.captures),
            assertions: Self.removing(fromHandlers.assertions, from: checks.assertions),
            retry: checks.retry, freshFor: checks.freshFor)
        return request
    }

    // MARK: - Helpers

    /// The name ``toSaved()`` gives.
    var savedName: String {
        if let name, !HTTPFileParser.trimmed(name).isEmpty { return HTTPFileParser.trimmed(name) }
        if let title { return title }
        return Self.oneLine(method.uppercased() + " " + Self.path(of: url))
    }

    /// `/users` of `https://api.test/users?page=2`, `{{base}}/users` or `api.test/users`.
    static func path(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...].drop(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        } else if rest.hasPrefix("{{"), let close = rest.range(of: "}}") {
            rest = rest[close.upperBound...]
        } else if !rest.hasPrefix("/") {
            rest = rest.drop(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        }
        let path = rest.prefix(while: { $0 != "?" && $0 != "#" })
        return path.isEmpty ? "/" : String(path)
    }

    /// The media type of the last `Content-Type` header, lower-cased, without parameters.
    static func mediaType(in headers: [HeaderField]) -> String? {
        guard let value = headers.last(where: { $0.name.lowercased() == "content-type" })?.value else { return nil }
        return HTTPFileParser.trimmed(value.prefix(while: { $0 != ";" })).lowercased()
    }

    /// VS Code's GraphQL body (the query, a blank line, the variables as JSON) as the JSON it
    /// sends.
    static func graphQLBody(_ text: String) -> String {
        let source = HTTPFileSource(text)
        var query = text
        var variables: String?
        if let blank = source.lines.indices.first(where: { HTTPFileParser.isBlankLine(source.content($0)) }) {
            query = blank > 0 ? source.text(0..<source.lines[blank - 1].contentEnd) : ""
            let rest = HTTPFileParser.trimmed(source.text(source.lines[blank].end..<source.bytes.count))
            variables = rest.isEmpty ? nil : rest
        }
        return "{\"query\": " + JSONStringEncoder.quoted(query) + ", \"variables\": " + (variables ?? "{}") + "}"
    }

    /// What a directive hammock does not act on means, as the end of a note.
    static func note(for directive: HTTPFileDirective) -> String {
        let written = "“# @" + directive.name + (directive.value.isEmpty ? "" : " " + directive.value) + "”"
        switch directive.name {
        case "no-redirect":
            return written + " has no hammock equivalent per request (hammock follows redirects up to --max-redirects) "
                + "and was left out"
        case "no-cookie-jar":
            return written + " has no hammock equivalent per request (the cookie jar is the run's) and was left out"
        case "timeout", "connection-timeout":
            return written + " has no hammock equivalent per request (--timeout sets it for the run) and was left out"
        case "prompt":
            return written + " asks for a value when the request is sent; hammock does not ask: give the variable "
                + "a value in the environment"
        default:
            return "the directive " + written + " has no hammock equivalent and was left out"
        }
    }

    /// `text` on one line: line breaks as spaces, blank space around removed.
    static func oneLine(_ text: String) -> String {
        var line = ""
        line.unicodeScalars.append(contentsOf: text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
        return HTTPFileParser.trimmed(line)
    }

    /// Headers and body for a `.http` file from a definition (see ``init(name:definition:checks:)``).
    static func parts(of definition: RequestDefinition) -> ([HeaderField], HTTPFileBody?) {
        var headers = definition.headers
        guard let text = definition.body else { return (headers, nil) }
        func ensureContentType(_ value: String) {
            if mediaType(in: headers) == nil { headers.append(HeaderField(name: "Content-Type", value: value)) }
        }
        switch definition.bodyKind {
        case .file:
            let path = HTTPFileParser.trimmed(text)
            return (headers, path.isEmpty ? nil : .file(path: path, fillsVariables: false, encoding: nil))
        case .multipart:
            if let parts = try? MultipartPart.parts(inBody: text), !parts.isEmpty {
                let (body, boundary) = multipartText(parts)
                headers.removeAll { $0.name.lowercased() == "content-type" }
                headers.append(HeaderField(name: "Content-Type", value: "multipart/form-data; boundary=" + boundary))
                return (headers, .text(body))
            }
        case .json:
            ensureContentType("application/json")
        case .form:
            ensureContentType("application/x-www-form-urlencoded")
        case .text, nil:
            break
        }
        let body = withoutBlankEnds(text)
        return (headers, body.isEmpty ? nil : .text(body))
    }

    /// `text` without its leading and trailing blank lines (and the line break before the
    /// trailing ones).
    static func withoutBlankEnds(_ text: String) -> String {
        let source = HTTPFileSource(text)
        guard
            let first = source.lines.firstIndex(where: {
                !HTTPFileParser.isBlankLine(source.text($0.start..<$0.contentEnd))
            }),
            let last = source.lines.lastIndex(where: {
                !HTTPFileParser.isBlankLine(source.text($0.start..<$0.contentEnd))
            })
        else { return "" }
        return source.text(source.lines[first].start..<source.lines[last].contentEnd)
    }

    /// hammock's multipart parts as `multipart/form-data` text, and the boundary it uses.
    static func multipartText(_ parts: [MultipartPart]) -> (String, String) {
        let texts = parts.compactMap { part -> String? in
            if case .text(let value) = part.content { return value }
            return nil
        }
        var boundary = "hammock-boundary"
        var number = 1
        while texts.contains(where: { $0.contains(boundary) }) {
            number += 1
            boundary = "hammock-boundary-\(number)"
        }
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        var lines: [String] = []
        for part in parts {
            lines.append("--" + boundary)
            var disposition = "Content-Disposition: form-data; name=" + quoted(part.name)
            if let filename = part.sentFilename { disposition += "; filename=" + quoted(filename) }
            lines.append(disposition)
            if let type = part.sentContentType { lines.append("Content-Type: " + type) }
            lines.append("")
            switch part.content {
            case .text(let value): lines.append(value)
            case .file(let path), .fileContents(let path): lines.append("< " + path)
            }
        }
        lines.append("--" + boundary + "--")
        return (lines.joined(separator: "\n"), boundary)
    }

    /// `values` without one occurrence of each of `removed`, the last ones first (so that
    /// `removing(b, from: a + b) == a`).
    static func removing<Value: Equatable>(_ removed: [Value], from values: [Value]) -> [Value] {
        var values = values
        for value in removed.reversed() {
            if let index = values.lastIndex(of: value) { values.remove(at: index) }
        }
        return values
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
