import Foundation

/// Collects curl options in the order they come and turns them into a request as curl would
/// send it: the method curl would pick, curl's own headers (`-u`, `-A`, `-e`, `-b`,
/// `--compressed`, `-r`, `--json`) in the order curl writes them unless a `-H` header of the
/// same name replaces them, then the `-H` headers in order, then the body: data, a multipart form
/// (`-F`, `--form-string`) or a file (`--data-binary @file`, `-T file`). Every option read that
/// does not become part of the request leaves a note saying so (``notes``).
struct CurlRequestBuilder {
    private var method: String?
    private var head = false
    private var get = false
    private var urls: [String] = []
    private var queryParts: [String] = []
    private var data: String?
    private var json = false
    private var headers: [HeaderField] = []
    private var removedHeaders: Set<String> = []
    private var user: String?
    private var bearer: String?
    private var userAgent: String?
    private var referer: String?
    private var cookies: [String] = []
    private var compressed = false
    private var range: String?
    private var defaultScheme = "http"
    /// The parts of `-F` and `--form-string`, in order.
    private var formParts: [MultipartPart] = []
    /// The file of `--data-binary @file` (or `-d @file`, `--json @file`), with the option.
    private var dataFiles: [(path: String, option: String)] = []
    /// The file of `-T`.
    private var uploadFile: String?
    /// Options that only change what curl prints, as written, for one note.
    private var outputOptions: [String] = []
    private var otherNotes: [String] = []

    /// Sentences for the person who pasted the command about what was left out: first the
    /// options that only change what curl prints, together, then the others in the order met.
    var notes: [String] {
        let output =
            outputOptions.isEmpty
            ? [] : ["Left out, since they only change what curl prints: \(outputOptions.joined(separator: ", "))."]
        return output + otherNotes
    }

    /// What `--compressed` asks for: the encodings hammock's transport decodes.
    static let compressedEncodings = "gzip, deflate"

    /// Options that would change the request in a way hammock cannot reproduce, and why.
    private static let unsupported: [String: String] = [
        "config": "reads options from a file", "time-cond": "makes the request depend on a date or file",
        "request-target": "changes the request target", "digest": "uses Digest authentication",
        "ntlm": "uses NTLM authentication", "ntlm-wb": "uses NTLM authentication",
        "negotiate": "uses Negotiate authentication", "anyauth": "picks an authentication method by itself",
        "aws-sigv4": "signs the request with AWS Signature V4", "netrc": "reads credentials from a .netrc file",
        "netrc-file": "reads credentials from a .netrc file",
        "netrc-optional": "reads credentials from a .netrc file", "etag-compare": "reads an ETag from a file",
        "unix-socket": "connects through a Unix socket", "abstract-unix-socket": "connects through a Unix socket",
        "next": "starts a second request", "variable": "sets curl variables", "help": "shows curl's help",
        "manual": "shows curl's manual", "version": "shows curl's version",
    ]

    /// Options that only change what curl prints or how it reports, named together in one note.
    private static let outputOnly: Set<String> = [
        "silent", "show-error", "verbose", "include", "progress-bar", "no-progress-meter", "trace", "trace-ascii",
        "trace-time", "trace-ids", "trace-config", "write-out", "dump-header", "stderr", "styled-output", "fail",
        "fail-with-body", "fail-early", "no-buffer", "libcurl", "out-null", "suppress-connect-headers",
    ]

    /// Options read without effect on the request, each with the sentence that says what hammock
    /// does instead (`%@` stands for the option as written, with its value).
    private static let noted: [String: String] = {
        var notes: [String: String] = [
            "insecure": "%@ is left out: hammock checks TLS certificates unless it was started with --insecure.",
            "proxy":
                "%@ is left out: hammock uses the proxy it was started with (--proxy, or HTTPS_PROXY and friends).",
            "max-redirs": "%@ is left out: hammock follows up to 10 redirects (--max-redirects at start).",
            "max-time":
                "%@ is left out: hammock gives up when nothing arrives for 60 s (--timeout at start), not after a total time.",
            "connect-timeout": "%@ is left out: hammock waits up to 10 s to connect.",
            "globoff": "%@ is left out: hammock never expands {} or [] in a URL anyway.",
            "cookie-jar": "%@ is left out: hammock keeps cookies in its own jar (K lists it; --cookies FILE keeps it).",
        ]
        for name in ["location", "location-trusted", "follow"] {
            notes[name] =
                "%@ is left out: hammock follows redirects by itself (up to 10), and never carries credentials to another host."
        }
        for name in ["post301", "post302", "post303"] {
            notes[name] = "%@ is left out: hammock turns a POST into a GET after a 301, 302 or 303, as browsers do."
        }
        for name in ["output", "remote-name", "remote-name-all", "remote-header-name", "output-dir", "create-dirs"] {
            notes[name] = "%@ is left out: hammock shows the response, and S saves its body to a file."
        }
        for name in ["retry", "retry-delay", "retry-max-time", "retry-all-errors", "retry-connrefused"] {
            notes[name] = "%@ is left out: hammock sends a request once (r loads again, Ctrl-S sends a form again)."
        }
        for name in ["http0.9", "http1.0", "http1.1", "http2", "http2-prior-knowledge", "http3", "http3-only"] {
            notes[name] = "%@ is left out: hammock speaks HTTP/1.1, or HTTP/2 when an https server offers it."
        }
        for name in [
            "cert", "cert-type", "cacert", "capath", "key", "key-type", "pass", "pinnedpubkey", "ciphers",
            "tls13-ciphers", "tlsv1", "tlsv1.0", "tlsv1.1", "tlsv1.2", "tlsv1.3", "tls-max", "crlfile", "ca-native",
            "cert-status", "ssl-no-revoke", "ssl-revoke-best-effort", "ssl-reqd", "ssl",
        ] {
            notes[name] =
                "%@ is left out: hammock uses the TLS settings it was started with (--cacert, --cert, --key, --insecure)."
        }
        for name in [
            "noproxy", "proxy-user", "proxytunnel", "socks4", "socks4a", "socks5", "socks5-hostname", "preproxy",
        ] {
            notes[name] =
                "%@ is left out: hammock uses the proxy it was started with (--proxy, or HTTPS_PROXY and friends)."
        }
        for name in ["limit-rate", "speed-limit", "speed-time", "max-filesize"] {
            notes[name] = "%@ is left out: hammock does not limit speed or size per request (--max-body-size at start)."
        }
        for name in ["resolve", "connect-to", "interface", "local-port", "ipv4", "ipv6", "dns-servers", "doh-url"] {
            notes[name] = "%@ is left out: hammock connects to the host the URL names, through the system's resolver."
        }
        return notes
    }()

    /// Adds a URL given as a word of its own or with `--url`.
    mutating func addURL(_ url: String) {
        urls.append(url)
        if url.hasPrefix("/"), !url.hasPrefix("//") {
            addNote("\(url) names no host: it is read against the service's base URL.")
        }
    }

    /// Adds a note for the person who pasted the command.
    mutating func addNote(_ note: String) {
        if !otherNotes.contains(note) { otherNotes.append(note) }
    }

    /// Applies one option. `spelled` is the option as written (`-d`, `--data`), for messages;
    /// `negated` is true for `--no-…` forms of options without a value.
    mutating func apply(
        _ option: CurlOption, spelled: String, argument: String?, negated: Bool = false
    ) throws(CurlParseError) {
        let value = argument ?? ""
        switch option.long {
        case "request": method = value.isEmpty ? nil : value
        case "head": head = !negated
        case "get": get = !negated
        case "url": urls.append(value)
        case "header": try addHeader(value, spelled: spelled)
        case "data", "data-ascii", "data-binary":
            if value.hasPrefix("@") {
                try addDataFile(
                    String(value.dropFirst()), spelled: spelled, keepsLineBreaks: option.long == "data-binary")
            } else {
                appendData(value, fromJSON: false)
            }
        case "data-raw": appendData(value, fromJSON: false)
        case "data-urlencode": appendData(try CurlURLEncoding.dataValue(value, option: spelled), fromJSON: false)
        case "json":
            if value.hasPrefix("@") {
                try addDataFile(String(value.dropFirst()), spelled: spelled, keepsLineBreaks: true)
            } else {
                appendData(value, fromJSON: true)
            }
            json = true
        case "form", "form-string": try addFormPart(value, spelled: spelled, literal: option.long == "form-string")
        case "upload-file":
            guard value != "-", value != "." else {
                throw CurlParseError(
                    "\(spelled) \(value) reads standard input, which hammock cannot do; name a file instead.")
            }
            guard !value.isEmpty else { throw .missingArgument(spelled) }
            uploadFile = value
        case "url-query": queryParts.append(try CurlURLEncoding.queryValue(value, option: spelled))
        case "user": user = value
        case "oauth2-bearer": bearer = value
        case "cookie": try addCookie(value, spelled: spelled)
        case "user-agent": userAgent = value
        case "referer": referer = value.hasSuffix(";auto") ? String(value.dropLast(5)) : value
        case "compressed": compressed = !negated
        case "range": range = value
        case "proto-default": defaultScheme = value
        default:
            if let reason = Self.unsupported[option.long] { throw .unsupported(spelled, reason) }
            let written = argument.map { "\(spelled) \($0)" } ?? spelled
            if Self.outputOnly.contains(option.long) {
                if !outputOptions.contains(spelled) { outputOptions.append(spelled) }
            } else if let note = Self.noted[option.long] {
                addNote(note.replacingOccurrences(of: "%@", with: written))
            } else {
                addNote("\(written) is left out: it does not change the request hammock sends.")
            }
        }
    }

    /// `--data-binary @file` and the like: the file is the body, read when the request is sent.
    private mutating func addDataFile(_ path: String, spelled: String, keepsLineBreaks: Bool) throws(CurlParseError) {
        guard path != "-" else {
            throw CurlParseError("\(spelled) @- reads standard input, which hammock cannot do; name a file instead.")
        }
        guard !path.isEmpty else { throw CurlParseError("\(spelled) @ names no file.") }
        if !keepsLineBreaks {
            addNote(
                "\(spelled) @\(path): curl drops the file's line breaks; hammock sends the file as it is "
                    + "(as --data-binary @\(path) does).")
        }
        dataFiles.append((path, spelled))
    }

    /// `-F` and `--form-string`: one part of a multipart body.
    private mutating func addFormPart(_ value: String, spelled: String, literal: Bool) throws(CurlParseError) {
        let part: MultipartPart
        do {
            part = try MultipartPart(spec: value, literal: literal)
        } catch {
            throw CurlParseError("\(spelled): \(error.message)")
        }
        if value.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
            throw CurlParseError(
                "\(spelled): the part “\(part.name)” spans several lines, and a multipart body in hammock holds "
                    + "one part a line; read the value from a file instead (\(part.name)=<file).")
        }
        formParts.append(part)
    }

    private mutating func addHeader(_ text: String, spelled: String) throws(CurlParseError) {
        if text.hasPrefix("@") { throw .readsFile(spelled, text, pasteInstead: "the headers") }
        let blanks: Set<Character> = [" ", "\t"]
        if let colon = text.firstIndex(of: ":") {
            let name = text[..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw CurlParseError("The header “\(text)” has no name.") }
            let value = text[text.index(after: colon)...].drop { blanks.contains($0) }
            if value.isEmpty {
                removedHeaders.insert(name.lowercased())
                addNote("-H '\(name):' only stops curl from adding its own \(name) header, so it is left out.")
                return
            }
            headers.append(HeaderField(name: name, value: String(value)))
        } else if let semicolon = text.firstIndex(of: ";"),
            text[text.index(after: semicolon)...].allSatisfy({ blanks.contains($0) })
        {
            let name = text[..<semicolon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw CurlParseError("The header “\(text)” has no name.") }
            headers.append(HeaderField(name: name, value: ""))
        } else {
            throw CurlParseError("The header “\(text)” has no colon; write it as “Name: value”.")
        }
    }

    private mutating func addCookie(_ value: String, spelled: String) throws(CurlParseError) {
        if value.contains("=") {
            cookies.append(value)
        } else if value.isEmpty {
            addNote("\(spelled) '' only turns on curl's cookie engine, so it is left out.")
        } else {
            throw CurlParseError(
                "\(spelled) \(value) names a cookie file, which hammock does not read; "
                    + "paste the cookies as name=value instead.")
        }
    }

    /// curl joins repeated data with `&`, except that `--json` data is appended as it is.
    private mutating func appendData(_ piece: String, fromJSON: Bool) {
        if let existing = data {
            data = fromJSON ? existing + piece : existing + "&" + piece
        } else {
            data = piece
        }
    }

    /// The request the options describe.
    func build() throws(CurlParseError) -> RequestDefinition {
        guard let first = urls.first else { throw .missingURL }
        guard urls.count == 1 else {
            throw CurlParseError(
                "The command has more than one URL (\(first) and \(urls[1])); paste one request at a time.")
        }
        try checkBodies()
        if head, data != nil || !dataFiles.isEmpty, !get {
            throw CurlParseError(
                "-I (a HEAD request) cannot send data; drop -I, or add -G to put the data in the URL.")
        }
        // Looked for in the scalars: a combining mark after "://" would hide it from Characters.
        var url: String
        if first.unicodeScalars.firstRange(of: "://".unicodeScalars) != nil {
            url = first
        } else if first.hasPrefix("/"), !first.hasPrefix("//") {
            // A path with no host (pasted from API docs): read against the service, as g reads it.
            url = first
        } else {
            url = defaultScheme + "://" + first
        }
        for part in queryParts { url = Self.appendingQuery(part, to: url) }
        if let uploadFile { url = Self.appendingFileName(of: uploadFile, to: url) }
        var body = data
        var kind: RequestBodyKind?
        if get, let data {
            if !data.isEmpty { url = Self.appendingQuery(data, to: url) }
            body = nil
        }
        if !formParts.isEmpty {
            body = formParts.map(\.spec).joined(separator: "\n")
            kind = .multipart
        } else if let file = dataFiles.first?.path ?? uploadFile {
            body = file
            kind = .file
        }
        let defaultMethod = uploadFile != nil ? "PUT" : body != nil ? "POST" : "GET"
        let chosenMethod = method?.uppercased() ?? (head ? "HEAD" : get ? "GET" : defaultMethod)
        var allHeaders = try requestHeaders()
        if kind == .file, uploadFile == nil, !json, !removedHeaders.contains("content-type"),
            !allHeaders.contains(where: { $0.name.lowercased() == "content-type" })
        {
            // curl labels a --data-binary file as a form, like any data.
            allHeaders.append(HeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded"))
        }
        return RequestDefinition(
            method: chosenMethod, url: url, headers: allHeaders, body: body,
            bodyKind: body == nil ? nil : kind ?? bodyKind(for: allHeaders))
    }

    /// Refuses bodies curl would refuse together, and those hammock cannot join.
    private func checkBodies() throws(CurlParseError) {
        if !formParts.isEmpty, data != nil || !dataFiles.isEmpty || uploadFile != nil {
            throw CurlParseError("-F cannot be mixed with -d or -T: curl refuses that too; keep one kind of body.")
        }
        if uploadFile != nil, data != nil || !dataFiles.isEmpty {
            throw CurlParseError("-T cannot be mixed with -d: curl refuses that too; keep one kind of body.")
        }
        if let file = dataFiles.first, data != nil || dataFiles.count > 1 {
            throw CurlParseError(
                "\(file.option) @\(file.path) sends a file, which hammock sends alone; it cannot join it with other data."
            )
        }
        if get, !formParts.isEmpty || uploadFile != nil || !dataFiles.isEmpty {
            throw CurlParseError("-G puts data in the URL, which it cannot do with a file or a multipart form.")
        }
        if head, !formParts.isEmpty || uploadFile != nil {
            throw CurlParseError("-I (a HEAD request) cannot send a body; drop -I.")
        }
    }

    /// `url` with the file's name appended when it names no file of its own (it ends in `/`, or
    /// has no path), as curl does for `-T`.
    static func appendingFileName(of path: String, to url: String) -> String {
        let name = MultipartPart.lastComponent(of: path)
        guard !name.isEmpty else { return url }
        let encoded =
            name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", "?", "#"])) ?? name
        let afterScheme = url.range(of: "://").map { $0.upperBound } ?? url.startIndex
        let pathEnd = url[afterScheme...].firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        guard let slash = url[afterScheme..<pathEnd].firstIndex(of: "/") else {
            return url[..<pathEnd] + "/" + encoded + url[pathEnd...]
        }
        guard url[slash..<pathEnd].hasSuffix("/") else { return url }
        return url[..<pathEnd] + encoded + url[pathEnd...]
    }

    private func requestHeaders() throws(CurlParseError) -> [HeaderField] {
        var generated: [HeaderField] = []
        if let bearer {
            generated.append(HeaderField(name: "Authorization", value: "Bearer " + bearer))
        } else if let user {
            guard user.contains(":") else {
                throw CurlParseError(
                    "-u \(user) has no password, so curl would ask for one; write it as user:password.")
            }
            generated.append(
                HeaderField(name: "Authorization", value: "Basic " + Data(user.utf8).base64EncodedString()))
        }
        if let range { generated.append(HeaderField(name: "Range", value: "bytes=" + range)) }
        if let userAgent, !userAgent.isEmpty { generated.append(HeaderField(name: "User-Agent", value: userAgent)) }
        if compressed { generated.append(HeaderField(name: "Accept-Encoding", value: Self.compressedEncodings)) }
        if let referer, !referer.isEmpty { generated.append(HeaderField(name: "Referer", value: referer)) }
        if !cookies.isEmpty { generated.append(HeaderField(name: "Cookie", value: cookies.joined(separator: ";"))) }
        let written = Set(headers.map { $0.name.lowercased() }).union(removedHeaders)
        var result = generated.filter { !written.contains($0.name.lowercased()) } + headers
        if json {
            for name in ["Content-Type", "Accept"] where !written.contains(name.lowercased()) {
                result.append(HeaderField(name: name, value: "application/json"))
            }
        }
        return result
    }

    private func bodyKind(for headers: [HeaderField]) -> RequestBodyKind? {
        guard let contentType = headers.first(where: { $0.name.lowercased() == "content-type" }) else {
            // curl labels data without a Content-Type of its own as a form.
            return removedHeaders.contains("content-type") ? nil : .form
        }
        return Self.bodyKind(forContentType: contentType.value)
    }

    /// `json` for any JSON media type (`application/json`, `application/problem+json`, …),
    /// `form` for `application/x-www-form-urlencoded`, `text` for anything else.
    static func bodyKind(forContentType value: String) -> RequestBodyKind {
        let mediaType = value.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let lower = mediaType.lowercased()
        if lower == "application/json" || lower.hasSuffix("+json") || lower.hasSuffix("/json") { return .json }
        if lower == "application/x-www-form-urlencoded" { return .form }
        return .text
    }

    /// `url` with `part` added to its query (before any `#fragment`).
    static func appendingQuery(_ part: String, to url: String) -> String {
        let fragmentStart = url.firstIndex(of: "#") ?? url.endIndex
        let base = url[..<fragmentStart]
        let separator = base.contains("?") ? "&" : "?"
        return base + separator + part + url[fragmentStart...]
    }
}
